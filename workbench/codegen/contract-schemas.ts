import type {
  MediaTypeObject,
  OpenAPI3,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
} from "openapi-typescript";
import {
  JSON_SCHEMA_DIALECT,
  type ContractMediaType,
  type ContractOperation,
  type ContractParameter,
  type ContractSchemas,
  type JsonSchema,
} from "../contract/contract-types.ts";
import { deref, operationKey, operationsOf } from "./manifest.ts";
import { KNOWN_FORMATS } from "../contract/formats.ts";

export type { ContractSchemas } from "../contract/contract-types.ts";

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];
/** OpenAPI-only keywords with no meaning to a JSON Schema validator or generator. */
const DROPPED = new Set(["xml", "externalDocs", "nullable", "discriminator", "example"]);

type SchemaObject = Record<string, unknown>;

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Converts the schemas of one bundled document to JSON Schema 2020-12. OpenAPI 3.1's
 * schemas are JSON Schema already; 3.0's differ in a few keywords, converted here:
 * `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, `example`, and `$ref`
 * siblings (ignored in 3.0). In both versions a `discriminator` becomes what it means:
 * each branch of its `oneOf`/`anyOf` requires its own discriminator value.
 */
class Converter {
  // Keyed by schema names from the contract: no prototype, so `__proto__` or
  // `constructor` is a name like any other.
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

  /**
   * OpenAPI's inheritance form of a discriminator: the base declares it, each child is
   * `allOf: [base, …]`, and a reference to the base means "one of the children, as the
   * discriminator value says". The base becomes that `oneOf`; the children extend a
   * plain copy of the base (without the discriminator, or the `oneOf` would contain itself).
   */
  private polymorphic(name: string, family: Family): void {
    const plain = this.bases.get(name) ?? name;
    const { discriminator, ...rest } = (this.document.components?.schemas?.[name] ?? {}) as SchemaObject;
    void discriminator;
    this.components[plain] = this.schema(rest);
    this.components[name] = {
      oneOf: family.members.map(({ component, values }) => ({
        allOf: [
          { $ref: `#/components/schemas/${component === name ? plain : component}` },
          {
            type: "object",
            properties: { [family.property]: values.length === 1 ? { const: values[0] } : { enum: values } },
            required: [family.property],
          },
        ],
      })),
    };
  }

  /** Converts one schema (and everything under it). */
  schema(input: unknown): JsonSchema {
    if (typeof input === "boolean") return input;
    if (!isObject(input)) return {};
    if (typeof input.$ref === "string") {
      const ref = this.ref(input.$ref);
      // OpenAPI 3.0 ignores a reference's siblings; 3.1 applies them beside it.
      if (this.legacy) return { $ref: ref };
      const siblings = this.convertKeywords({ ...input, $ref: undefined });
      return Object.keys(siblings).length === 0 ? { $ref: ref } : { ...siblings, $ref: ref };
    }
    const output = this.convertKeywords(input);
    // 3.1 dropped `nullable`, but documents written for 3.0 and relabelled (OpenAI's)
    // still use it: honoured as its authors meant it, in both versions.
    return input.nullable === true ? nullable(output) : output;
  }

  private convertKeywords(input: SchemaObject): SchemaObject {
    const output: SchemaObject = Object.create(null) as SchemaObject;
    for (const [keyword, value] of Object.entries(input)) {
      if (value === undefined || DROPPED.has(keyword) || keyword.startsWith("x-")) continue;
      if (SCHEMA_KEYWORDS.includes(keyword)) output[keyword] = this.schema(value);
      else if (keyword === "allOf" && Array.isArray(value))
        // A child extends its base's plain copy: the base itself now stands for "one of the children".
        output[keyword] = value.map((item) => {
          const base = isObject(item) && typeof item.$ref === "string" ? COMPONENT_REF.exec(item.$ref)?.[1] : undefined;
          const plain = base === undefined ? undefined : this.bases.get(base);
          return plain === undefined ? this.schema(item) : { $ref: `#/components/schemas/${plain}` };
        });
      else if (SCHEMA_LIST_KEYWORDS.includes(keyword) && Array.isArray(value))
        output[keyword] = value.map((item) => this.schema(item));
      else if (SCHEMA_MAP_KEYWORDS.includes(keyword) && isObject(value))
        output[keyword] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.schema(item)]));
      else if (keyword === "format" && typeof value === "string" && !KNOWN_FORMATS.has(value))
        output["x-format"] = value;
      else output[keyword] = value;
    }
    if ("example" in input && !("examples" in input)) output.examples = [input.example];
    // 3.0's boolean form, also found in documents relabelled 3.1 (a 3.1 bound is a number).
    exclusiveBounds(input, output);
    if (isObject(input.discriminator)) this.discriminate(input, output);
    return output;
  }

  /**
   * Rewrites a reference to point at `#/components/schemas/<name>`: a reference to a
   * schema anywhere else in the document (under `paths`, a parameter, …) is hoisted
   * into the components under a name derived from its pointer.
   */
  private ref(pointer: string): string {
    if (COMPONENT_REF.test(pointer)) return pointer;
    let name = this.hoisted.get(pointer);
    if (name === undefined) {
      const base = `ref_${pointer.replace(/^#\//, "").replace(/[^A-Za-z0-9_.-]+/g, "_")}`;
      name = base;
      for (let n = 2; Object.hasOwn(this.components, name); n++) name = `${base}_${n}`;
      this.hoisted.set(pointer, name);
      this.components[name] = true; // reserved, so a cycle back here terminates
      this.components[name] = this.schema(deref(this.document, { $ref: pointer }));
    }
    return `#/components/schemas/${name}`;
  }

  /**
   * Makes each `$ref` branch of a discriminated `oneOf`/`anyOf` require its value: the
   * mapping's, else the one its own schema fixes (see `fixedValue`), else its name.
   */
  private discriminate(input: SchemaObject, output: SchemaObject): void {
    const discriminator = input.discriminator as SchemaObject;
    const property = discriminator.propertyName;
    if (typeof property !== "string") return;
    const mapping = isObject(discriminator.mapping) ? (discriminator.mapping as Record<string, string>) : {};
    for (const keyword of ["oneOf", "anyOf"]) {
      const branches = output[keyword];
      const raw = input[keyword];
      if (!Array.isArray(branches) || !Array.isArray(raw)) continue;
      output[keyword] = branches.map((branch: JsonSchema, index) => {
        const ref = isObject(branch) && typeof branch.$ref === "string" ? branch.$ref : undefined;
        if (ref === undefined) return branch;
        // Explicit mapping values may be full references or bare schema names.
        const values: Scalar[] = Object.entries(mapping)
          .filter(([, target]) => target === ref || `#/components/schemas/${target}` === ref)
          .map(([value]) => value);
        if (values.length === 0) {
          const name = COMPONENT_REF.exec(ref)?.[1];
          const fixed = fixedValue(this.document, raw[index], property, this.legacy);
          const own = fixed === undefined ? ownValues(this.document, raw[index], property, this.legacy) : undefined;
          // Values of its own that leave its name out (OpenAI's `Item`, a union whose members
          // each fix their own `type`): requiring the name would make the branch unsatisfiable,
          // so the branch's own values select it.
          if (fixed === undefined && own !== undefined && (name === undefined || !own.has(name))) return branch;
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

/** A discriminator value: a string by the specification, but a contract's `const` may be any scalar. */
type Scalar = string | number | boolean;

interface Family {
  property: string;
  /** Each concrete schema and the discriminator values that select it. */
  members: Array<{ component: string; values: Scalar[] }>;
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/**
 * The discriminator value a branch fixes for itself when the mapping does not name it:
 * its property's `const`, or an `enum` of one value, on the branch or reached through
 * `allOf` and `$ref`. OpenAPI's tools take that value rather than the schema name
 * (OpenAI's stream events say `type: { enum: [speech.audio.delta] }` and map nothing):
 * requiring the name would contradict the branch, and no value could satisfy both.
 *
 * @example
 * fixedValue(document, { $ref: "#/components/schemas/Delta" }, "type", false); // "speech.audio.delta"
 */
function fixedValue(document: OpenAPI3, schema: unknown, property: string, legacy: boolean): Scalar | undefined {
  const seen = new Set<unknown>();
  const search = (node: unknown): Scalar | undefined => {
    if (!isObject(node) || seen.has(node)) return undefined;
    seen.add(node);
    const reference = typeof node.$ref === "string" ? node.$ref : undefined;
    // OpenAPI 3.0 ignores a reference's siblings; 3.1 applies them.
    if (reference === undefined || !legacy) {
      const properties = isObject(node.properties) ? node.properties : {};
      const own = Object.hasOwn(properties, property) ? singleValue(document, properties[property]) : undefined;
      if (own !== undefined) return own;
      for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) {
        const found = search(part);
        if (found !== undefined) return found;
      }
    }
    return reference === undefined ? undefined : search(deref(document, { $ref: reference }));
  };
  return search(schema);
}

/** Values a schema allows: a finite set, or `undefined` for "any" (no `const` or `enum` bounds it). */
type Values = Set<unknown> | undefined;

function intersect(a: Values, b: Values): Values {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return new Set([...a].filter((value) => b.has(value)));
}

/** A union's values: every member must be bounded, or the union is not. */
function unite(sets: Values[]): Values {
  if (sets.some((set) => set === undefined)) return undefined;
  return new Set(sets.flatMap((set) => [...(set ?? [])]));
}

/**
 * The values a branch allows for the discriminator property, through `allOf` (all
 * parts), `oneOf`/`anyOf` (any member) and `$ref`: OpenAI's `Item` is a union whose
 * members each fix their own `type`, its `ItemReferenceParam` allows `item_reference`
 * or null. `undefined` when the branch leaves the property open somewhere.
 *
 * @example
 * ownValues(document, { $ref: "#/components/schemas/Item" }, "type", false); // Set { "message", "function_call", … }
 */
function ownValues(document: OpenAPI3, schema: unknown, property: string, legacy: boolean): Values {
  // Schemas on the current path only: a schema reached twice by different ways counts twice, a cycle is open.
  const visiting = new Set<unknown>();
  const guarded = (search: (node: Record<string, unknown>) => Values) => (node: unknown) => {
    if (!isObject(node) || visiting.has(node)) return undefined;
    visiting.add(node);
    try {
      return search(node);
    } finally {
      visiting.delete(node);
    }
  };
  const combined = (node: Record<string, unknown>, own: Values, of: (part: unknown) => Values): Values => {
    let values = own;
    for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) values = intersect(values, of(part));
    for (const keyword of ["oneOf", "anyOf"]) {
      const members = node[keyword];
      if (Array.isArray(members) && members.length > 0) values = intersect(values, unite(members.map(of)));
    }
    return values;
  };
  const valuesOf: (node: unknown) => Values = guarded((node) => {
    let own: Values =
      "const" in node ? new Set([node.const]) : Array.isArray(node.enum) ? new Set(node.enum) : undefined;
    if (node.type === "null") own = intersect(own, new Set([null]));
    const values = combined(node, own, valuesOf);
    return typeof node.$ref === "string" ? intersect(values, valuesOf(deref(document, { $ref: node.$ref }))) : values;
  });
  const branchValues: (node: unknown) => Values = guarded((node) => {
    const reference = typeof node.$ref === "string" ? node.$ref : undefined;
    let values: Values;
    // OpenAPI 3.0 ignores a reference's siblings; 3.1 applies them.
    if (reference === undefined || !legacy) {
      const properties = isObject(node.properties) ? node.properties : {};
      const own = Object.hasOwn(properties, property) ? valuesOf(properties[property]) : undefined;
      values = combined(node, own, branchValues);
    }
    return reference === undefined ? values : intersect(values, branchValues(deref(document, { $ref: reference })));
  });
  return branchValues(schema);
}

/** The one value a property's schema allows (`const`, or a one-value `enum`), through `allOf` and `$ref`. */
function singleValue(document: OpenAPI3, schema: unknown): Scalar | undefined {
  const seen = new Set<unknown>();
  const search = (node: unknown): Scalar | undefined => {
    if (!isObject(node) || seen.has(node)) return undefined;
    seen.add(node);
    if (isScalar(node.const)) return node.const;
    if (Array.isArray(node.enum) && node.enum.length === 1 && isScalar(node.enum[0])) return node.enum[0];
    for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) {
      const found = search(part);
      if (found !== undefined) return found;
    }
    return typeof node.$ref === "string" ? search(deref(document, { $ref: node.$ref })) : undefined;
  };
  return search(schema);
}

/**
 * The discriminated bases of the inheritance form (a `discriminator` without `oneOf` or
 * `anyOf`), with their children: the mapping's targets, and the components that `allOf`
 * the base (selected, when the mapping does not name them, by the value they fix for
 * the property, else by their own name).
 */
function inheritance(document: OpenAPI3, legacy: boolean): Map<string, Family> {
  const schemas: Record<string, unknown> = document.components?.schemas ?? {};
  const families = new Map<string, Family>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.discriminator) || schema.oneOf || schema.anyOf) continue;
    const property = schema.discriminator.propertyName;
    if (typeof property !== "string") continue;
    const mapping = isObject(schema.discriminator.mapping)
      ? (schema.discriminator.mapping as Record<string, string>)
      : {};
    const values = new Map<string, Scalar[]>();
    for (const [value, target] of Object.entries(mapping)) {
      const component = COMPONENT_REF.exec(target)?.[1] ?? (Object.hasOwn(schemas, target) ? target : undefined);
      if (component !== undefined) values.set(component, [...(values.get(component) ?? []), value]);
    }
    for (const [child, candidate] of Object.entries(schemas)) {
      const parents = isObject(candidate) && Array.isArray(candidate.allOf) ? candidate.allOf : [];
      const extendsBase = parents.some((item) => isObject(item) && item.$ref === `#/components/schemas/${name}`);
      if (extendsBase && !values.has(child))
        values.set(child, [fixedValue(document, candidate, property, legacy) ?? child]);
    }
    const members = [...values].map(([component, keys]) => ({ component, values: keys }));
    if (members.length > 0) families.set(name, { property, members });
  }
  return families;
}

/** OpenAPI 3.0's `nullable: true`, in JSON Schema: null is one more allowed type (or value). */
function nullable(schema: SchemaObject): SchemaObject {
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

function exampleValues(document: OpenAPI3, media: MediaTypeObject): unknown[] {
  const values: unknown[] = [];
  if ("example" in media && media.example !== undefined) values.push(media.example);
  for (const raw of Object.values(media.examples ?? {})) {
    const example = deref(document, raw);
    // `externalValue` names a file elsewhere: nothing to serve without fetching it.
    if (example && "value" in example && example.value !== undefined) values.push(example.value);
  }
  return values;
}

function content(
  converter: Converter,
  document: OpenAPI3,
  media: Record<string, MediaTypeObject> | undefined,
): Record<string, ContractMediaType> {
  return Object.fromEntries(
    Object.entries(media ?? {}).map(([type, object]) => [
      type,
      {
        ...(object.schema === undefined ? {} : { schema: converter.schema(object.schema) }),
        examples: exampleValues(document, object),
      },
    ]),
  );
}

function parameters(
  converter: Converter,
  document: OpenAPI3,
  list: Array<ParameterObject | ReferenceObject>,
): ContractParameter[] {
  return list
    .map((raw) => deref(document, raw))
    .filter((parameter): parameter is ParameterObject => parameter !== undefined)
    .map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required ?? parameter.in === "path",
      ...(parameter.schema === undefined ? {} : { schema: converter.schema(parameter.schema) }),
      ...(parameter.style === undefined ? {} : { style: parameter.style }),
      ...(parameter.explode === undefined ? {} : { explode: parameter.explode }),
    }));
}

/**
 * What the fixtures need of a bundled document: each operation's parameters, bodies
 * and responses with their schemas and examples, and the named schemas they refer
 * to, all as JSON Schema 2020-12.
 *
 * @example
 * const { operations } = buildContractSchemas(document);
 * operations.listNotes?.responses["200"]?.content["application/json"]?.schema;
 */
export function buildContractSchemas(document: OpenAPI3): ContractSchemas {
  const converter = new Converter(document);
  const operations: Record<string, ContractOperation> = Object.create(null) as Record<string, ContractOperation>;
  for (const entry of operationsOf(document)) {
    const { operation } = entry;
    const shared = parameters(converter, document, entry.shared);
    const own = parameters(converter, document, operation.parameters ?? []);
    const body = operation.requestBody ? deref<RequestBodyObject>(document, operation.requestBody) : undefined;
    operations[operationKey(entry)] = {
      parameters: [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own],
      requestBody: body
        ? { required: body.required ?? false, content: content(converter, document, body.content) }
        : null,
      responses: Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, raw]) => [
          status,
          { content: content(converter, document, deref<ResponseObject>(document, raw)?.content) },
        ]),
      ),
    };
  }
  return {
    openapi: document.openapi,
    $schema: JSON_SCHEMA_DIALECT,
    components: { schemas: converter.components },
    operations,
  };
}
