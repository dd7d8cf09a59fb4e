import { isRecord } from "../../contract/records.ts";
import { unescapeSegment, type PathStep } from "../../contract/pointer.ts";
import { SCHEMA_MAPS, VALUE_KEYS } from "../../contract/schema-keys.ts";

const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isSchema = (value: unknown) => isRecord(value) || typeof value === "boolean";
const TYPE_NAMES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);
const isTypeName = (value: unknown) => typeof value === "string" && TYPE_NAMES.has(value);

type Rule = { must: string; usable: (value: unknown) => boolean };
const STRING: Rule = { must: "a string", usable: (value) => typeof value === "string" };
const NUMBER: Rule = { must: "a number", usable: isNumber };
const BOUND: Rule = {
  must: "a number (or, in OpenAPI 3.0, a boolean)",
  usable: (v) => isNumber(v) || typeof v === "boolean",
};
const COUNT: Rule = { must: "a whole number, 0 or more", usable: isCount };
const BOOLEAN: Rule = { must: "a boolean", usable: (value) => typeof value === "boolean" };
const LIST: Rule = { must: "a list of values", usable: Array.isArray };
const SCHEMA: Rule = { must: "a schema", usable: isSchema };
const BRANCHES: Rule = {
  must: "a list of one or more schemas",
  usable: (v) => Array.isArray(v) && v.length > 0 && v.every(isSchema),
};

/** Each keyword a schema may carry a malformed value for: what its value must be, and the test. */
const KEYWORDS: Record<string, Rule> = {
  pattern: STRING,
  format: STRING,
  type: {
    must: "a type name or a list of them",
    usable: (value) => isTypeName(value) || (Array.isArray(value) && value.every(isTypeName)),
  },
  minimum: NUMBER,
  maximum: NUMBER,
  exclusiveMinimum: BOUND,
  exclusiveMaximum: BOUND,
  multipleOf: { must: "a number above 0", usable: (value) => isNumber(value) && (value as number) > 0 },
  minLength: COUNT,
  maxLength: COUNT,
  minItems: COUNT,
  maxItems: COUNT,
  minProperties: COUNT,
  maxProperties: COUNT,
  uniqueItems: BOOLEAN,
  nullable: BOOLEAN,
  readOnly: BOOLEAN,
  writeOnly: BOOLEAN,
  required: {
    must: "a list of property names",
    usable: (value) => Array.isArray(value) && value.every((item) => typeof item === "string"),
  },
  enum: LIST,
  // In OpenAPI 3.1 (JSON Schema) a list; some contracts write OpenAPI's map of named examples here.
  examples: LIST,
  items: SCHEMA,
  not: SCHEMA,
  additionalProperties: { must: "a schema or a boolean", usable: isSchema },
  properties: {
    must: "an object of schemas",
    usable: (value) => isRecord(value) && Object.values(value).every(isSchema),
  },
  allOf: BRANCHES,
  anyOf: BRANCHES,
  oneOf: BRANCHES,
};

/** What a schema keyword's value must be, when the value given is not that; undefined when usable or unknown. */
export function malformedKeyword(
  keyword: string,
  value: unknown,
  schema?: Record<string, unknown>,
): string | undefined {
  const rule = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
  if (rule !== undefined && !rule.usable(value)) return rule.must;
  // `type: object` beside an `enum` of strings fails openapi-typescript whole: the list is dropped.
  const type = schema?.type;
  if (keyword === "enum" && Array.isArray(value) && (type === "object" || type === "array")) {
    const fits = (item: unknown) => (type === "array" ? Array.isArray(item) : isRecord(item));
    if (value.length > 0 && !value.some(fits)) return `a list of values of its schema's \`type: ${type}\``;
  }
  return undefined;
}

/** Keywords whose value is one schema; under these keys (or `schema`, or in these lists, or maps) a node is a schema. */
export const ONE_SCHEMA: ReadonlySet<string> = new Set([
  "items",
  "not",
  "additionalProperties",
  "additionalItems",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
]);
export const SCHEMA_LISTS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** Whether the node at `path` is a schema (a parameter's `required: true` is not a schema's). */
export function isSchemaPosition(path: PathStep | undefined): boolean {
  if (path === undefined) return false;
  const parent = path.parent?.key;
  if (path.key === "schema" || ONE_SCHEMA.has(path.key)) return true;
  if (parent === undefined) return false;
  if (SCHEMA_MAPS.has(parent) || SCHEMA_LISTS.has(parent)) return true;
  return parent === "schemas" && path.parent?.parent?.key === "components";
}

/** Whether a JSON pointer names a keyword of a schema (`#/components/schemas/Video/properties/timecode/pattern`). */
export function isSchemaKeywordPointer(pointer: string): boolean {
  const segments = pointer.replace(/^#/, "").split("/").slice(1).map(unescapeSegment);
  const keyword = segments.pop();
  if (keyword === undefined || !Object.hasOwn(KEYWORDS, keyword)) return false;
  let path: PathStep | undefined;
  for (const key of segments) path = { key, parent: path };
  return isSchemaPosition(path);
}

export function dropMalformedKeywords(document: unknown): void {
  const stack: Array<{ node: unknown; path: PathStep | undefined }> = [{ node: document, path: undefined }];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const { node, path } = stack.pop() ?? { node: undefined, path: undefined };
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (!Array.isArray(node) && isSchemaPosition(path)) {
      for (const [keyword, value] of Object.entries(record))
        if (malformedKeyword(keyword, value, record) !== undefined) delete record[keyword];
    }
    const names = path !== undefined && SCHEMA_MAPS.has(path.key);
    for (const [key, value] of Object.entries(record)) {
      if (!names && (VALUE_KEYS.has(key) || key.startsWith("x-"))) continue;
      stack.push({ node: value, path: { key, parent: path } });
    }
  }
}
