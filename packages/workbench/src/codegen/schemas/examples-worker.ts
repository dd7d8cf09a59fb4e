// contract.json arrives as UTF-8 bytes (moved, where a string would be copied).
import { parentPort } from "node:worker_threads";
import { findBrokenExamples, type ExampleSite } from "./example-checks.ts";

/** What the main thread asks: one contract's sites, numbered so answers find their request. */
export interface ExamplesRequest {
  id: number;
  /** contract.json's text, UTF-8. */
  contractJson: Uint8Array<ArrayBuffer>;
  sites: ExampleSite[];
  budgetMs: number;
}

parentPort?.on("message", ({ id, contractJson, sites, budgetMs }: ExamplesRequest) => {
  try {
    const text = Buffer.from(contractJson.buffer, contractJson.byteOffset, contractJson.byteLength).toString("utf8");
    parentPort?.postMessage({ id, result: findBrokenExamples(JSON.parse(text), sites, budgetMs) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
