// What the probe asks of each operation, with values from the contract or from earlier answers (a list's `id`).
import type { ContractSchemas, JsonSchema } from "../contract/contract-types.ts";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { resolve } from "../contract/schema-types.ts";

/** The only ones called without `--unsafe` (OpenAPI 3.2's `query` is a GET with a body). */
export const SAFE_METHODS = new Set(["get", "head", "query"]);

/** An example, the default, a const, the first enum value. */
export function contractValue(contract: ContractSchemas, schema: JsonSchema | undefined): unknown {
  const node = resolve(contract, schema);
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  for (const keyword of ["example", "default", "const"]) if (node[keyword] !== undefined) return node[keyword];
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if (node.type === "array") {
    const item = contractValue(contract, node.items as JsonSchema | undefined);
    return item === undefined ? undefined : [item];
  }
  // A number or a flag the contract gives no value for: its lower bound, else 1; `true`.
  if (node.type === "integer" || node.type === "number") return typeof node.minimum === "number" ? node.minimum : 1;
  if (node.type === "boolean") return true;
  return undefined;
}

/** By property name, so that a later `{id}` or `{petId}` can use a real one. */
export function createSeenValues() {
  const seen = new Map<string, unknown>();
  function walk(value: unknown, depth: number): void {
    if (depth > 4 || typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) return value.slice(0, 20).forEach((item) => walk(item, depth + 1));
    for (const [key, item] of Object.entries(value)) {
      if (["string", "number"].includes(typeof item) && !seen.has(key.toLowerCase())) seen.set(key.toLowerCase(), item);
      else walk(item, depth + 1);
    }
  }
  return {
    learn: (body: unknown) => walk(body, 0),
    /** `petId`, then `pet_id`'s and `id`'s spellings: the parameter's own name first, then a bare id. */
    valueFor(name: string): unknown {
      const lower = name.toLowerCase();
      return (
        seen.get(lower) ?? seen.get(lower.replace(/[-_]/g, "")) ?? (/id$/i.test(name) ? seen.get("id") : undefined)
      );
    },
  };
}

export type SeenValues = ReturnType<typeof createSeenValues>;

export interface PlannedCall {
  operation: ManifestOperation;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** OpenAPI's `simple` style. */
function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(",");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A path that would leave `base` (`//other.host`) is refused. */
export function planCall(
  base: URL,
  operation: ManifestOperation,
  contract: ContractSchemas,
  seen: SeenValues,
): PlannedCall | { skipped: string } {
  const contractOperation = contract.operations[operation.operationId];
  const parameters = contractOperation?.parameters ?? [];
  let path = operation.path.split("?")[0] ?? "";
  const query = new URLSearchParams(operation.path.includes("?") ? operation.path.split("?")[1] : "");
  const headers: Record<string, string> = {};
  for (const parameter of parameters) {
    if (parameter.in === "cookie") continue;
    const value =
      contractValue(contract, parameter.schema) ??
      (parameter.in === "path" ? seen.valueFor(parameter.name) : undefined);
    if (value === undefined) {
      if (parameter.required) return { skipped: `no value for the ${parameter.in} parameter ${parameter.name}` };
      continue;
    }
    if (parameter.in === "path") path = path.replaceAll(`{${parameter.name}}`, encodeURIComponent(text(value)));
    else if (parameter.in === "header") headers[parameter.name] = text(value);
    else if (parameter.required) [value].flat().forEach((item) => query.append(parameter.name, text(item)));
  }
  let body: string | undefined;
  const requestBody = contractOperation?.requestBody;
  if (requestBody) {
    const json = Object.entries(requestBody.content).find(([type]) => type.includes("json"));
    const example = json?.[1].examples[0] ?? contractValue(contract, json?.[1].schema);
    if (example === undefined && requestBody.required) return { skipped: "no example for the request body" };
    if (example !== undefined && json) {
      body = JSON.stringify(example);
      headers["Content-Type"] = json[0];
    }
  }
  const relative = `${path.replace(/^\/+/, "")}${query.size > 0 ? `?${query}` : ""}`;
  const prefix = base.pathname.endsWith("/") ? base.href : `${base.href}/`;
  const url = new URL(relative, prefix);
  if (url.origin !== base.origin) return { skipped: `its path would leave ${base.origin}` };
  return {
    operation,
    url: url.href,
    method: operation.method.toUpperCase(),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}
