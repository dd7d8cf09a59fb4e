import type { OpenAPI3 } from "openapi-typescript";
import type { JsonSchema } from "../../contract/contract-types.ts";
import { KNOWN_FORMATS } from "../../contract/formats.ts";
import { componentSchemaName, componentSchemaRef } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";
import { extensionValue, fixedValue, inheritance, ownValues, type Family, type Scalar } from "./discriminators.ts";
import { deref } from "../manifest/operations.ts";
import { malformedKeyword, ONE_SCHEMA, SCHEMA_LISTS } from "./schema-keywords.ts";
import { SCHEMA_MAPS } from "../../contract/schema-keys.ts";

/** OpenAPI-only keywords with no meaning to a JSON Schema validator or generator. */
const DROPPED = new Set(["xml", "externalDocs", "nullable", "discriminator", "example"]);

type SchemaObject = Record<string, unknown>;

export class Converter {
  // No prototype: `__proto__` or `constructor` is a schema name like any other.
  readonly components: Record<string, JsonSchema> = Object.create(null) as Record<string, JsonSchema>;
  private readonly hoisted = new Map<string, string>();
  private readonly legacy: boolean;
  private readonly document: OpenAPI3;
  /** Discriminated bases of the inheritance form (children `allOf` them) → the name of their plain copy. */
  private readonly bases = new Map<string, string>();

  constructor(document: OpenAPI3) {
    this.document = document;
    this.legacy = document.openapi.startsWith("3.0");
    // Names first, so a reference to any component resolves while they are converted.
    const schemas = document.components?.schemas ?? {};
    for (const name of Object.keys(schemas)) this.components[name] = true;
    const families = inheritance(document, this.legacy);
    for (const name of families.keys()) {
      let plain = `${name}_base`;
      for (let n = 2; Object.hasOwn(schemas, plain); n++) plain = `${name}_base_${n}`;
      this.bases.set(name, plain);
      this.components[plain] = true;
    }
    for (const [name, schema] of Object.entries(schemas)) this.components[name] = this.schema(schema);
    for (const [name, family] of families) this.polymorphic(name, family);
  }

  /** The inheritance form: the base becomes a `oneOf` of its children, which extend its plain copy (no self-containing `oneOf`). */
  private polymorphic(name: string, family: Family): void {
    const plain = this.bases.get(name) ?? name;
    this.components[plain] = this.schema({ ...this.document.components?.schemas?.[name], discriminator: undefined });
    this.components[name] = {
      oneOf: family.members.map(({ component, values }) => ({
        allOf: [
          { $ref: componentSchemaRef(component === name ? plain : component) },
          {
            type: "object",
            properties: { [family.property]: values.length === 1 ? { const: values[0] } : { enum: values } },
            required: [family.property],
          },
        ],
      })),
    };
  }

  schema(input: unknown): JsonSchema {
    if (typeof input === "boolean") return input;
    if (!isRecord(input)) return {};
    if (typeof input.$ref === "string") {
      const ref = this.ref(input.$ref);
      // OpenAPI 3.0 ignores a reference's siblings; 3.1 applies them beside it.
      if (this.legacy) return { $ref: ref };
      const siblings = this.convertKeywords({ ...input, $ref: undefined });
      return Object.keys(siblings).length === 0 ? { $ref: ref } : { ...siblings, $ref: ref };
    }
    const output = this.convertKeywords(input);
    // 3.1 dropped `nullable`, but documents relabelled from 3.0 still use it: honoured in both versions.
    return input.nullable === true ? nullable(output) : output;
  }

  private convertKeywords(input: SchemaObject): SchemaObject {
    const output: SchemaObject = Object.create(null) as SchemaObject;
    for (const [keyword, value] of Object.entries(input)) {
      if (value === undefined || DROPPED.has(keyword) || keyword.startsWith("x-")) continue;
      // A value no validator can use (`pattern: 10`) is left out; `npm run api` says where.
      if (malformedKeyword(keyword, value, input) !== undefined) continue;
      if (ONE_SCHEMA.has(keyword)) output[keyword] = this.schema(value);
      else if (keyword === "allOf" && Array.isArray(value))
        // A child extends its base's plain copy: the base itself now stands for "one of the children".
        output[keyword] = value.map((item) => {
          const base = isRecord(item) && typeof item.$ref === "string" ? componentSchemaName(item.$ref) : undefined;
          const plain = base === undefined ? undefined : this.bases.get(base);
          return plain === undefined ? this.schema(item) : { $ref: componentSchemaRef(plain) };
        });
      else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value))
        output[keyword] = value.map((item) => this.schema(item));
      else if (SCHEMA_MAPS.has(keyword) && isRecord(value))
        output[keyword] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.schema(item)]));
      else if (keyword === "format" && typeof value === "string" && !KNOWN_FORMATS.has(value))
        output["x-format"] = value;
      else output[keyword] = value;
    }
    if ("example" in input && !("examples" in input)) output.examples = [input.example];
    // 3.0's boolean form, also found in documents relabelled 3.1 (a 3.1 bound is a number).
    exclusiveBounds(input, output);
    if (isRecord(input.discriminator)) this.discriminate(input, output);
    return output;
  }

  /** A reference as `#/components/schemas/<name>`: a schema anywhere else is hoisted under a name from its pointer. */
  private ref(pointer: string): string {
    if (componentSchemaName(pointer) !== undefined) return pointer;
    let name = this.hoisted.get(pointer);
    if (name === undefined) {
      const base = `ref_${pointer.replace(/^#\//, "").replace(/[^A-Za-z0-9_.-]+/g, "_")}`;
      name = base;
      for (let n = 2; Object.hasOwn(this.components, name); n++) name = `${base}_${n}`;
      this.hoisted.set(pointer, name);
      this.components[name] = true; // reserved, so a cycle back here terminates
      this.components[name] = this.schema(deref(this.document, { $ref: pointer }));
    }
    return componentSchemaRef(name);
  }

  /** Makes each `$ref` branch of a discriminated `oneOf`/`anyOf` require its value (mapping, extension, fixed, else name). */
  private discriminate(input: SchemaObject, output: SchemaObject): void {
    const discriminator = input.discriminator as SchemaObject;
    const property = discriminator.propertyName;
    if (typeof property !== "string") return;
    const mapping = isRecord(discriminator.mapping) ? (discriminator.mapping as Record<string, string>) : {};
    for (const keyword of ["oneOf", "anyOf"]) {
      const branches = output[keyword];
      const raw = input[keyword];
      if (!Array.isArray(branches) || !Array.isArray(raw)) continue;
      output[keyword] = branches.map((branch: JsonSchema, index) => {
        const ref = isRecord(branch) && typeof branch.$ref === "string" ? branch.$ref : undefined;
        if (ref === undefined) return branch;
        // Explicit mapping values may be full references or bare schema names.
        const values: Scalar[] = Object.entries(mapping)
          .filter(([, target]) => target === ref || componentSchemaRef(target) === ref)
          .map(([value]) => value);
        if (values.length === 0) {
          const name = componentSchemaName(ref);
          const fixed =
            extensionValue(this.document, raw[index]) ?? fixedValue(this.document, raw[index], property, this.legacy);
          const allowed = fixed === undefined ? ownValues(this.document, raw[index], property, this.legacy) : undefined;
          // Values of its own that leave its name out: requiring the name would make the branch unsatisfiable.
          if (fixed === undefined && allowed !== undefined && (name === undefined || !allowed.has(name))) return branch;
          const implicit = fixed ?? name;
          if (implicit !== undefined) values.push(implicit);
        }
        if (values.length === 0) return branch;
        const constraint = values.length === 1 ? { const: values[0] } : { enum: values };
        return { allOf: [branch, { type: "object", properties: { [property]: constraint }, required: [property] }] };
      });
    }
  }
}

/** OpenAPI 3.0's `nullable: true`, in JSON Schema: null is one more allowed type (or value). */
function nullable(schema: SchemaObject): SchemaObject {
  // No type to widen, and a composition null does not pass: null or the schema.
  const composed = ["oneOf", "anyOf", "allOf", "$ref", "not"].some((keyword) => keyword in schema);
  if (schema.type === undefined && composed) return { anyOf: [schema, { type: "null" }] };
  const output = { ...schema };
  if (Array.isArray(output.enum) && !output.enum.includes(null)) output.enum = [...(output.enum as unknown[]), null];
  if (typeof output.type === "string") return { ...output, type: [output.type, "null"] };
  if (Array.isArray(output.type)) {
    const list = output.type as unknown[];
    return list.includes("null") ? output : { ...output, type: [...list, "null"] };
  }
  if (Array.isArray(output.enum)) return output;
  // No type to widen (a composition, say): null or the schema.
  return { anyOf: [output, { type: "null" }] };
}

/** OpenAPI 3.0 (JSON Schema draft 4) writes exclusive bounds as booleans beside minimum/maximum. */
function exclusiveBounds(input: SchemaObject, output: SchemaObject): void {
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof input[exclusive] !== "boolean") continue;
    delete output[exclusive];
    if (input[exclusive] === true && typeof input[bound] === "number") {
      output[exclusive] = input[bound];
      delete output[bound];
    }
  }
}
