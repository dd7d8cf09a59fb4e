// Schemas no value satisfies, read without a validator: an empty `enum` on a schema, in
// its `allOf` parts or in the component it refers to. Used by the fixtures (leave such an
// optional value out) and by the coverage (an answer that requires one cannot be covered).
import type { JsonSchema } from "./contract-types.ts";
import { componentSchemaName } from "./pointer.ts";

type Node = Record<string, unknown>;

/** The keyword an empty `enum` becomes in the validator's copy: Ajv refuses `enum: []`, and this fails every value. */
export const EMPTY_ENUM_KEYWORD = "x-empty-enum";

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function target(node: Node, schemas: Record<string, JsonSchema>): unknown {
  const name = typeof node.$ref === "string" ? componentSchemaName(node.$ref) : undefined;
  return name !== undefined && Object.hasOwn(schemas, name) ? schemas[name] : undefined;
}

/**
 * Whether a schema allows no value by itself: an empty `enum` on it, or in one of its
 * `allOf` parts, or in the component it refers to (followed a few steps).
 *
 * @example
 * allowsNothing({ enum: [], allOf: [{ $ref: "#/components/schemas/Color" }] }, schemas); // true
 */
export function allowsNothing(schema: unknown, schemas: Record<string, JsonSchema>, depth = 0): boolean {
  if (!isNode(schema) || depth > 8) return false;
  if (Array.isArray(schema.enum) && schema.enum.length === 0) return true;
  if (schema[EMPTY_ENUM_KEYWORD] === true || schema.not === true) return true;
  if (Array.isArray(schema.allOf) && schema.allOf.some((part) => allowsNothing(part, schemas, depth + 1))) return true;
  return allowsNothing(target(schema, schemas), schemas, depth + 1);
}

/**
 * Whether every value of a schema needs one that nothing allows: the schema itself, a
 * required property, the items of an array that must have some, or an `allOf` part.
 * `anyOf`/`oneOf` are not followed (another branch may do).
 *
 * @example
 * requiresNothing({ type: "object", required: ["kind"], properties: { kind: { enum: [] } } }, {}); // true
 */
export function requiresNothing(schema: unknown, schemas: Record<string, JsonSchema>, depth = 0): boolean {
  if (!isNode(schema) || depth > 16) return false;
  if (allowsNothing(schema, schemas)) return true;
  const properties = isNode(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  if (
    required.some(
      (name) =>
        typeof name === "string" &&
        Object.hasOwn(properties, name) &&
        requiresNothing(properties[name], schemas, depth + 1),
    )
  )
    return true;
  if (typeof schema.minItems === "number" && schema.minItems > 0 && requiresNothing(schema.items, schemas, depth + 1))
    return true;
  if (Array.isArray(schema.allOf) && schema.allOf.some((part) => requiresNothing(part, schemas, depth + 1)))
    return true;
  return requiresNothing(target(schema, schemas), schemas, depth + 1);
}
