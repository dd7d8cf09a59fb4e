/**
 * `npm run api`        regenerates everything derived from the contract in openapi/.
 * `npm run api:check`  fails when a committed generated file differs from what the
 *                      contract generates now (CI runs it).
 * Add `--verbose` to see stack traces.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { writeAllOrNothing } from "./lib/atomic-write.ts";
import { ContractError, generate, TARGETS } from "./lib/generate.ts";

const root = resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const check = args.has("--check");
const verbose = args.has("--verbose");
const name = check ? "api:check" : "api";

async function main(): Promise<number> {
  const outputs = new Map<string, string>();
  for (const target of TARGETS) {
    for (const [file, text] of await generate(root, target)) outputs.set(file, text);
  }
  if (check) {
    const stale: string[] = [];
    for (const [file, expected] of outputs) {
      const actual = await readFile(resolve(root, file), "utf8").catch(() => undefined);
      if (actual !== expected) stale.push(file);
    }
    for (const file of stale) {
      console.error(
        `${name}: ${file} is out of date with the contract in openapi/. Run \`npm run api\` and commit the result.`,
      );
    }
    if (stale.length === 0) console.log(`${name}: ${outputs.size} generated file(s) match the contract.`);
    return stale.length === 0 ? 0 : 1;
  }
  await writeAllOrNothing(new Map([...outputs].map(([file, text]) => [resolve(root, file), text])));
  for (const file of outputs.keys()) console.log(`${name}: wrote ${file}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ContractError) {
      console.error(`${name}: ${error.file}: ${error.message}`);
      console.error(`${name}: nothing was written; fix the contract and run \`npm run ${name}\` again.`);
    } else {
      console.error(`${name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (verbose) console.error(error);
    process.exit(1);
  },
);
