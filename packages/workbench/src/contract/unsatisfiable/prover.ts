// Sound, not complete: what it cannot decide is never called unsatisfiable; a generator's failure proves nothing.
import type { JsonSchema } from "../contract-types.ts";
import { componentSchemaName, componentSchemaRef, escapeSegment } from "../pointer.ts";
import { arrayProof, numberProof, stringProof } from "./bounds.ts";
import { formatProof } from "./formats.ts";
import { emptyKeyword, isNode, partsOf, type Part, type SchemaNode, type UnsatisfiableProof } from "./parts.ts";
import { typesProof, valuesProof } from "./types-values.ts";
import { allowedValues, unionProof } from "./unions.ts";

export { EMPTY_ENUM_KEYWORD, type UnsatisfiableProof } from "./parts.ts";

/** Conjunctions one proof may examine: a union of unions is not searched without end. */
const BUDGET = 400;
const MAX_PARTS = 64;

/** Results are kept per schema object, so a large contract pays once per schema. */
export function createProver(schemas: Record<string, JsonSchema>) {
  const proven = new WeakMap<object, UnsatisfiableProof | null>();
  let places: WeakMap<object, string> | undefined;

  function placeOf(node: object): string {
    if (places === undefined) {
      places = new WeakMap();
      const named = Object.entries(schemas);
      const stack = named.map(([name, value]): [unknown, string] => [value, componentSchemaRef(name)]);
      while (stack.length > 0) {
        const [value, at] = stack.pop() as [unknown, string];
        if (typeof value !== "object" || value === null || places.has(value)) continue;
        places.set(value, at);
        for (const [key, child] of Object.entries(value)) stack.push([child, `${at}/${escapeSegment(key)}`]);
      }
    }
    return places.get(node) ?? "#";
  }

  function target(ref: unknown): Part | undefined {
    const name = typeof ref === "string" ? componentSchemaName(ref) : undefined;
    if (name === undefined || !Object.hasOwn(schemas, name)) return undefined;
    const node = schemas[name];
    return isNode(node) ? { node, at: componentSchemaRef(name) } : undefined;
  }

  /** Every schema a value must meet together: the parts, their `allOf` parts and what they refer to. */
  function conjunction(start: readonly Part[]): Part[] {
    const parts: Part[] = [];
    const seen = new Set<SchemaNode>();
    const stack = [...start].reverse();
    while (stack.length > 0 && parts.length < MAX_PARTS) {
      const part = stack.pop() as Part;
      if (seen.has(part.node)) continue;
      seen.add(part.node);
      parts.push(part);
      const { node, at } = part;
      const referred = target(node.$ref);
      const allOf = Array.isArray(node.allOf)
        ? node.allOf.flatMap((item: unknown, index) => partsOf(item, `${at}/allOf/${index}`))
        : [];
      stack.push(...[...(referred ? [referred] : []), ...allOf].reverse());
    }
    return parts;
  }

  /** Each part's declaration of a property, else its `additionalProperties`; or why it cannot be there at all. */
  function propertyParts(parts: readonly Part[], name: string): Part[] | UnsatisfiableProof {
    const property: Part[] = [];
    for (const { node, at } of parts) {
      const properties = isNode(node.properties) ? node.properties : {};
      if (Object.hasOwn(properties, name)) {
        property.push(...partsOf(properties[name], `${at}/properties/${escapeSegment(name)}`));
      } else if (node.patternProperties === undefined && node.additionalProperties === false) {
        return {
          pointer: `${at}/additionalProperties`,
          reason: `a property "${name}" that \`additionalProperties: false\` at ${at}/additionalProperties forbids, which no value can both have and lack`,
        };
      } else if (node.patternProperties === undefined && isNode(node.additionalProperties)) {
        property.push({ node: node.additionalProperties, at: `${at}/additionalProperties` });
      }
    }
    return property;
  }

  function prove(
    start: readonly Part[],
    decided: ReadonlySet<unknown>,
    budget: { left: number },
  ): UnsatisfiableProof | undefined {
    if (budget.left-- <= 0) return undefined;
    const parts = conjunction(start);
    const empty = emptyKeyword(parts);
    if (empty) return empty;
    const typed = typesProof(parts);
    if ("reason" in typed) return typed;
    const fixed = valuesProof(parts, typed);
    if ("reason" in fixed) return fixed;
    const { types } = typed;
    const only = (...kinds: string[]) => types !== undefined && [...types].every((type) => kinds.includes(type));
    // Bounds, where the value can only be of the type they apply to (all of them for `type: []`).
    const bounds =
      (only("string") ? (stringProof(parts, fixed) ?? formatProof(parts)) : undefined) ??
      (only("number", "integer") ? numberProof(parts) : undefined) ??
      (only("array") ? arrayProof(parts, (items) => prove(items, new Set(), budget)) : undefined) ??
      (only("object") ? requiredProof(parts, budget) : undefined);
    return bounds ?? unionProof(parts, decided, (branch, inner) => prove(branch, inner, budget));
  }

  /** An object's required properties, each proven with what every part says of it. */
  function requiredProof(parts: readonly Part[], budget: { left: number }): UnsatisfiableProof | undefined {
    const required = new Set(
      parts.flatMap(({ node }) =>
        Array.isArray(node.required) ? node.required.filter((name) => typeof name === "string") : [],
      ),
    );
    for (const name of required) {
      const property = propertyParts(parts, name);
      if (!Array.isArray(property)) return property;
      if (property.length === 0) continue;
      const inner = prove(property, new Set(), budget);
      if (inner) return inner;
    }
    return undefined;
  }

  return {
    /** The scalar values a schema's `const`s and `enum`s bound it to; one may still break a pattern or a length. */
    values(schema: unknown): unknown[] | undefined {
      if (!isNode(schema)) return undefined;
      const found = allowedValues([{ node: schema, at: "#" }], 0, conjunction);
      return found === undefined ? undefined : [...found.values()];
    },

    /** Why an object of `schema` cannot have the property `name` (what its parts say of it contradicts itself). */
    property(schema: unknown, name: string): UnsatisfiableProof | undefined {
      if (!isNode(schema)) return undefined;
      const parts = conjunction([{ node: schema, at: placeOf(schema) }]);
      const property = propertyParts(parts, name);
      if (!Array.isArray(property)) return property;
      return property.length === 0 ? undefined : prove(property, new Set(), { left: BUDGET });
    },

    /** Why no value satisfies `schema` (at `at`, else found among the components); undefined when not proven. */
    prove(schema: unknown, at?: string): UnsatisfiableProof | undefined {
      if (schema === false)
        return { pointer: at ?? "#", reason: `\`false\` at ${at ?? "#"}, which no value satisfies` };
      if (!isNode(schema)) return undefined;
      const known = proven.get(schema);
      if (known !== undefined && (at === undefined || known === null)) return known ?? undefined;
      const found = prove([{ node: schema, at: at ?? placeOf(schema) }], new Set(), { left: BUDGET });
      if (at === undefined || known === undefined) proven.set(schema, found ?? null);
      return found;
    },
  };
}

const provers = new WeakMap<object, ReturnType<typeof createProver>>();

export function proveUnsatisfiable(schema: unknown, schemas: Record<string, JsonSchema>, at?: string) {
  return proverOf(schemas).prove(schema, at);
}

function proverOf(schemas: Record<string, JsonSchema>): ReturnType<typeof createProver> {
  let prover = provers.get(schemas);
  if (prover === undefined) provers.set(schemas, (prover = createProver(schemas)));
  return prover;
}

export function finiteValues(schema: unknown, schemas: Record<string, JsonSchema>): unknown[] | undefined {
  return proverOf(schemas).values(schema);
}

/** An optional property no object can have is left out of generated data. */
export function forbidsProperty(schema: unknown, name: string, schemas: Record<string, JsonSchema>): boolean {
  return proverOf(schemas).property(schema, name) !== undefined;
}

export function isUnsatisfiable(schema: unknown, schemas: Record<string, JsonSchema>): boolean {
  return proveUnsatisfiable(schema, schemas) !== undefined;
}
