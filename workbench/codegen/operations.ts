// The operations of a bundled OpenAPI document and what each needs read from it
// (references followed, parameters merged), for the manifest and the paging finder.
import type { OpenAPI3, OperationObject, ParameterObject, ReferenceObject } from "openapi-typescript";

import { own } from "../contract/own.ts";
import { valueAt } from "../contract/pointer.ts";
import { isRecord } from "../contract/records.ts";
import { METHODS, type OperationMethod } from "../../src/api/manifest-types.ts";
import { ADDITIONAL_OPERATIONS } from "./openapi-32.ts";

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

/** One operation of the bundled document, with the path item it sits in. */
export interface OperationEntry {
  path: string;
  /** One of OpenAPI 3.1's methods, or (from a 3.2 contract) `query` or another method in lower case. */
  method: OperationMethod;
  operation: OperationObject;
  /** The path item's shared parameters (references not yet followed). */
  shared: Array<ParameterObject | ReferenceObject>;
}

/**
 * Every operation of a bundled document, in document order (paths, then methods in the
 * specification's order, then a 3.2 path item's `query` and `additionalOperations`, which
 * ./openapi-32.ts moved aside).
 */
export function operationsOf(document: OpenAPI3): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = deref(document, rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const operation = deref<OperationObject>(document, item[method] as OperationObject | ReferenceObject);
      if (operation) entries.push({ path, method, operation, shared: item.parameters ?? [] });
    }
    const additional = own(item, ADDITIONAL_OPERATIONS);
    for (const [method, raw] of Object.entries(isRecord(additional) ? additional : {})) {
      const operation = deref<OperationObject>(document, raw as OperationObject | ReferenceObject);
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

/** Where a JSON pointer of the bundled document is in the contract's files (line and column when known). */
export type Locate = (pointer: string) => { file: string; line?: number; column?: number };
