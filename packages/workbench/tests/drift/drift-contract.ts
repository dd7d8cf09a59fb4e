// The drift tests' contract (tests/contracts/drift/openapi.yaml) as the app would hold it after
// `npm run api`: its manifest and schemas, generated in memory; and Prism serving another version.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { generate } from "@contract-workbench/workbench/codegen";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { freePort, untilPrinted } from "../../../../tests/harness/dev-server.ts";
import { REPO } from "../../../../tests/harness/scratch-copy.ts";

export const DRIFT_CONTRACT = "tests/contracts/drift/openapi.yaml";

/** The manifest and schemas of a contract inside the repository (the drift tests' by default). */
export async function loadContract(
  contract = DRIFT_CONTRACT,
): Promise<{ manifest: Manifest; contract: ContractSchemas }> {
  const { outputs } = await generate(REPO, { contract, outDir: "drift" });
  return {
    manifest: JSON.parse(outputs.get("drift/manifest.json") ?? "") as Manifest,
    contract: JSON.parse(outputs.get("drift/contract.json") ?? "") as ContractSchemas,
  };
}

/** Starts `prism mock` on loopback serving `document` (a path inside the repository); resolves once it listens. */
export async function startPrism(document: string): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    join(REPO, "node_modules/.bin/prism"),
    ["mock", "-h", "127.0.0.1", "-p", String(port), document],
    {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await untilPrinted(child, "prism", (output) => output.includes("Prism is listening"));
  return { url: `http://127.0.0.1:${port}`, child, stop: () => child.kill() };
}
