import { join } from "node:path";
import { readFileSync } from "node:fs";
import type { ContractSchemas } from "@/api/contract-types";
import type { Manifest } from "@/api/manifest-types";
import { generate } from "../../scripts/lib/generate.ts";
import { REPO } from "../e2e/scratch-copy.ts";

export interface LoadedContract {
  name: string;
  manifest: Manifest;
  contract: ContractSchemas;
}

/** The contracts written for these tests, one of each schema construct (3.1 and 3.0). */
export const TEST_CONTRACTS = ["tests/mocks/contracts/constructs-31.yaml", "tests/mocks/contracts/constructs-30.yaml"];

/** Runs the generator in memory on a contract file and returns what `npm run api` would write. */
export async function loadContract(file: string): Promise<LoadedContract> {
  const { outputs } = await generate(REPO, { contract: file, outDir: "out" });
  return {
    name: file,
    manifest: JSON.parse(outputs.get("out/manifest.json") ?? "") as Manifest,
    contract: JSON.parse(outputs.get("out/contract.json") ?? "") as ContractSchemas,
  };
}

/**
 * What `npm run api` last wrote for a target: the product's (`src/api`, whatever
 * openapi/ holds: in a scratch copy, a shared real-world document) or the example's.
 */
export function generatedContract(outDir: string): LoadedContract {
  const read = (file: string) => JSON.parse(readFileSync(join(REPO, outDir, file), "utf8")) as unknown;
  return {
    name: outDir,
    manifest: read("manifest.json") as Manifest,
    contract: read("contract.json") as ContractSchemas,
  };
}
