// What the drift check saw that keeps the contract, kept as a recording (the first answer per
// operation) for the fixtures' `recorded` scenario: status, media type and a scrubbed body.
import type { ContractSchemas } from "../contract/contract-types.ts";
import { isJsonMediaType } from "../contract/media-and-status.ts";
import { scrubJson } from "../contract/secrets.ts";
import { sensitiveProperties, type Recording } from "./recording.ts";

/** Keeps the first answer per operation; `recording()` is what mocks/recorded/recorded.json holds. */
export function createRecorder(contract: ContractSchemas) {
  const sensitive = sensitiveProperties(contract);
  const recording: Recording = {};
  return {
    async keep(operationId: string, response: Response): Promise<void> {
      if (Object.hasOwn(recording, operationId)) return;
      const mediaType = response.headers.get("content-type") ?? "";
      const text = await response.text();
      let body: unknown = text === "" ? null : text;
      if (text !== "" && isJsonMediaType(mediaType)) body = JSON.parse(text) as unknown;
      Object.defineProperty(recording, operationId, {
        value: {
          status: response.status,
          mediaType,
          body: scrubJson(body, (pointer) => sensitive.has(pointer.split("/").at(-1) ?? "")),
        },
        enumerable: true,
        writable: true,
        configurable: true,
      });
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
