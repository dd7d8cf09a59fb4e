// `contract:probe -- <URL>`: a live server against the contract; CONTRACT_PROBE_AUTHORIZATION is sent, never printed.
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { ContractSchemas } from "../contract/contract-types.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";

const root = process.cwd();
const VALUED = new Set(["--contract", "--budget", "--pages", "--events", "--timeout", "--max-time", "--concurrency"]);
const USAGE =
  "usage: npm run contract:probe -- <base URL> [--contract <file>] [--json] [--unsafe] [--budget 200] [--pages 2] " +
  "[--events 100] [--timeout 10s] [--max-time 2m] [--concurrency 4]";
const UNITS: Record<string, number> = { "": 1, ms: 1, s: 1000, m: 60_000, min: 60_000 };
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
    else if (arg.startsWith("--")) fail(`unknown option ${arg}.\n${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) fail(`give one base URL, e.g. http://127.0.0.1:4010.\n${USAGE}`);
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

/** Milliseconds from `500`, `500ms`, `3s`, `1.5s`, `2m`. */
function duration(values: Map<string, string>, name: string, fallback: number): number {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const [, number = "", unit = ""] = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(text.trim()) ?? [];
  const ms = Number(number) * (UNITS[unit] ?? Number.NaN);
  if (!Number.isFinite(ms) || ms < 1)
    fail(`${name} takes a duration (500, 500ms, 3s, 2m), not ${JSON.stringify(text)}.`);
  return Math.round(ms);
}

async function loadContract(path: string | undefined): Promise<{ manifest: Manifest; contract: ContractSchemas }> {
  const parsed = (read: (file: string) => string) => ({
    manifest: JSON.parse(read("manifest.json")) as Manifest,
    contract: JSON.parse(read("contract.json")) as ContractSchemas,
  });
  if (path === undefined) return parsed((file) => readFileSync(resolve(root, "src/api", file), "utf8"));
  const { generate } = await import("../codegen/generate.ts");
  const { ContractError, formatProblem } = await import("../codegen/input/contract-error.ts");
  try {
    const { outputs } = await generate(root, { contract: relative(root, resolve(path)), outDir: "probe" });
    return parsed((file) => outputs.get(`probe/${file}`) ?? "{}");
  } catch (error) {
    if (error instanceof ContractError) fail(error.problems.map(formatProblem).join("\n"));
    throw error;
  }
}

async function main(): Promise<number> {
  const { baseUrl, values, flags } = parse(process.argv.slice(2));
  if (!URL.canParse(baseUrl)) fail(`${JSON.stringify(baseUrl)} is not a URL.`);
  const base = new URL(baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") fail(`${base.href} is not an http(s) URL.`);
  const limits = {
    budget: count(values, "--budget", 200),
    pages: count(values, "--pages", 2),
    events: count(values, "--events", 100),
    timeoutMs: duration(values, "--timeout", 10_000),
    maxTimeMs: duration(values, "--max-time", 120_000),
    concurrency: count(values, "--concurrency", 4),
  };
  const { manifest, contract } = await loadContract(values.get("--contract"));
  if (manifest.operations.length === 0) fail("the contract has no operations to probe.");
  const { probe } = await import("../drift/probe.ts");
  const { formatProbeReport, probeExitCode } = await import("../drift/probe-report.ts");
  const authorization = process.env.CONTRACT_PROBE_AUTHORIZATION;
  // The first Ctrl-C ends the run with its report; the handler goes with it, so a second one quits.
  const interrupt = new AbortController();
  process.once("SIGINT", () => interrupt.abort(new Error("interrupted (Ctrl-C)")));
  const result = await probe({
    baseUrl: base.href,
    manifest,
    contract,
    ...limits,
    signal: interrupt.signal,
    unsafe: flags.has("--unsafe"),
    ...(authorization ? { authorization } : {}),
  });
  if (flags.has("--json")) console.log(JSON.stringify(result, null, 2));
  else {
    const { problems, output } = formatProbeReport(result, limits);
    problems.forEach((line) => console.error(line));
    output.forEach((line) => console.log(line));
  }
  return probeExitCode(result, { interrupted: interrupt.signal.aborted });
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`contract:probe: ${error instanceof Error ? error.message : String(error)}`);
  return 2;
});
// The report is out: nothing may keep the command from returning (a socket a server never closes).
setTimeout(() => process.exit(), 1000).unref();
