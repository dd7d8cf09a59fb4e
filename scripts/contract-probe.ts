/**
 * `npm run contract:probe -- <base URL>` calls a live server's operations as the contract
 * describes them and prints what disagrees with it (workbench/drift/probe.ts).
 *
 *   --contract <file or folder>  another contract than the product's (openapi/)
 *   --json                       the report as JSON
 *   --unsafe                     also call operations that may change data (POST, PUT, PATCH, DELETE)
 *   --budget <n>                 at most n requests (200)
 *   --timeout <ms>               per request, body included (10000)
 *   --concurrency <n>            requests at a time (4)
 *
 * Credentials: CONTRACT_PROBE_AUTHORIZATION (the whole `Authorization` value), never printed.
 * Exit codes: 0 the server keeps the contract, 1 drift found, 2 the probe could not run.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { ContractSchemas } from "../workbench/contract/contract-types.ts";
import type { Manifest } from "../src/api/manifest-types.ts";

const root = resolve(import.meta.dirname, "..");
const VALUED = new Set(["--contract", "--budget", "--timeout", "--concurrency"]);
const FLAGS = new Set(["--json", "--unsafe"]);

function fail(message: string): never {
  console.error(`contract:probe: ${message}`);
  process.exit(2);
}

function parse(argv: string[]) {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? "";
    if (VALUED.has(arg)) {
      const value = argv[++index];
      if (value === undefined) fail(`${arg} needs a value.`);
      values.set(arg, value);
    } else if (FLAGS.has(arg)) flags.add(arg);
    else if (arg.startsWith("--")) fail(`unknown option ${arg}; see scripts/contract-probe.ts for the options.`);
    else positional.push(arg);
  }
  if (positional.length !== 1) fail("give one base URL, e.g. npm run contract:probe -- http://127.0.0.1:4010");
  return { baseUrl: positional[0] ?? "", values, flags };
}

function count(values: Map<string, string>, name: string, fallback: number): number {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    fail(`${name} takes a positive whole number, not ${JSON.stringify(text)}.`);
  return value;
}

async function loadContract(path: string | undefined): Promise<{ manifest: Manifest; contract: ContractSchemas }> {
  if (path === undefined) {
    return {
      manifest: JSON.parse(readFileSync(resolve(root, "src/api/manifest.json"), "utf8")) as Manifest,
      contract: JSON.parse(readFileSync(resolve(root, "src/api/contract.json"), "utf8")) as ContractSchemas,
    };
  }
  const { generate } = await import("../workbench/codegen/generate.ts");
  const { ContractError, formatProblem } = await import("../workbench/codegen/contract-error.ts");
  try {
    const { outputs } = await generate(root, { contract: relative(root, resolve(path)), outDir: "probe" });
    return {
      manifest: JSON.parse(outputs.get("probe/manifest.json") ?? "{}") as Manifest,
      contract: JSON.parse(outputs.get("probe/contract.json") ?? "{}") as ContractSchemas,
    };
  } catch (error) {
    if (error instanceof ContractError) fail(error.problems.map(formatProblem).join("\n"));
    throw error;
  }
}

async function main(): Promise<number> {
  const { baseUrl, values, flags } = parse(process.argv.slice(2));
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    fail(`${JSON.stringify(baseUrl)} is not a URL.`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") fail(`${base.href} is not an http(s) URL.`);
  const limits = {
    budget: count(values, "--budget", 200),
    timeoutMs: count(values, "--timeout", 10_000),
    concurrency: count(values, "--concurrency", 4),
  };
  const { manifest, contract } = await loadContract(values.get("--contract"));
  if (manifest.operations.length === 0) fail("the contract has no operations to probe.");
  const { probe } = await import("../workbench/drift/probe.ts");
  const { formatDriftTable } = await import("../workbench/drift/drift-report.ts");
  const authorization = process.env.CONTRACT_PROBE_AUTHORIZATION;
  const result = await probe({
    baseUrl: base.href,
    manifest,
    contract,
    ...limits,
    unsafe: flags.has("--unsafe"),
    ...(authorization ? { authorization } : {}),
  });
  if (flags.has("--json")) console.log(JSON.stringify(result, null, 2));
  else {
    const problems = result.calls.filter((call) => call.problem !== undefined);
    if (result.stopped !== undefined) console.error(`contract:probe: stopped: ${result.stopped}`);
    for (const call of problems) console.error(`contract:probe: ${call.method} ${call.path}: ${call.problem}`);
    if (result.drift.length > 0) console.log(formatDriftTable(result.drift));
    console.log(
      `contract:probe: ${result.requests} requests to ${result.baseUrl} in ${(result.elapsedMs / 1000).toFixed(1)} s; ` +
        `${result.drift.length} drifts; ${result.skipped.length} operations not called` +
        (problems.length > 0 ? `; ${problems.length} without an answer` : "") +
        ".",
    );
  }
  if (result.stopped !== undefined || (result.calls.length > 0 && result.calls.every((call) => call.problem))) return 2;
  return result.drift.length > 0 ? 1 : 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`contract:probe: ${error instanceof Error ? error.message : String(error)}`);
  return 2;
});
