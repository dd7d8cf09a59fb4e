// How a JSON Schema says a value should be shown. Display only: validity is the validator's business.
import type { JsonSchema } from "../contract/contract-types.ts";
import { define, own } from "../contract/own.ts";
import { componentSchemaName } from "../contract/pointer.ts";
import { isRecord } from "../contract/records.ts";
import { allowsType } from "../contract/unsatisfiable/parts.ts";

/** A schema node with `$ref`s followed, `allOf` merged, and the `oneOf`/`anyOf` branch that fits the value. */
export interface Shape {
  type: string | undefined;
  title: string | undefined;
  format: string | undefined;
  enum: readonly unknown[] | undefined;
  /** In the contract's order, each resolved lazily by `shapeOf`. */
  properties: ReadonlyArray<[name: string, schema: JsonSchema]>;
  items: JsonSchema | undefined;
}

type Node = Record<string, unknown>;

/** contract.json has only `#/components/schemas/<name>` references. */
function follow(schema: unknown, schemas: Readonly<Record<string, JsonSchema>>): Node | undefined {
  let node = schema;
  for (let hops = 0; hops < 16 && isRecord(node) && typeof node.$ref === "string"; hops++) {
    const name = componentSchemaName(node.$ref);
    if (name === undefined) return undefined;
    node = own(schemas, name);
  }
  return isRecord(node) ? node : undefined;
}

function declaredTypes(node: Node): string[] {
  const type = node.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  if (isRecord(node.properties)) return ["object"];
  if (node.items !== undefined) return ["array"];
  return [];
}

/** A branch's fit: its type, then how many of its properties the value has. */
function fit(node: Node, value: unknown, schemas: Readonly<Record<string, JsonSchema>>): number {
  const merged = merge(node, value, schemas);
  const types = declaredTypes(merged);
  if (types.length > 0 && !allowsType(new Set(types), value)) return -1;
  if (!isRecord(value)) return 1;
  const required = Array.isArray(merged.required) ? (merged.required as unknown[]) : [];
  if (required.some((name) => typeof name === "string" && !Object.hasOwn(value, name))) return 0;
  const names = isRecord(merged.properties) ? Object.keys(merged.properties) : [];
  return 1 + names.filter((name) => Object.hasOwn(value, name)).length;
}

function merge(node: Node, value: unknown, schemas: Readonly<Record<string, JsonSchema>>, depth = 0): Node {
  if (depth > 8) return node;
  const parts: Node[] = [];
  if (Array.isArray(node.allOf)) {
    for (const part of node.allOf) {
      const resolved = follow(part, schemas);
      if (resolved) parts.push(merge(resolved, value, schemas, depth + 1));
    }
  }
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = Array.isArray(node[keyword])
      ? (node[keyword] as unknown[]).map((branch) => follow(branch, schemas)).filter(isRecord)
      : [];
    let best: Node | undefined;
    let bestScore = -1;
    for (const branch of branches) {
      const score = fit(branch, value, schemas);
      if (score > bestScore) [best, bestScore] = [branch, score];
    }
    if (best) parts.push(merge(best, value, schemas, depth + 1));
  }
  if (parts.length === 0) return node;
  // The parts' properties in their order, then the node's own; the node's own keywords win.
  const properties: Node = {};
  // Defined, not assigned: a property named `__proto__` stays a property.
  for (const part of [...parts, node]) {
    for (const [name, property] of Object.entries(isRecord(part.properties) ? part.properties : {})) {
      define(properties, name, property);
    }
  }
  return Object.assign({}, ...parts, node, { properties }) as Node;
}

export function shapeOf(
  schema: JsonSchema | undefined,
  value: unknown,
  schemas: Readonly<Record<string, JsonSchema>>,
): Shape {
  const node = follow(schema, schemas);
  const merged: Node = node ? merge(node, value, schemas) : {};
  const types = declaredTypes(merged).filter((type) => type !== "null");
  return {
    type: types.length === 1 ? types[0] : undefined,
    title: typeof merged.title === "string" ? merged.title : undefined,
    format: typeof merged.format === "string" ? merged.format : undefined,
    enum: Array.isArray(merged.enum) ? merged.enum : undefined,
    properties: isRecord(merged.properties) ? Object.entries(merged.properties as Record<string, JsonSchema>) : [],
    items: merged.items as JsonSchema | undefined,
  };
}

/** A text body whose schema allows no string is a value's JSON text. */
export function allowsString(schema: unknown, schemas: Readonly<Record<string, JsonSchema>>, depth = 0): boolean {
  const node = follow(schema, schemas);
  // Unreadable, `true`, or nested too deep to tell: nothing rules a string out.
  if (!node || depth > 16) return true;
  const types = declaredTypes(node);
  if (types.length > 0 && !types.includes("string")) return false;
  if (Object.hasOwn(node, "const")) return typeof node.const === "string";
  if (Array.isArray(node.enum)) return node.enum.some((value) => typeof value === "string");
  if (Array.isArray(node.allOf) && !node.allOf.every((part) => allowsString(part, schemas, depth + 1))) return false;
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = node[keyword];
    if (
      Array.isArray(branches) &&
      branches.length > 0 &&
      !branches.some((branch) => allowsString(branch, schemas, depth + 1))
    )
      return false;
  }
  return true;
}

const ACRONYMS = new Set("id url uri api ip uuid html json sha ssh gpg http https".split(" "));

/** A field's label: the schema's `title`, else its name in words (`birth_date` "Birth date", `photoUrl` "Photo URL"). */
export function labelOf(name: string, title?: string): string {
  if (title) return title;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const [first = name, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(" ");
}

/** The contract's order, then any field the schema does not name. */
export function fieldsOf(shape: Shape, value: Record<string, unknown>) {
  return namedFields(shape, Object.keys(value));
}

export function namedFields(shape: Shape, names: readonly string[]) {
  const present = new Set(names);
  const declared = shape.properties.filter(([name]) => present.has(name));
  const named = new Set(declared.map(([name]) => name));
  const extra = names.filter((name) => !named.has(name)).map((name): [string, undefined] => [name, undefined]);
  return [...declared, ...extra];
}
