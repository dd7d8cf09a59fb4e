// The Node-side reader of the generated files (the browser imports them through Vite).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import registry from "./app-registry.ts";
import type { ContractSchemas } from "./contract-types.ts";
import { parseJsonText } from "./json-text.ts";
import type { Recording } from "./recorded.ts";
import { productContract, type NamedContract } from "./registry.ts";

export const GENERATED_DIR = productContract(registry).generated;

export function generatedPath(root: string, file: "manifest.json" | "contract.json", dir = GENERATED_DIR): string {
  return join(root, dir, file);
}

export function readManifest(root: string, dir = GENERATED_DIR): Manifest {
  return JSON.parse(readFileSync(generatedPath(root, "manifest.json", dir), "utf8")) as Manifest;
}

export function readContract(root: string, dir = GENERATED_DIR): ContractSchemas {
  return JSON.parse(readFileSync(generatedPath(root, "contract.json", dir), "utf8")) as ContractSchemas;
}

/** What the product's `recorded` scenario replays (mocks/fixtures.ts loads the same file). */
export const RECORDED_FILE = "mocks/recorded/recorded.json";

/** The product's recording, if `npm run fixtures:import` wrote one; no other contract has one. */
export function readRecording(root: string, entry: NamedContract): Recording | undefined {
  const file = join(root, RECORDED_FILE);
  return entry.role === "product" && existsSync(file)
    ? (parseJsonText(RECORDED_FILE, readFileSync(file, "utf8")) as Recording)
    : undefined;
}
