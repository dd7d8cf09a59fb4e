import type { ContractSchemas } from "../contract/contract-types.ts";
import { isJsonMediaType } from "../contract/media-and-status.ts";
import { define } from "../contract/own.ts";
import type { Recording } from "../contract/recorded.ts";
import { scrubJson } from "../contract/secrets.ts";

export type { RecordedAnswer, Recording } from "../contract/recorded.ts";

/** `format: password` or `writeOnly`, anywhere. */
function sensitiveProperties(contract: ContractSchemas): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64 || typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) return node.forEach((item) => walk(item, depth + 1));
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === "object" && properties !== null) {
      for (const [name, schema] of Object.entries(properties)) {
        const marks = schema as { format?: unknown; writeOnly?: unknown } | null;
        if (marks?.format === "password" || marks?.writeOnly === true) names.add(name);
      }
    }
    for (const value of Object.values(node)) walk(value, depth + 1);
  };
  walk(contract, 0);
  return names;
}

/** Keeps the first answer per operation, scrubbed, its body parsed when JSON ("" for none). */
export function createRecording(contract: ContractSchemas) {
  const sensitive = sensitiveProperties(contract);
  const recording: Recording = {};
  const keep = (operationId: string, status: number, mediaType: string, text: string): void => {
    if (Object.hasOwn(recording, operationId)) return;
    let body: unknown = text === "" ? null : text;
    if (text !== "" && isJsonMediaType(mediaType)) body = JSON.parse(text) as unknown;
    const scrubbed = scrubJson(body, (pointer) => sensitive.has(pointer.split("/").at(-1) ?? ""));
    define(recording, operationId, { status, mediaType, body: scrubbed });
  };
  return { recording, keep };
}

/** For the `recorded` scenario: `recording()` is what mocks/recorded/recorded.json holds. */
export function createRecorder(contract: ContractSchemas) {
  const { recording, keep } = createRecording(contract);
  return {
    async keep(operationId: string, response: Response): Promise<void> {
      if (Object.hasOwn(recording, operationId)) return;
      keep(operationId, response.status, response.headers.get("content-type") ?? "", await response.text());
    },
    recording(): Recording {
      return structuredClone(recording);
    },
    get size(): number {
      return Object.keys(recording).length;
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
