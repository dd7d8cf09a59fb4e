import type { OpenAPI3, ParameterObject, ResponseObject, SchemaObject } from "openapi-typescript";
import type { ManifestPagination, PagingStyle } from "@contract-workbench/runtime/manifest";
import { own } from "../../contract/own.ts";
import {
  CURSOR_PARAMETERS as CURSOR,
  ENVELOPE_FIELDS as ENVELOPES,
  HAS_MORE_FIELDS as HAS_MORE,
  ITEMS_FIELDS as ITEMS,
  NEXT_FIELDS as NEXT,
  OFFSET_PARAMETERS as OFFSET,
  PAGE_PARAMETERS as PAGE,
  SIZE_PARAMETERS as SIZE,
  TOTAL_FIELDS as TOTAL,
} from "../../contract/paging-names.ts";
import { escapeSegment } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";
import { type Locator, refuseAt } from "../input/contract-error.ts";
import { deref, type OperationEntry, operationParameters } from "../manifest/operations.ts";

/** What was found for one list operation: how it pages, or why it does not or cannot be told. */
export interface PagingFinding {
  operationId: string;
  method: string;
  path: string;
  pagination?: ManifestPagination;
  /** A complete list: nothing in the contract asks for a next page. */
  unpaged?: string;
  /** Something hints at paging, but not enough to page it: why. */
  unrecognised?: string;
}

export const PAGING_EXTENSION = "x-pagination";

type Schema = SchemaObject & Record<string, unknown>;

function resolve(document: OpenAPI3, schema: unknown): Schema | undefined {
  const found = deref<unknown>(document, schema);
  return isRecord(found) ? (found as Schema) : undefined;
}

function typeOf(schema: Schema | undefined): string | undefined {
  const type: unknown = schema?.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((entry) => entry !== "null") as string | undefined;
  // `anyOf: [{ type: string }, { type: "null" }]`: the nullable form of 3.1 written long-hand.
  const branches = schema?.anyOf ?? schema?.oneOf;
  if (Array.isArray(branches)) {
    const types = branches
      .map((branch): unknown => (isRecord(branch) ? branch.type : undefined))
      .filter((t) => t !== "null");
    if (types.length === 1 && typeof types[0] === "string") return types[0];
  }
  if (schema?.properties !== undefined || Array.isArray(schema?.allOf)) return "object";
  if (schema?.items !== undefined) return "array";
  return undefined;
}

/** An object schema's properties, its `allOf` branches' included, references followed. */
function propertiesOf(document: OpenAPI3, schema: Schema | undefined, depth = 0): Map<string, Schema> {
  const merged = new Map<string, Schema>();
  if (!schema || depth > 8) return merged;
  for (const branch of Array.isArray(schema.allOf) ? schema.allOf : []) {
    for (const [name, value] of propertiesOf(document, resolve(document, branch), depth + 1)) merged.set(name, value);
  }
  if (isRecord(schema.properties)) {
    for (const name of Object.keys(schema.properties)) {
      const property = resolve(document, own(schema.properties, name));
      if (property) merged.set(name, property);
    }
  }
  return merged;
}

/** The schema at a dotted field path of a body schema, or undefined. */
function fieldAt(document: OpenAPI3, body: Schema, path: string): Schema | undefined {
  let current: Schema | undefined = body;
  for (const step of path === "" ? [] : path.split(".")) current = propertiesOf(document, current).get(step);
  return current;
}

/** Fields of the envelope and of its well-known nested objects (`meta.total`, `links.pages.next`). */
function fieldsOf(document: OpenAPI3, body: Schema): Array<{ path: string; name: string; schema: Schema }> {
  const fields: Array<{ path: string; name: string; schema: Schema }> = [];
  const walk = (schema: Schema, prefix: string, depth: number) => {
    for (const [name, property] of propertiesOf(document, schema)) {
      fields.push({ path: `${prefix}${name}`, name, schema: property });
      if (depth < 2 && typeOf(property) === "object" && ENVELOPES.includes(name))
        walk(property, `${prefix}${name}.`, depth + 1);
    }
  };
  walk(body, "", 0);
  return fields;
}

interface ListShape {
  body: Schema;
  items: string;
  pointer: string;
  headers: string[];
}

/** The operation's first 2xx response with a JSON body that is an array or holds one (a list), else undefined. */
function listShape(document: OpenAPI3, entry: OperationEntry): ListShape | undefined {
  if (entry.method !== "get") return undefined;
  const [status] = Object.keys(entry.operation.responses ?? {})
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort();
  if (status === undefined) return undefined;
  const response = deref<ResponseObject>(document, own(entry.operation.responses, status) as ResponseObject);
  const content = response?.content ?? {};
  const mediaType = Object.keys(content).find((type) => /[/+]json\b/.test(type));
  const body = mediaType === undefined ? undefined : resolve(document, content[mediaType]?.schema);
  if (!body) return undefined;
  const pointer = `/paths/${escapeSegment(entry.path)}/${entry.method}/responses/${escapeSegment(status)}`;
  const headers = Object.keys(response?.headers ?? {});
  if (typeOf(body) === "array") return { body, items: "", pointer, headers };
  if (typeOf(body) !== "object") return undefined;
  const properties = propertiesOf(document, body);
  const arrays = [...properties].filter(([, schema]) => typeOf(schema) === "array");
  // An object with an identity of its own (`id`) is an item holding a list, not a page of one.
  const lone = arrays.length === 1 && !properties.has("id") ? arrays[0] : undefined;
  const named = arrays.find(([name]) => ITEMS.includes(name)) ?? lone;
  return named === undefined ? undefined : { body, items: named[0], pointer, headers };
}

function intDefault(document: OpenAPI3, parameter: ParameterObject | undefined): number | undefined {
  const value = resolve(document, parameter?.schema)?.default;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

function compact(pagination: ManifestPagination): ManifestPagination {
  return Object.fromEntries(
    Object.entries(pagination).filter(([, value]) => value !== undefined),
  ) as unknown as ManifestPagination;
}

/** Reads how a list operation pages from its shapes; the reason when it cannot. */
function infer(
  document: OpenAPI3,
  entry: OperationEntry,
  shape: ListShape,
): Omit<PagingFinding, "operationId" | "method" | "path"> {
  const query = operationParameters(document, entry).filter((parameter) => parameter.in === "query");
  const named = (names: string[]) => query.find((parameter) => names.includes(parameter.name));
  const size = named(SIZE);
  const sizing = { size: size?.name, defaultSize: intDefault(document, size) };
  const fields = typeOf(shape.body) === "object" ? fieldsOf(document, shape.body) : [];
  const field = (names: string[], types: string[], accept: (schema: Schema) => boolean = () => true) =>
    names
      .map((name) => fields.find((f) => f.name === name && types.includes(typeOf(f.schema) ?? "") && accept(f.schema)))
      .find((found) => found !== undefined)?.path;
  const total = field(TOTAL, ["integer"]);
  const hasMore = field(HAS_MORE, ["boolean"]);
  const isUrl = (schema: Schema) => schema.format === "uri" || schema.format === "uri-reference";
  const nextUrl = field(["next"], ["string"], isUrl);

  // Key order is the manifest's: what is undefined is left out.
  const inferred = (style: PagingStyle, param: string | undefined, rest: Partial<ManifestPagination>) => ({
    pagination: compact({ style, from: "inferred", param, ...sizing, items: shape.items, ...rest }),
  });
  if (shape.headers.some((header) => header.toLowerCase() === "link")) {
    return inferred("link", (named(PAGE) ?? named(CURSOR))?.name, { total });
  }
  // A `page` that is text is a token the previous page handed out (`page` / `next_page`).
  const page = named(PAGE);
  const textPage = page !== undefined && typeOf(resolve(document, page.schema)) === "string";
  const cursor = named(CURSOR) ?? (textPage ? page : undefined);
  if (cursor !== undefined) {
    const next =
      field(NEXT, ["string"], (schema) => !isUrl(schema)) ??
      (cursor.name === "after" ? field(["last_id"], ["string"]) : undefined);
    const itemHasId =
      shape.items !== undefined &&
      propertiesOf(document, resolve(document, fieldAt(document, shape.body, shape.items)?.items)).has("id");
    if (next === undefined && !(hasMore !== undefined && itemHasId))
      return {
        unrecognised: `cursor parameter \`${cursor.name}\` but no response field carries the next cursor (nor a has_more flag with item ids)`,
      };
    return inferred("cursor", cursor.name, { next, lastItem: next === undefined ? "id" : undefined, hasMore, total });
  }
  if (page !== undefined) {
    const first = resolve(document, page.schema)?.minimum === 0 ? 0 : 1;
    return inferred("page", page.name, { next: nextUrl, hasMore, total, first });
  }
  const offset = named(OFFSET);
  if (offset !== undefined && size !== undefined) {
    return inferred("offset", offset.name, { next: nextUrl, hasMore, total });
  }
  if (offset !== undefined)
    return { unrecognised: `offset parameter \`${offset.name}\` without a page-size parameter` };
  const hint = hasMore ?? nextUrl ?? field(NEXT, ["string"]);
  if (size !== undefined)
    return {
      unrecognised: `a page-size parameter \`${size.name}\` alone: no parameter asks for the next page${hint ? ` (the body has \`${hint}\`)` : ""}`,
    };
  if (hint !== undefined) return { unrecognised: `the body has \`${hint}\` but no parameter asks for the next page` };
  return { unpaged: "no parameter, field or header asks for a next page: a complete list" };
}

const STYLES: PagingStyle[] = ["cursor", "offset", "page", "link"];
const KEYS = ["style", "param", "size", "items", "next", "lastItem", "hasMore", "total", "first"];

/** `x-pagination` as written, checked against the operation's parameters and success body; a located error otherwise. */
function fromExtension(
  document: OpenAPI3,
  entry: OperationEntry,
  shape: ListShape | undefined,
  value: unknown,
  locate: Locator,
): ManifestPagination | false {
  const pointer = `/paths/${escapeSegment(entry.path)}/${entry.method}/${PAGING_EXTENSION}`;
  const fail = (message: string, fix: string) => refuseAt(locate, pointer, `${PAGING_EXTENSION} ${message}`, fix);
  if (value === false) return false;
  if (!isRecord(value))
    return fail(
      `must be false or an object, got ${JSON.stringify(value)}.`,
      "write e.g. `x-pagination: { style: cursor, param: cursor, next: next_cursor }`.",
    );
  const unknown = Object.keys(value).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0)
    return fail(`has unknown ${unknown.map((k) => `\`${k}\``).join(", ")}.`, `use only ${KEYS.join(", ")}.`);
  const style = value.style;
  if (typeof style !== "string" || !STYLES.includes(style as PagingStyle))
    return fail(
      `style must be one of ${STYLES.join(", ")}, got ${JSON.stringify(style)}.`,
      "name how the next page is asked for.",
    );
  for (const key of KEYS.filter((k) => k !== "style" && k !== "first")) {
    if (value[key] !== undefined && typeof value[key] !== "string")
      fail(`${key} must be a string, got ${JSON.stringify(value[key])}.`, "write the name as text.");
  }
  if (value.first !== undefined && value.first !== 0 && value.first !== 1)
    fail(`first must be 0 or 1, got ${JSON.stringify(value.first)}.`, "the number of the first page.");
  if (!shape)
    return fail(
      "is on an operation that answers no list (a GET whose 2xx JSON body is an array or holds one).",
      "move it to the list operation, or remove it.",
    );
  const query = operationParameters(document, entry).filter((p) => p.in === "query");
  const text = value as Record<string, string | undefined>;
  for (const key of ["param", "size"]) {
    const name = text[key];
    if (name !== undefined && !query.some((p) => p.name === name))
      fail(
        `${key} \`${name}\` is not a query parameter of ${entry.key}.`,
        `declare it, or name one of: ${query.map((p) => p.name).join(", ") || "(none)"}.`,
      );
  }
  if (style !== "link" && text.param === undefined)
    fail(`style ${style} needs \`param\`, the query parameter that asks for the next page.`, "name it.");
  const items = text.items ?? shape.items;
  if (typeOf(fieldAt(document, shape.body, items)) !== "array")
    fail(
      `items \`${items}\` is not an array of the success body.`,
      'name the body\'s field that holds the items (`""` for a bare array).',
    );
  for (const key of ["next", "hasMore", "total"]) {
    const path = text[key];
    if (path !== undefined && fieldAt(document, shape.body, path) === undefined)
      fail(
        `${key} \`${path}\` is not a field of the success body.`,
        "name a field the body declares, dotted for nested ones (`meta.next_cursor`).",
      );
  }
  if (style === "cursor" && text.next === undefined && text.lastItem === undefined)
    fail(
      "style cursor needs `next` (the field holding the next cursor) or `lastItem` (the item property that is it).",
      "name one.",
    );
  const size = query.find((p) => p.name === text.size);
  return compact({
    style: style as PagingStyle,
    from: "extension",
    param: text.param,
    size: text.size,
    defaultSize: intDefault(document, size),
    items,
    next: text.next,
    lastItem: text.lastItem,
    hasMore: text.hasMore,
    total: text.total,
    first: style === "page" ? ((value.first as number | undefined) ?? 1) : undefined,
  });
}

/** How one operation pages, or undefined when it is no list; `x-pagination` wins over the shapes. */
export function findPaging(document: OpenAPI3, entry: OperationEntry, locate: Locator): PagingFinding | undefined {
  const shape = listShape(document, entry);
  const extension = own(entry.operation, PAGING_EXTENSION);
  const base = { operationId: entry.key, method: entry.method, path: entry.path };
  if (extension !== undefined) {
    const pagination = fromExtension(document, entry, shape, extension, locate);
    return pagination === false ? { ...base, unpaged: `${PAGING_EXTENSION}: false` } : { ...base, pagination };
  }
  return shape === undefined ? undefined : { ...base, ...infer(document, entry, shape) };
}
