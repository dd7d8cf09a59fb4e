import type { OpenAPI3, OperationObject, ParameterObject, ReferenceObject } from "openapi-typescript";

import { own } from "../../contract/own.ts";
import { valueAt } from "../../contract/pointer.ts";
import { withoutFragment } from "../../contract/variant-marks.ts";
import { isRecord } from "../../contract/records.ts";
import { METHODS, type OperationMethod } from "@contract-workbench/runtime/manifest";
import { ADDITIONAL_OPERATIONS } from "../lowering/openapi-32.ts";
import { operationNames } from "./operation-names.ts";

function isReference(value: unknown): value is ReferenceObject {
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

/** The parameters of an operation, declared or only templated; one the template does not use is left out, as the URL is. */
export function operationParameters(document: OpenAPI3, entry: OperationEntry): ParameterObject[] {
  const declared = declaredParameters(document, entry);
  const used = templateNames(entry.path);
  return [
    ...declared.filter(
      (parameter) =>
        (parameter.in !== "path" || used.has(parameter.name)) &&
        (parameter.in !== "header" || isHeaderName(parameter.name)),
    ),
    ...undeclaredPathParameters(entry.path, declared),
  ];
}

/** Whether a name can be a header's (an HTTP token, RFC 9110 §5.1): `fetch` refuses any other. */
export function isHeaderName(name: string): boolean {
  return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
}

/** The names a path's template uses (`/users/{id}` → `id`), outside a fragment, which is never sent. */
export function templateNames(path: string): Set<string> {
  return new Set([...withoutFragment(path).matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? ""));
}

/** The parameters an operation's entries declare (its path item's, then its own), without those only its path's template names. */
export function declaredParameters(document: OpenAPI3, entry: OperationEntry): ParameterObject[] {
  const resolve = (list: Array<ParameterObject | ReferenceObject> | undefined) =>
    (list ?? [])
      .map((parameter) => deref(document, parameter))
      .filter((parameter): parameter is ParameterObject => parameter !== undefined);
  const shared = resolve(entry.shared);
  const own = resolve(entry.operation.parameters);
  return [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
}

/** The template's parameters no entry declares, each a required string, as openapi-typescript takes them. */
export function undeclaredPathParameters(path: string, declared: readonly ParameterObject[]): ParameterObject[] {
  // A template in the key's query (`/search?query={query}`) marks where a query parameter goes.
  const query = withoutFragment(path).split("?").slice(1).join("?");
  return [...templateNames(path)]
    .filter((name) => !declared.some((parameter) => parameter.in === "path" && parameter.name === name))
    .filter((name) => !(query.includes(`{${name}}`) && declared.some((parameter) => parameter.name === name)))
    .map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
}

/** Whether a parameter must be sent: as declared, and a path parameter always. */
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
  /** The name it is known by everywhere: its `operationId`, else one derived from its method and path (./operation-names.ts). */
  key: string;
}

/** Each document's operations, listed once: the names derived for some depend on all the others. */
const listed = new WeakMap<OpenAPI3, OperationEntry[]>();

/** Every operation of a bundled document, in document order (a 3.2 path item's additional ones after its methods). */
export function operationsOf(document: OpenAPI3): OperationEntry[] {
  const known = listed.get(document);
  if (known !== undefined) return known;
  const found: Array<Omit<OperationEntry, "key">> = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = deref(document, rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const operation = deref<OperationObject>(document, item[method] as OperationObject | ReferenceObject);
      if (operation) found.push({ path, method, operation, shared: item.parameters ?? [] });
    }
    const additional = own(item, ADDITIONAL_OPERATIONS);
    for (const [method, raw] of Object.entries(isRecord(additional) ? additional : {})) {
      const operation = deref<OperationObject>(document, raw as OperationObject | ReferenceObject);
      if (operation) found.push({ path, method, operation, shared: item.parameters ?? [] });
    }
  }
  const names = operationNames(found);
  const entries = found.map((entry, index) => ({ ...entry, key: names[index] ?? "" }));
  listed.set(document, entries);
  return entries;
}

/** The first operation named from its method and path, and its name (`GET /pets` is `getPets`), for the note. */
export function firstDerivedName(document: OpenAPI3): string | undefined {
  // Not one renamed for repeating another's `operationId`: its own warning says so.
  const entry = operationsOf(document).find(
    ({ operation, key }) =>
      operation.operationId !== key && (typeof operation.operationId !== "string" || operation.operationId === ""),
  );
  return entry === undefined ? undefined : `\`${entry.method.toUpperCase()} ${entry.path}\` is \`${entry.key}\``;
}
