// Vitest globalSetup of the `e2e` project: starts the shared setups' broker (nothing is made
// until a test file asks: tests/harness/setup-broker.ts) and gives its address to the files
// (`inject("sharedSetups")`, read by tests/harness/shared.ts). Everything it made stops with the run.
import type { TestProject } from "vitest/node";
import { startBroker } from "../harness/setup-broker.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sharedSetups: string;
  }
}

export default async function startSharedSetups(project: TestProject): Promise<() => Promise<void>> {
  const broker = await startBroker();
  project.provide("sharedSetups", broker.url);
  return broker.stop;
}
