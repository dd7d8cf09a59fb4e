/**
 * `npm run api:paging [contract]` prints how each list operation of a contract pages, as
 * `npm run api` records it in the manifest (openapi/ unless a contract file or folder
 * inside this repository is named): its style and fields, or why it is left unrecognised.
 */
import { relative, resolve } from "node:path";
import { ContractError, formatProblem } from "../workbench/codegen/contract-error.ts";
import { generate } from "../workbench/codegen/generate.ts";
import { describePaging } from "../workbench/codegen/paging-report.ts";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith("-"))) {
  console.error("api:paging: usage: npm run api:paging [contract file or folder inside this repository]");
  process.exit(1);
}
const contract = relative(root, resolve(args[0] ?? "openapi"));
if (contract.startsWith("..")) {
  console.error(`api:paging: ${args[0]} is outside this repository; name a contract inside it.`);
  process.exit(1);
}

try {
  const { manifest, paging } = await generate(root, { contract, outDir: "out" });
  console.log(`api:paging: ${contract} (${manifest.title} ${manifest.version})`);
  console.log(describePaging(paging, manifest.operations.length));
} catch (error) {
  if (error instanceof ContractError) {
    console.error(error.problems.map((problem) => `api:paging: ${formatProblem(problem)}`).join("\n"));
    process.exitCode = 1;
  }
  throw error;
}
