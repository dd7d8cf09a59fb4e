/**
 * The worker thread that checks a contract's examples (`example-checks.ts`) while the main
 * thread generates its types: on GitHub's description each takes about a second, side by
 * side on two cores. It gets contract.json's text (a string crosses threads as one copy, an
 * object graph as a walk) and answers with what broke; `contract-checks.ts` starts it.
 */
import { parentPort } from "node:worker_threads";
import { findBrokenExamples, type ExampleSite } from "./example-checks.ts";

/** What the main thread asks: one contract's sites, numbered so answers find their request. */
export interface ExamplesRequest {
  id: number;
  contractJson: string;
  sites: ExampleSite[];
  budgetMs: number;
}

parentPort?.on("message", ({ id, contractJson, sites, budgetMs }: ExamplesRequest) => {
  try {
    parentPort?.postMessage({ id, result: findBrokenExamples(JSON.parse(contractJson), sites, budgetMs) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
