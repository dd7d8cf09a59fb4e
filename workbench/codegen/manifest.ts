import { createHash } from "node:crypto";
import type { OpenAPI3, OperationObject, ParameterObject, ReferenceObject, ResponseObject } from "openapi-typescript";

import { own } from "../contract/own.ts";
import { escapeSegment, valueAt } from "../contract/pointer.ts";
import { isRecord } from "../contract/records.ts";
import {
  METHODS,
  type Manifest,
  type ManifestOperation,
  type ManifestResource,
  type Method,
} from "../../src/api/manifest-types.ts";
import { ContractError } from "./contract-error.ts";

export type {
  Manifest,
  ManifestOperation,
  ManifestParameter,
  ManifestResponse,
  Method,
} from "../../src/api/manifest-types.ts";

export function isReference(value: unknown): value is ReferenceObject {
  return typeof value === "object" && value !== null && "$ref" in value;
}

/** Follows a local `#/…` reference in the bundled document (bundling leaves only local ones). */
export function deref<T>(document: OpenAPI3, value: T | ReferenceObject): T | undefined {
  let current: unknown = value;
  for (let hops = 0; isReference(current) && hops < 32; hops++) {
    const pointer = current.$ref;
    if (!pointer.startsWith("#/")) return undefined;
    current = valueAt(document, pointer);
  }
  return isReference(current) ? undefined : (current as T | undefined);
}

/**
 * The parameters that apply to an operation, references followed: its path item's, then
 * its own; an own one replaces a path-level one of the same name and place.
 *
 * @example
 * operationParameters(document, entry).map((parameter) => parameter.name); // ["id", "dryRun"]
 */
export function operationParameters(document: OpenAPI3, entry: OperationEntry): ParameterObject[] {
  const resolve = (list: Array<ParameterObject | ReferenceObject> | undefined) =>
    (list ?? [])
      .map((parameter) => deref(document, parameter))
      .filter((parameter): parameter is ParameterObject => parameter !== undefined);
  const shared = resolve(entry.shared);
  const own = resolve(entry.operation.parameters);
  return [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
}

/**
 * Whether a parameter must be sent: as declared, and a path parameter always.
 *
 * @example
 * isRequired({ name: "id", in: "path" }); // true
 */
export function isRequired(parameter: ParameterObject): boolean {
  return parameter.required ?? parameter.in === "path";
}

function hash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);
}

/** One operation of the bundled document, with the path item it sits in. */
export interface OperationEntry {
  path: string;
  method: Method;
  operation: OperationObject;
  /** The path item's shared parameters (references not yet followed). */
  shared: Array<ParameterObject | ReferenceObject>;
}

/** Every operation of a bundled document, in document order (paths, then methods in the specification's order). */
export function operationsOf(document: OpenAPI3): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = deref(document, rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const operation = deref<OperationObject>(document, item[method] as OperationObject | ReferenceObject);
      if (operation) entries.push({ path, method, operation, shared: item.parameters ?? [] });
    }
  }
  return entries;
}

/** The key an operation is known by everywhere (manifest, fixtures, hooks). */
export function operationKey({ operation, method, path }: OperationEntry): string {
  // The lint step makes operationId required; the fallback only serves a document linted elsewhere.
  return operation.operationId ?? `${method} ${path}`;
}

/**
 * Lists the operations and named schemas of a bundled OpenAPI document.
 *
 * @example
 * buildManifest(document).operations.map((op) => `${op.method} ${op.path}`);
 */
export function buildManifest(document: OpenAPI3, locate: Locate = () => ({ file: "" })): Manifest {
  const operations: ManifestOperation[] = operationsOf(document).map((entry) => {
    const { path, method, operation } = entry;
    const resource = resourceOf(document, entry, locate);
    const parameters = operationParameters(document, entry).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: isRequired(parameter),
    }));
    const body = operation.requestBody ? deref(document, operation.requestBody) : undefined;
    const responses = Object.entries(operation.responses ?? {}).map(([status, raw]) => {
      const response = deref<ResponseObject>(document, raw);
      const headers = Object.keys(response?.headers ?? {});
      return { status, mediaTypes: Object.keys(response?.content ?? {}), ...(headers.length > 0 ? { headers } : {}) };
    });
    const security = operation.security ?? document.security ?? [];
    return {
      operationId: operationKey(entry),
      method,
      path,
      summary: operation.summary ?? null,
      tags: operation.tags ?? [],
      parameters,
      requestBody: body ? { required: body.required ?? false, mediaTypes: Object.keys(body.content ?? {}) } : null,
      responses,
      security: security.map((requirement) => Object.keys(requirement)),
      ...(resource === undefined ? {} : { resource }),
    };
  });
  return {
    title: document.info.title,
    version: document.info.version,
    openapi: document.openapi,
    operations,
    schemas: Object.entries(document.components?.schemas ?? {})
      .map(([name, schema]) => ({ name, hash: hash(schema) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Where a JSON pointer of the bundled document is in the contract's files (line and column when known). */
export type Locate = (pointer: string) => { file: string; line?: number; column?: number };

const RESOURCE_EXTENSION = "x-fixtures-resource";

/**
 * The operation's `x-fixtures-resource` (else its path item's): `false`, or an object
 * with an optional `name` and `key`, both non-empty strings. Anything else is a located
 * ContractError, so a typo never silently turns the stateful fixtures off.
 */
function resourceOf(document: OpenAPI3, entry: OperationEntry, locate: Locate): ManifestResource | undefined {
  const item = deref(document, document.paths?.[entry.path]);
  const onOperation = own(entry.operation, RESOURCE_EXTENSION);
  const value = onOperation !== undefined ? onOperation : own(item, RESOURCE_EXTENSION);
  if (value === undefined) return undefined;
  const pointer = `/paths/${escapeSegment(entry.path)}${onOperation !== undefined ? `/${entry.method}` : ""}/${RESOURCE_EXTENSION}`;
  if (value === false) return false;
  const record = isRecord(value) ? value : undefined;
  const keys = record ? Object.keys(record) : [];
  const fields = record as { name?: unknown; key?: unknown } | undefined;
  const valid =
    fields !== undefined &&
    keys.every((key) => key === "name" || key === "key") &&
    [fields.name, fields.key].every((field) => field === undefined || (typeof field === "string" && field !== ""));
  if (!valid) {
    throw new ContractError([
      {
        severity: "error",
        ...locate(pointer),
        pointer,
        message: `${RESOURCE_EXTENSION} must be false or an object with only \`name\` and \`key\` (non-empty strings), got ${JSON.stringify(value)}.`,
        fix: "write e.g. `x-fixtures-resource: { name: tag, key: slug }`, or `false` to keep these answers stateless.",
      },
    ]);
  }
  return {
    ...(typeof fields.name === "string" ? { name: fields.name } : {}),
    ...(typeof fields.key === "string" ? { key: fields.key } : {}),
  };
}
