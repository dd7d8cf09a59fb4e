/**
 * `npm run fixtures:resources [contract]` lists the resources the stateful fixtures find
 * in the contract (openapi/ unless a contract file inside this repository is named):
 * their key, collections, pagination, filters and item operations.
 */
import { relative, resolve } from "node:path";
import { generate } from "../workbench/codegen/generate.ts";
import { ContractError } from "../workbench/codegen/contract-error.ts";
import type { ContractSchemas } from "../workbench/contract/contract-types.ts";
import { describeResources } from "../workbench/fixtures/resources/describe.ts";
import { inferResources } from "../workbench/fixtures/resources/infer.ts";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith("-"))) {
  console.error(
    "fixtures:resources: usage: npm run fixtures:resources [contract file or folder inside this repository]",
  );
  process.exit(1);
}
const contract = relative(root, resolve(args[0] ?? "openapi"));
if (contract.startsWith("..")) {
  console.error(`fixtures:resources: ${args[0]} is outside this repository; name a contract inside it.`);
  process.exit(1);
}

try {
  const { outputs, manifest } = await generate(root, { contract, outDir: "out" });
  const schemas = JSON.parse(outputs.get("out/contract.json") ?? "{}") as ContractSchemas;
  console.log(`fixtures:resources: ${contract} (${manifest.title} ${manifest.version})`);
  console.log(describeResources(inferResources(manifest.operations, schemas), manifest.operations.length));
} catch (error) {
  if (error instanceof ContractError) {
    console.error(
      error.problems
        .map(
          (problem) =>
            `fixtures:resources: ${problem.file}:${problem.line ?? ""}:${problem.column ?? ""} ${problem.message}`,
        )
        .join("\n"),
    );
    process.exit(1);
  }
  throw error;
}
