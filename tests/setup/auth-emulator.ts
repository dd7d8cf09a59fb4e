// Vitest globalSetup of the `emulator` project: starts the Auth emulator once per run,
// in the background (it takes 15–60 s, while the other projects run), and gives its
// host to the tests (`inject("authEmulatorHost")`), which wait for it to answer.
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { spawnAuthEmulator } from "../harness/auth-emulator.ts";

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function startAuthEmulator(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await spawnAuthEmulator(resolve(import.meta.dirname, "../.."));
  project.provide("authEmulatorHost", emulator.host);
  return emulator.stop;
}
