// `npm run api`: all or nothing (`api:check` fails on a stale file); a contract stamped unchanged is skipped.
import module from "node:module";

// V8's code cache, set in the environment for the examples' worker too, and before the (thus dynamic) imports.
const cache = module.enableCompileCache?.();
if (cache?.directory !== undefined) process.env.NODE_COMPILE_CACHE ??= cache.directory;

const root = process.cwd();
const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !["--check", "--verbose", "--force"].includes(arg));
if (unknown.length > 0) {
  console.error(`api: unknown option ${unknown.join(" ")}; the options are --check, --verbose and --force.`);
  process.exit(1);
}
const check = args.has("--check");
const verbose = args.has("--verbose");
const force = args.has("--force");
const name = check ? "api:check" : "api";

const { summarizeChanges } = await import("../codegen/contract-diff.ts");
const { formatProblem } = await import("../codegen/input/contract-error.ts");
// The generator reads the registry as it loads: one defineContracts refuses is reported without a stack trace.
const { ContractError, formatWarnings, regenerate, staleOutputs, staleReason, writeOutputs } =
  await import("../codegen/regenerate.ts").catch((error: unknown) => {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`${name}: nothing was written; fix contracts.config.ts and run \`npm run ${name}\` again.`);
    if (verbose) console.error(error);
    process.exit(1);
  });

const { withRegenerationLock } = await import("../codegen/regeneration-lock.ts");

// One at a time with the watchers of `npm start`, `npm run dev` and `npm run mock` (and another `npm run api`).
const main = () =>
  withRegenerationLock(root, generateAndWrite, (pid) =>
    console.log(`${name}: waiting for another process (pid ${pid}) that is regenerating the contracts.`),
  );

async function generateAndWrite(): Promise<number> {
  const result = await regenerate(root, { verbose, force });
  const files = result.outputs.size + result.kept.length;
  if (check && !verbose) {
    // CI output: the count, not the list (`npm run api` lists them).
    if (result.warnings.length > 0)
      console.warn(`${name}: the contracts have ${result.warnings.length} lint warnings; \`npm run api\` lists them.`);
  } else {
    const shown = verbose ? [...result.warnings, ...result.testNotes] : result.warnings;
    for (const line of formatWarnings(shown, verbose)) console.warn(`${name}: ${line}`);
  }
  if (check) {
    const stale = await staleOutputs(root, result.outputs, result.stamps);
    for (const file of stale)
      console.error(`${name}: ${file} ${staleReason(file)}. Run \`npm run api\` and commit the result.`);
    if (stale.length > 0) return 1;
    console.log(`${name}: ${files} generated files match the contracts${unchangedNote(result.unchanged.length)}.`);
    return 0;
  }
  const summaries = result.manifests.map(({ target, before, after }) => {
    try {
      const summary = summarizeChanges(before, after, { verbose });
      return summary ? `${name}: ${target.contract}: ${summary}` : "";
    } catch {
      // A manifest written by an older version of this script: nothing to compare with.
      return `${name}: ${target.contract}: the previous manifest has an older format; no change summary this time.`;
    }
  });
  const changed = await writeOutputs(root, result.outputs, result.stamps);
  for (const file of changed) console.log(`${name}: wrote ${file}`);
  if (changed.length === 0 && result.stamps.size === 0) {
    console.log(
      `${name}: unchanged: ${counted(result.unchanged.length, "contract")} and ${counted(files, "generated file")} as their stamps recorded (\`--force\` regenerates).`,
    );
  } else if (changed.length === 0) {
    console.log(
      `${name}: ${counted(files, "generated file")} already up to date${unchangedNote(result.unchanged.length)}.`,
    );
  }
  for (const summary of summaries) if (summary) console.log(summary);
  return 0;
}

const counted = (count: number, what: string) => `${count} ${what}${count === 1 ? "" : "s"}`;

const unchangedNote = (count: number) =>
  count === 0 ? "" : ` (${counted(count, "contract")} unchanged, not generated again)`;

// exitCode, not exit(): a piped stdout is written asynchronously, and exit() would cut it short.
process.exitCode = await main().catch((error: unknown) => {
  if (error instanceof ContractError) {
    for (const problem of error.problems) console.error(`${name}: ${formatProblem(problem)}`);
    console.error(`${name}: nothing was written; fix the contract and run \`npm run ${name}\` again.`);
  } else {
    console.error(`${name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`${name}: nothing was written. Run again with --verbose for details.`);
  }
  if (verbose) console.error(error);
  return 1;
});
