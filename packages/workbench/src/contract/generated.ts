// The Node-side reader of the generated files (the browser imports them through Vite).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import registry from "./app-registry.ts";
import type { ContractSchemas } from "./contract-types.ts";
import { productContract } from "./registry.ts";

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
