import type { Document } from "@redocly/openapi-core";
import { dirname, relative, resolve } from "node:path";
import { type Frame, framerFor, type StreamFormat, streamFormatOf } from "@contract-workbench/runtime/streams";
import { escapeSegment, type PathStep, pointerOf, unescapeSegment, valueAt } from "../../contract/pointer.ts";
import { isJsonMediaType, parsedOr } from "../../contract/media-and-status.ts";
import { isRecord } from "../../contract/records.ts";
import { define, own } from "../../contract/own.ts";
import {
  injectOperationObject,
  type GlobalContext,
  type OpenAPI3,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
} from "openapi-typescript";
import type { Problem } from "../input/contract-error.ts";
import { locate } from "../input/locate.ts";

/** The mark on a lowered media type that streams (written here, never by the contract's author). */
export const STREAM_EXTENSION = "x-stream";
/** Where a path item's `query` and `additionalOperations` go, by lower-case method. */
export const ADDITIONAL_OPERATIONS = "x-additional-operations";

/** What `x-stream` holds: how the items are framed, and whether an SSE event's `data` is JSON. */
export interface StreamMark {
  format: StreamFormat;
  data?: "json" | "text";
}

/** The stream mark of a lowered media type object, or undefined when it does not stream. */
export function streamMarkOf(media: unknown): StreamMark | undefined {
  const mark = own(media, STREAM_EXTENSION);
  if (!isRecord(mark)) return undefined;
  const format = mark.format;
  if (format !== "sse" && format !== "jsonl" && format !== "json-seq") return undefined;
  return mark.data === "json" || mark.data === "text" ? { format, data: mark.data } : { format };
}

/** What each kind of note says, given how many places it concerns. */
const SAY = {
  itemSchema: (count, detail) =>
    `${count} sequential media type${count === 1 ? " declares" : "s declare"} \`itemSchema\` (${detail}), which openapi-typescript 7 does not read: each is lowered to \`schema: { type: array, items: <itemSchema> }\`, the whole stream as OpenAPI 3.2 models it, typed, mocked and checked one item at a time as a stream (the first is here).`,
  "sse-json-data": (count) =>
    `${count} Server-Sent Event schema${count === 1 ? " gives" : "s give"} \`data\` as JSON text (\`contentMediaType\` JSON, or a schema that is not a string): each event's \`data\` is typed and checked as the parsed JSON, which the client hands over parsed (the first is here).`,
  "stream-schema": (count, detail) =>
    `${count} streamed media type${count === 1 ? " is" : "s are"} described by \`schema\` rather than OpenAPI 3.2's \`itemSchema\` (${detail}): read as a stream of items of that schema, a \`text/event-stream\` schema that is not an event object being each event's JSON \`data\` (the first is here).`,
  "item-not-streamed": (count, detail) =>
    `${count} media type${count === 1 ? " declares" : "s declare"} \`itemSchema\` where this project does not stream (${detail}): lowered to \`schema: { type: array, items: <itemSchema> }\` and answered whole (the first is here).`,
  query: (count) =>
    `${count} operation${count === 1 ? " uses" : "s use"} OpenAPI 3.2's \`query\` method, which openapi-typescript 7 and openapi-fetch do not know: typed in \`operations\`, listed in the manifest with method \`query\`, answered by the fixtures and sent as QUERY by the client (the first is here).`,
  "additional-operations": (count) =>
    `${count} operation${count === 1 ? " is" : "s are"} declared in \`additionalOperations\`: typed in \`operations\`, listed in the manifest with its method in lower case, answered by the fixtures and sent in capitals by the client (the first is here).`,
  self: () =>
    "`$self` is not read: references are resolved from the place of the file they are in, as in OpenAPI 3.1 (a `$ref` through the `$self` URL is refused like any URL).",
  tags: (count) =>
    `${count} tag${count === 1 ? " has" : "s have"} OpenAPI 3.2's \`parent\`, \`kind\` or \`summary\`, which 3.1 tools do not read: dropped; the gallery groups operations by their first tag (the first is here).`,
  "example-values": (count) =>
    `${count} example${count === 1 ? " uses" : "s use"} \`dataValue\` or \`serializedValue\`: the data value (else the serialized one, parsed for JSON and sequences) is kept as the example's \`value\` (the first is here).`,
  "item-encoding": (count) =>
    `${count} media type${count === 1 ? " has" : "s have"} \`itemEncoding\` or \`prefixEncoding\`, which nothing here reads: dropped (the first is here).`,
} satisfies Record<string, (count: number, detail: string) => string>;
type Kind = keyof typeof SAY;

/** Where a node is: its file and the way down to it (spelt as a pointer only for the notes). */
interface Site {
  document: Document;
  path: PathStep | undefined;
}

interface Lowering {
  documents: readonly Document[];
  seen: Map<Kind, { count: number; first: Site; details: Map<string, number> }>;
}

function note(lowering: Lowering, kind: Kind, site: Site, detail?: string): void {
  const entry = lowering.seen.get(kind) ?? { count: 0, first: site, details: new Map<string, number>() };
  entry.count += 1;
  if (detail !== undefined) entry.details.set(detail, (entry.details.get(detail) ?? 0) + 1);
  lowering.seen.set(kind, entry);
}

function child(site: Site, ...keys: string[]): Site {
  let path = site.path;
  for (const key of keys) path = { key, parent: path };
  return { document: site.document, path };
}

/** Follows a local `$ref` (`#/…`) in the same file, a few hops at most; anything else is returned as it is. */
function resolveLocal(document: Document, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 8 && isRecord(current) && typeof current.$ref === "string"; hops++) {
    if (!current.$ref.startsWith("#/")) return current;
    current = valueAt(document.parsed, current.$ref);
  }
  return current;
}

const SSE_FIELDS = new Set(["data", "event", "id", "retry"]);
const isJsonMedia = (mediaType: unknown) => typeof mediaType === "string" && isJsonMediaType(mediaType);

/** Whether a schema is an SSE event object (its properties are among `data`, `event`, `id`, `retry`, `data` one of them). */
function isEventSchema(document: Document, schema: unknown): boolean {
  const resolved = resolveLocal(document, schema);
  if (!isRecord(resolved)) return false;
  const properties = resolved.properties;
  if (isRecord(properties)) {
    const names = Object.keys(properties);
    return names.includes("data") && names.every((name) => SSE_FIELDS.has(name));
  }
  for (const keyword of ["allOf", "oneOf", "anyOf"]) {
    const branches = resolved[keyword];
    if (Array.isArray(branches) && branches.some((branch) => isEventSchema(document, branch))) return true;
  }
  return false;
}

/** Whether a schema allows only text: `type: string` (or `[string]`), with nothing that says otherwise. */
function isTextSchema(document: Document, schema: unknown): boolean {
  const resolved = resolveLocal(document, schema);
  if (!isRecord(resolved)) return false;
  const type = resolved.type;
  return type === "string" || (Array.isArray(type) && type.length > 0 && type.every((each) => each === "string"));
}

/** The event schema with its `data` as the JSON it holds, and whether it does; copied, as a component may be shared. */
function decodeEventData(document: Document, schema: unknown, depth = 0): { schema: unknown; json: boolean } {
  const resolved = resolveLocal(document, schema);
  if (!isRecord(resolved) || depth > 8) return { schema, json: false };
  const properties = resolved.properties;
  const data = isRecord(properties) ? resolveLocal(document, properties.data) : undefined;
  if (isRecord(properties) && isRecord(data) && isJsonMedia(data.contentMediaType)) {
    const decoded = data.contentSchema === undefined ? {} : data.contentSchema;
    return { schema: { ...resolved, properties: { ...properties, data: decoded } }, json: true };
  }
  if (isRecord(properties) && properties.data !== undefined && !isTextSchema(document, properties.data)) {
    return { schema: resolved === schema ? schema : { ...resolved }, json: true };
  }
  let json = false;
  let changed: Record<string, unknown> | undefined;
  for (const keyword of ["allOf", "oneOf", "anyOf"]) {
    const branches = resolved[keyword];
    if (!Array.isArray(branches)) continue;
    const decoded = branches.map((branch) => decodeEventData(document, branch, depth + 1));
    if (decoded.some((each) => each.json)) {
      json = true;
      changed ??= { ...resolved };
      changed[keyword] = decoded.map((each) => each.schema);
    }
  }
  return { schema: changed ?? schema, json };
}

/** The generic event of the WHATWG format, carrying `data` as the given schema (a 3.1 stream's schema is each event's data). */
function eventAround(data: unknown): Record<string, unknown> {
  return {
    type: "object",
    required: ["data"],
    properties: {
      data,
      event: { type: "string" },
      id: { type: "string" },
      retry: { type: "integer", minimum: 0 },
    },
  };
}

function framesOf(format: StreamFormat, text: string): Frame[] {
  const framer = framerFor(format);
  return [...framer.push(text), ...framer.end()];
}

/** An example of a stream as the sequence of its items; anything unreadable left for the example check to report. */
function exampleSequence(value: unknown, format: StreamFormat, json: boolean, wrapped: boolean): unknown {
  let items: unknown = value;
  if (typeof value === "string") {
    const frames = framesOf(format, value);
    if (frames.some((frame) => frame.kind !== "event" && frame.kind !== "text")) return value;
    try {
      items = frames.map((frame) =>
        frame.kind === "event" ? frame.event : frame.kind === "text" ? (JSON.parse(frame.text) as unknown) : undefined,
      );
    } catch {
      return value;
    }
  } else if (wrapped) {
    items = (Array.isArray(value) ? (value as unknown[]) : [value]).map((data) => ({ data }));
  } else if (!Array.isArray(value)) {
    items = [value];
  }
  if (!json || !Array.isArray(items)) return items;
  return (items as unknown[]).map((event) =>
    isRecord(event) && typeof event.data === "string" ? { ...event, data: parsedOr(event.data) } : event,
  );
}

/** An Example Object's 3.1 `value`: its `dataValue`, else its `serializedValue` (parsed for a JSON media type). */
function lowerExampleObject(
  lowering: Lowering,
  example: Record<string, unknown>,
  site: Site,
  mediaType?: string,
): void {
  if (!("dataValue" in example) && !("serializedValue" in example)) return;
  note(lowering, "example-values", site);
  if ("dataValue" in example) example.value = example.dataValue;
  else if (typeof example.serializedValue === "string") {
    // Text that is no JSON is left as it is: the example check says it does not match its schema.
    example.value = isJsonMedia(mediaType) ? parsedOr(example.serializedValue) : example.serializedValue;
  }
  delete example.dataValue;
  delete example.serializedValue;
}

/** The examples of a media type that change here (`all`: a stream's); a `$ref`'d one copied in, so the change stays here. */
function examplesOf(
  lowering: Lowering,
  media: Record<string, unknown>,
  site: Site,
  mediaType: string,
  all: boolean,
): Array<Record<string, unknown>> {
  const examples = media.examples;
  if (!isRecord(examples)) return [];
  const found: Array<Record<string, unknown>> = [];
  for (const [name, raw] of Object.entries(examples)) {
    const resolved = resolveLocal(site.document, raw);
    if (!isRecord(resolved) || typeof resolved.$ref === "string") continue;
    if (!all && !("dataValue" in resolved) && !("serializedValue" in resolved)) continue;
    const example = resolved === raw ? resolved : { ...resolved };
    if (example !== raw) define(examples, name, example);
    lowerExampleObject(lowering, example, child(site, "examples", name), mediaType);
    found.push(example);
  }
  return found;
}

/** One Media Type Object: its 3.2 fields lowered, and a stream marked with its item schema as an array. */
function lowerMedia(lowering: Lowering, mediaType: string, media: Record<string, unknown>, site: Site): void {
  // `delete` only where the key is: deleting turns an object into a slow dictionary.
  if (STREAM_EXTENSION in media) delete media[STREAM_EXTENSION];
  const format = streamFormatOf(mediaType);
  const streams = format !== undefined && ("itemSchema" in media || media.schema !== undefined);
  const examples = examplesOf(lowering, media, site, mediaType, streams);
  for (const key of ["itemEncoding", "prefixEncoding"]) {
    if (key in media) {
      note(lowering, "item-encoding", child(site, key));
      delete media[key];
    }
  }
  const hasItems = "itemSchema" in media;
  if (!hasItems && (format === undefined || media.schema === undefined)) {
    if (format !== undefined) media[STREAM_EXTENSION] = format === "sse" ? { format, data: "text" } : { format };
    return;
  }
  let item: unknown;
  let wrapped = false;
  if (hasItems) {
    item = media.itemSchema;
    if (format === undefined) note(lowering, "item-not-streamed", child(site, "itemSchema"), mediaType);
    else note(lowering, "itemSchema", child(site, "itemSchema"), format);
    const whole = media.schema;
    media.schema =
      whole === undefined ? { type: "array", items: item } : { allOf: [whole, { type: "array", items: item }] };
    delete media.itemSchema;
  } else {
    note(lowering, "stream-schema", child(site, "schema"), format);
    const whole = resolveLocal(site.document, media.schema);
    const array = isRecord(whole) && whole.type === "array" && whole.items !== undefined;
    if (format === "sse" && !array && !isEventSchema(site.document, media.schema)) {
      wrapped = true;
      item = eventAround(media.schema);
    } else item = array ? whole.items : media.schema;
    if (!array) media.schema = { type: "array", items: item };
  }
  if (format === undefined) return;
  let json = false;
  if (format === "sse") {
    const decoded = decodeEventData(site.document, item);
    json = decoded.json;
    if (decoded.schema !== item) {
      const schema = media.schema as Record<string, unknown>;
      const arrays = Array.isArray(schema.allOf) ? (schema.allOf as Array<Record<string, unknown>>) : [schema];
      const last = arrays.at(-1);
      if (last) last.items = decoded.schema;
    }
    if (json) note(lowering, "sse-json-data", site);
  }
  media[STREAM_EXTENSION] = format === "sse" ? { format, data: json ? "json" : "text" } : { format };
  if ("example" in media) media.example = exampleSequence(media.example, format, json, wrapped);
  for (const example of examples) {
    if ("value" in example) example.value = exampleSequence(example.value, format, json, wrapped);
  }
}

/** Keys whose values hold no Media Type Object, not walked: they are most of a large contract. */
const NO_MEDIA_TYPE = new Set(["schema", "schemas", "itemSchema", "example", "examples"]);
function holdsNoMediaType(key: string): boolean {
  return NO_MEDIA_TYPE.has(key) || (key.startsWith("x-") && key !== ADDITIONAL_OPERATIONS);
}

/** Every Media Type Object and Example Object below a node (found by where they sit: `content/<type>`, `examples/<name>`). */
function walk(lowering: Lowering, node: unknown, site: Site, seen: WeakSet<object>): void {
  if (!isRecord(node) && !Array.isArray(node)) return;
  if (seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((item, index) => walk(lowering, item, child(site, String(index)), seen));
    return;
  }
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key];
    if (key === "content" && isRecord(value)) {
      for (const [mediaType, media, at] of entries(node, site, key)) {
        if (!mediaType.includes("/") || !isRecord(media) || typeof media.$ref === "string") continue;
        lowerMedia(lowering, mediaType, media, at);
        // Its encoding's headers may hold media types too.
        if (isRecord(media.encoding)) walk(lowering, media.encoding, child(at, "encoding"), seen);
      }
      continue;
    }
    if (key === "examples") lowerExamples(lowering, node, site);
    if (!holdsNoMediaType(key)) walk(lowering, value, child(site, key), seen);
  }
}

/** Each entry of a map (own keys only) with its site. */
function entries(node: unknown, site: Site, key: string): Array<[string, unknown, Site]> {
  const map = isRecord(node) ? node[key] : undefined;
  if (!isRecord(map)) return [];
  return Object.keys(map).map((name) => [name, map[name], child(site, key, name)]);
}

function lowerExamples(lowering: Lowering, holder: unknown, site: Site): void {
  for (const [, example, at] of entries(holder, site, "examples"))
    if (isRecord(example)) lowerExampleObject(lowering, example, at);
}

/** The Media Type Objects of a `content` map, and the headers of their encodings. */
function walkContent(lowering: Lowering, holder: unknown, site: Site): void {
  if (!isRecord(holder) || typeof holder.$ref === "string") return;
  for (const [mediaType, media, at] of entries(holder, site, "content")) {
    if (!isRecord(media) || typeof media.$ref === "string") continue;
    lowerMedia(lowering, mediaType, media, at);
    for (const [, encoding, encodingAt] of entries(media, at, "encoding")) walkHeaders(lowering, encoding, encodingAt);
  }
}

function walkParameter(lowering: Lowering, parameter: unknown, site: Site): void {
  if (!isRecord(parameter) || typeof parameter.$ref === "string") return;
  lowerExamples(lowering, parameter, site);
  walkContent(lowering, parameter, site);
}

function walkHeaders(lowering: Lowering, holder: unknown, site: Site): void {
  for (const [, header, at] of entries(holder, site, "headers")) walkParameter(lowering, header, at);
}

function walkParameters(lowering: Lowering, holder: unknown, site: Site): void {
  const list = isRecord(holder) ? holder.parameters : undefined;
  if (Array.isArray(list))
    list.forEach((parameter, index) => walkParameter(lowering, parameter, child(site, "parameters", String(index))));
}

function walkResponse(lowering: Lowering, response: unknown, site: Site): void {
  if (!isRecord(response) || typeof response.$ref === "string") return;
  walkHeaders(lowering, response, site);
  walkContent(lowering, response, site);
}

function walkPathItem(lowering: Lowering, item: unknown, site: Site, depth = 0): void {
  if (!isRecord(item) || depth > 4) return;
  walkParameters(lowering, item, site);
  const operations: Array<[unknown, Site]> = [...STANDARD_METHODS].map((method) => [item[method], child(site, method)]);
  for (const [, operation, at] of entries(item, site, ADDITIONAL_OPERATIONS)) operations.push([operation, at]);
  for (const [operation, at] of operations) {
    if (!isRecord(operation)) continue;
    walkParameters(lowering, operation, at);
    walkContent(lowering, operation.requestBody, child(at, "requestBody"));
    for (const [, response, responseAt] of entries(operation, at, "responses"))
      walkResponse(lowering, response, responseAt);
    walkCallbacks(lowering, operation, at, depth + 1);
  }
}

/** Every Media Type Object and Example Object of a document, where the specification puts them (no schema walked). */
function walkDocument(lowering: Lowering, document: Document): void {
  const root = document.parsed as Record<string, unknown>;
  const site: Site = { document, path: undefined };
  for (const [, item, at] of [...entries(root, site, "paths"), ...entries(root, site, "webhooks")]) {
    walkPathItem(lowering, item, at);
  }
  const components = child(site, "components");
  const parts = isRecord(root.components) ? root.components : {};
  for (const [, item, at] of entries(parts, components, "pathItems")) walkPathItem(lowering, item, at);
  for (const [, response, at] of entries(parts, components, "responses")) walkResponse(lowering, response, at);
  for (const [, body, at] of entries(parts, components, "requestBodies")) walkContent(lowering, body, at);
  for (const key of ["parameters", "headers"]) {
    for (const [, parameter, at] of entries(parts, components, key)) walkParameter(lowering, parameter, at);
  }
  for (const [mediaType, media, at] of entries(parts, components, "mediaTypes")) {
    if (isRecord(media)) lowerMedia(lowering, mediaType, media, at);
  }
  lowerExamples(lowering, parts, components);
  walkCallbacks(lowering, parts, components, 0);
}

function walkCallbacks(lowering: Lowering, holder: unknown, site: Site, depth: number): void {
  for (const [, callback, at] of entries(holder, site, "callbacks")) {
    for (const [, item, itemAt] of entries({ callback }, at, "callback")) walkPathItem(lowering, item, itemAt, depth);
  }
}

const STANDARD_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** A path item's `query` and `additionalOperations`, moved to `x-additional-operations`. */
function lowerPathItem(lowering: Lowering, item: Record<string, unknown>, site: Site): void {
  // Kept when lowered already: lowering the same document twice changes nothing.
  const moved: Record<string, unknown> = isRecord(item[ADDITIONAL_OPERATIONS]) ? item[ADDITIONAL_OPERATIONS] : {};
  if (isRecord(item.query)) {
    note(lowering, "query", child(site, "query"));
    define(moved, "query", item.query);
  }
  if ("query" in item) delete item.query;
  const additional = isRecord(item.additionalOperations) ? item.additionalOperations : {};
  for (const [method, operation] of Object.entries(additional)) {
    const lower = method.toLowerCase();
    if (!isRecord(operation) || STANDARD_METHODS.has(lower) || Object.hasOwn(moved, lower)) continue;
    note(lowering, "additional-operations", child(site, "additionalOperations", method));
    define(moved, lower, operation);
  }
  if ("additionalOperations" in item) delete item.additionalOperations;
  if (Object.keys(moved).length > 0) item[ADDITIONAL_OPERATIONS] = moved;
}

function lowerRoot(lowering: Lowering, document: Document): void {
  const root = document.parsed as Record<string, unknown>;
  const site: Site = { document, path: undefined };
  if ("$self" in root) {
    note(lowering, "self", child(site, "$self"));
    delete root.$self;
  }
  if (Array.isArray(root.tags)) {
    root.tags.forEach((tag: unknown, index) => {
      const keys = ["parent", "kind", "summary"];
      if (!isRecord(tag) || !keys.some((key) => key in tag)) return;
      note(lowering, "tags", child(site, "tags", String(index)));
      for (const key of keys) delete tag[key];
    });
  }
  const components = isRecord(root.components) ? root.components : {};
  for (const [, item, at] of [
    ...entries(root, site, "paths"),
    ...entries(root, site, "webhooks"),
    ...entries(components, child(site, "components"), "pathItems"),
  ]) {
    const resolved = resolveLocal(document, item);
    if (isRecord(resolved)) lowerPathItem(lowering, resolved, at);
  }
}

/** Path items in the other files of a contract (`paths: { /pets: { $ref: paths/pets.yaml } }`). */
function lowerReferencedPathItems(lowering: Lowering, entry: Document): void {
  const paths = (entry.parsed as Record<string, unknown>).paths;
  if (!isRecord(paths)) return;
  for (const item of Object.values(paths)) {
    if (!isRecord(item) || typeof item.$ref !== "string" || item.$ref.startsWith("#")) continue;
    const [file = "", fragment = ""] = item.$ref.split("#");
    const absolute = resolve(dirname(entry.source.absoluteRef), file);
    const target = lowering.documents.find((document) => document.source.absoluteRef === absolute);
    if (target === undefined) continue;
    const node: unknown = fragment === "" ? target.parsed : valueAt(target.parsed, `#${fragment}`);
    const steps = fragment.split("/").slice(1).map(unescapeSegment);
    if (isRecord(node)) lowerPathItem(lowering, node, child({ document: target, path: undefined }, ...steps));
  }
}

/** Lowers the contract's files in place, entry first, one located warning per kind. Idempotent. */
export function lowerContract(root: string, documents: readonly Document[]): Problem[] {
  const [entry] = documents;
  if (entry === undefined || !isRecord(entry.parsed)) return [];
  const lowering: Lowering = { documents, seen: new Map() };
  lowerRoot(lowering, entry);
  lowerReferencedPathItems(lowering, entry);
  const seen = new WeakSet<object>();
  // The entry is walked along its structure; another file (a path item, a response) has none to go by.
  walkDocument(lowering, entry);
  for (const document of documents.slice(1)) walk(lowering, document.parsed, { document, path: undefined }, seen);
  return [...lowering.seen].map(([kind, { count, first, details }]) => {
    const detail = [...details].map(([name, times]) => (times === 1 ? name : `${name} ×${times}`)).join(", ");
    const pointer = pointerOf(first.path);
    return {
      severity: "warning",
      file: relative(root, first.document.source.absoluteRef),
      ...locate(first.document.source, pointer, true),
      pointer: `#${pointer}`,
      rule: `openapi-3.2/${kind}`,
      message: SAY[kind](count, detail),
    };
  });
}

/** Whether a contract's `openapi` version is one `npm run api` reads (3.0, 3.1 and, lowered, 3.2). */
export const READABLE_VERSION = /^3\.[012]\.\d+/;

/** openapi-typescript's context with each additional operation typed in `operations` (not `paths`: openapi-fetch knows only its methods). */
export function withAdditionalOperations(schema: OpenAPI3, ctx: GlobalContext): GlobalContext {
  for (const [path, item] of Object.entries(schema.paths ?? {})) {
    const operations = own(item, ADDITIONAL_OPERATIONS);
    if (!isRecord(operations)) continue;
    const shared = own<Array<ParameterObject | ReferenceObject>>(item, "parameters") ?? [];
    for (const [method, raw] of Object.entries(operations)) {
      if (!isRecord(raw) || typeof raw.operationId !== "string") continue;
      const operation = raw as unknown as OperationObject & { operationId: string };
      const keyed = new Map<string, ParameterObject | ReferenceObject>();
      for (const parameter of [...shared, ...(operation.parameters ?? [])]) {
        const resolved = "$ref" in parameter ? ctx.resolve<ParameterObject>(parameter.$ref) : parameter;
        keyed.set(`${resolved?.in ?? ""}-${resolved?.name ?? ""}`, parameter);
      }
      injectOperationObject(
        operation.operationId,
        { ...operation, parameters: [...keyed.values()] as ParameterObject[] },
        { path: `#/paths/${escapeSegment(path)}/${ADDITIONAL_OPERATIONS}/${escapeSegment(method)}`, ctx },
      );
    }
  }
  return ctx;
}
