import { isRecord as isNode } from "../records.ts";

export { isNode };

export type SchemaNode = Record<string, unknown>;

export interface UnsatisfiableProof {
  /** The keyword that allows nothing, or the first of two that disagree (`#/…`). */
  pointer: string;
  /** In words that follow "its schema requires": `an empty enum at …, which no value satisfies`. */
  reason: string;
}

/** One schema of the conjunction a value must meet, with where it sits. */
export interface Part {
  node: SchemaNode;
  at: string;
}

/** The keyword an empty `enum` becomes in the validator's copy: Ajv refuses `enum: []`, and this fails every value. */
export const EMPTY_ENUM_KEYWORD = "x-empty-enum";

const LISTED = 5;
const TYPES = ["null", "boolean", "object", "array", "number", "string", "integer"];

/** `false` as `not: {}`, nothing for what is not a schema. */
export function partsOf(schema: unknown, at: string): Part[] {
  if (schema === false) return [{ node: { not: {} }, at }];
  return isNode(schema) ? [{ node: schema, at }] : [];
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

export function allowsType(types: ReadonlySet<string>, value: unknown): boolean {
  const type = typeOf(value);
  return types.has(type) || (type === "integer" && types.has("number"));
}

export function typesOf(node: SchemaNode): Set<string> | undefined {
  const list = typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
  if (list === undefined || !list.every((type) => typeof type === "string" && TYPES.includes(type))) return undefined;
  return new Set(list as string[]);
}

/** Two `type` sets together: `integer` is the part of `number` they share. */
export function intersectTypes(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const both = new Set([...a].filter((type) => b.has(type)));
  if ((a.has("integer") && b.has("number")) || (a.has("number") && b.has("integer"))) both.add("integer");
  return both;
}

function shown(values: readonly unknown[]): string {
  const listed = values.slice(0, LISTED).map((value) => JSON.stringify(value));
  return values.length > LISTED ? `${listed.join(", ")}, …` : listed.join(", ");
}

/** Keyed by JSON text: scalars only, whose text is one per value. */
export type Values = Map<string, unknown>;

function valuesOf(list: readonly unknown[]): Values | undefined {
  if (!list.every(isScalar)) return undefined;
  return new Map(list.map((value) => [JSON.stringify(value), value]));
}

export function valuesAt({ node, at }: Part): string {
  return `${at}/${"const" in node ? "const" : "enum"}`;
}

/** Undefined: no `const` or `enum`, or values that are not scalars. */
export function fixedValues(node: SchemaNode): Values | undefined {
  if ("const" in node) return valuesOf([node.const]);
  return Array.isArray(node.enum) ? valuesOf(node.enum as unknown[]) : undefined;
}

export function describeValues(node: SchemaNode): string {
  return "const" in node ? `the const ${JSON.stringify(node.const)}` : `the enum [${shown(node.enum as unknown[])}]`;
}

/** Keywords that allow nothing by themselves: an empty `enum`, `not: {}`. */
export function emptyKeyword(parts: readonly Part[]): UnsatisfiableProof | undefined {
  for (const { node, at } of parts) {
    if (Array.isArray(node.enum) && node.enum.length === 0)
      return { pointer: `${at}/enum`, reason: `an empty enum at ${at}/enum, which no value satisfies` };
    if (node[EMPTY_ENUM_KEYWORD] === true)
      return { pointer: at, reason: `an empty enum at ${at}, which no value satisfies` };
    if (node.not === true || (isNode(node.not) && Object.keys(node.not).length === 0))
      return { pointer: `${at}/not`, reason: `\`not: {}\` at ${at}/not, which no value satisfies` };
  }
  return undefined;
}
