import type { ContractSchemas } from "../contract/contract-types.ts";
import { createRecording, type Recording } from "./recording.ts";

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
