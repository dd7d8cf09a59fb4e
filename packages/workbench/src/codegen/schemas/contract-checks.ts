// Warnings: such a schema is valid, only unsatisfiable, and the rest of the contract generates.
import type { Document } from "@redocly/openapi-core";
import { extname, relative } from "node:path";
import { Worker } from "node:worker_threads";
import type { OpenAPI3 } from "openapi-typescript";
import type { ContractSchemas } from "../../contract/contract-types.ts";
import { escapeSegment, pointerOf, type PathStep } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";
import { VALUE_KEYS } from "../../contract/schema-keys.ts";
import { warningAt, type Problem } from "../input/contract-error.ts";
import type { ExampleSite, ExamplesChecked } from "./example-checks.ts";
import type { ExamplesRequest } from "./examples-worker.ts";
import { operationsOf } from "../manifest/operations.ts";
import { locate, parsedAsJson } from "../input/locate.ts";
import { checkedOnce } from "./examples-cache.ts";
import { drawPattern } from "../../fixtures/data/pattern-strings.ts";
import { patternLength } from "../../contract/pattern-length.ts";
import { isSchemaPosition, malformedKeyword } from "../lowering/schema-keywords.ts";

/** Empty enums, contradictory patterns and malformed schema keywords, located in the files as read. */
export function checkSchemas(root: string, documents: readonly Document[]): Problem[] {
  const problems: Problem[] = [];
  const malformed: Problem[] = [];
  for (const document of documents) {
    const file = relative(root, document.source.absoluteRef);
    const inFile = (pointer: string) => ({ file, ...locate(document.source, pointer) });
    const warn = (pointer: string, rule: string, message: string, fix: string) =>
      problems.push(warningAt(inFile, pointer, { rule, message, fix }));
    const stack: Array<{ node: unknown; path: PathStep | undefined }> = [{ node: document.parsed, path: undefined }];
    // Only YAML aliases share a node: JSON.parse's trees need no record of what was met.
    const seen = parsedAsJson(document.source) ? undefined : new Set<unknown>();
    while (stack.length > 0) {
      const { node, path } = stack.pop() ?? { node: undefined, path: undefined };
      if (typeof node !== "object" || node === null || seen?.has(node)) continue;
      seen?.add(node);
      if (isRecord(node)) {
        for (const [keyword, value] of isSchemaPosition(path) ? Object.entries(node) : []) {
          const must = malformedKeyword(keyword, value, node);
          if (must === undefined) continue;
          const pointer = `${pointerOf(path)}/${escapeSegment(keyword)}`;
          // Located only the first: the rest are counted.
          malformed.push({
            severity: "warning",
            file,
            ...(malformed.length === 0 ? locate(document.source, pointer) : {}),
            pointer: `#${pointer}`,
            rule: "malformed-keyword",
            message: `\`${keyword}: ${JSON.stringify(value)?.slice(0, 40)}\`, which must be ${must}`,
          });
        }
        if (Array.isArray(node.enum) && node.enum.length === 0)
          warn(
            `${pointerOf(path)}/enum`,
            "empty-enum",
            "`enum: []` allows no value at all: an optional value is left out of requests and fixtures, and a response that requires it cannot be answered.",
            "list the allowed values, or remove `enum`.",
          );
        const pattern = node.pattern;
        const length = typeof pattern === "string" ? patternLength(pattern) : undefined;
        const minLength = typeof node.minLength === "number" ? node.minLength : 0;
        const maxLength = typeof node.maxLength === "number" ? node.maxLength : Infinity;
        const drawn =
          typeof pattern === "string" && length === undefined && (minLength > 0 || maxLength < Infinity)
            ? drawPattern(pattern, minLength, maxLength, 1)
            : undefined;
        // A pattern drawn in vain, or one whose lengths exclude the limits (never both: one needs `length`).
        let unsatisfiable: string | undefined;
        if (isRecord(drawn) && "none" in drawn) {
          unsatisfiable = `no string of ${minLength}${maxLength === Infinity ? " or more" : ` to ${maxLength}`} characters matching the pattern ${String(pattern)} was found; the fixtures cannot keep the pattern and the length limits together.`;
        } else if (length !== undefined && (length.max < minLength || length.min > maxLength)) {
          unsatisfiable = `the pattern ${String(pattern)} matches ${length.min === length.max ? length.min : length.max === Infinity ? `${length.min} or more` : `${length.min} to ${length.max}`} characters, but ${length.max < minLength ? `minLength is ${minLength}` : `maxLength is ${maxLength}`}: no string satisfies both.`;
        }
        if (unsatisfiable !== undefined)
          warn(
            `${pointerOf(path)}/pattern`,
            "unsatisfiable-pattern",
            unsatisfiable,
            "make the pattern and the length limits agree.",
          );
      }
      // Under `properties` (and the like) keys are names: a property may be called `example`.
      const names = Array.isArray(node) || (path !== undefined && NAME_KEYS.has(path.key));
      for (const key of Object.keys(node).reverse()) {
        if (!names && (VALUE_KEYS.has(key) || key.startsWith("x-"))) continue;
        stack.push({ node: (node as Record<string, unknown>)[key], path: { key, parent: path } });
      }
    }
  }
  const first = malformed[0];
  if (first !== undefined) {
    problems.push({
      ...first,
      message:
        malformed.length === 1
          ? `a schema keyword has a value no validator can use: dropped from its schema, which keeps its other keywords (here: ${first.message}).`
          : `${malformed.length} schema keywords have values no validator can use, each dropped from its own schema, which keeps its other keywords (the first is here: ${first.message}).`,
      fix: "correct the value, or remove the keyword.",
    });
  }
  return problems;
}

/** Keys under which a contract names things (properties, schemas): the keys below them are names, not keywords. */
const NAME_KEYS = new Set(["properties", "patternProperties", "schemas", "$defs", "definitions", "dependentSchemas"]);

/** Checking examples compiles their schemas, seconds on a large contract: the check stops after this and says how many it left. */
export const EXAMPLES_BUDGET_MS = 3_000;

/** The thread that checks examples: started on first use, kept for the next contract, never holding the process open while idle. */
let worker: Worker | undefined;
const pending = new Map<number, { resolve: (result: ExamplesChecked) => void; reject: (error: Error) => void }>();
let nextId = 0;

function examplesWorker(): Worker {
  if (worker !== undefined) return worker;
  // Its sibling as this module runs: .ts in the workspace, .js compiled in a package's dist/.
  const started = new Worker(new URL(`./examples-worker${extname(import.meta.url)}`, import.meta.url));
  const failAll = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  started.on("message", ({ id, result, error }: { id: number; result?: ExamplesChecked; error?: string }) => {
    const request = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (result !== undefined) request?.resolve(result);
    else request?.reject(new Error(`checking the examples failed: ${error ?? "no answer"}`));
  });
  started.on("error", failAll);
  started.on("exit", (code) => failAll(new Error(`the examples' checker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function checkInWorker(request: Omit<ExamplesRequest, "id">): Promise<ExamplesChecked> {
  const current = examplesWorker();
  const id = nextId++;
  current.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // The buffer is moved, not copied: a string would cross as a copy.
    current.postMessage({ id, ...request } satisfies ExamplesRequest, [request.contractJson.buffer]);
  });
}

/** Examples that break their own schema in contract.json, checked in a worker while the caller makes the types. */
export async function checkExamples(
  root: string,
  entry: Document,
  bundled: OpenAPI3,
  contract: ContractSchemas,
  contractJson: string,
  budgetMs = EXAMPLES_BUDGET_MS,
): Promise<Problem[]> {
  const sites: Array<ExampleSite & { key: string; type: string; source: string }> = [];
  for (const item of operationsOf(bundled)) {
    const { key } = item;
    const operation = Object.hasOwn(contract.operations, key) ? contract.operations[key] : undefined;
    if (operation === undefined) continue;
    const parts = Object.entries(operation.responses).map(([status, response]) => ({
      part: `responses/${escapeSegment(status)}`,
      content: response.content,
    }));
    if (operation.requestBody) parts.push({ part: "requestBody", content: operation.requestBody.content });
    for (const { part, content } of parts) {
      for (const [type, media] of Object.entries(content)) {
        if (media.schema === undefined || media.examples.length === 0) continue;
        sites.push({
          key,
          type,
          contract: `/operations/${escapeSegment(key)}/${part}/content/${escapeSegment(type)}`,
          source: `/paths/${escapeSegment(item.path)}/${item.method}/${part}/content/${escapeSegment(type)}`,
          count: media.examples.length,
        });
      }
    }
  }
  if (sites.length === 0) return [];
  const file = relative(root, entry.source.absoluteRef);
  const request = sites.map(({ contract: pointer, count }) => ({ contract: pointer, count }));
  const { broken, checked, unchecked } = await checkedOnce(root, file, contractJson, request, () =>
    checkInWorker({ contractJson: new TextEncoder().encode(contractJson), sites: request, budgetMs }),
  );
  const problems: Problem[] = broken.map(({ site: index, index: position, at }) => {
    const site = sites[index] ?? { key: "", type: "", source: "" };
    return {
      severity: "warning",
      file,
      // At `example` when the entry file writes one there; else the nearest node it has.
      ...locate(entry.source, `${site.source}/example`),
      pointer: `#${site.source}`,
      rule: "example-breaks-schema",
      message: `${site.key}: example ${position + 1} of ${site.type} breaks its own schema (${at}); the fixtures skip it.`,
      fix: "correct the example, or the schema if the example is right.",
    };
  });
  if (unchecked > 0) {
    problems.push({
      severity: "warning",
      file,
      rule: "examples-unchecked",
      message: `${unchecked.toLocaleString("en")} examples were not checked against their schemas (${checked.toLocaleString("en")} were, in the ${budgetMs / 1000} s allowed); the fixtures check each one they use.`,
    });
  }
  return problems;
}
