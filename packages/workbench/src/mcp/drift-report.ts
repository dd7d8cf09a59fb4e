// The drift tools: a probe of the user's URL (safe operations only), and the last one's report (kept in .cache/drift/).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CACHE_FOLDER } from "../contract/cache-folder.ts";
import type { ProbeResult } from "../drift/probe.ts";
import { scrubJson } from "../contract/secrets.ts";
import { isRecord } from "../contract/records.ts";
import type { ContractReader } from "./contracts.ts";
import { ArgumentError, page } from "./results.ts";

export function driftReportFile(contract: string): string {
  return `${CACHE_FOLDER}/drift/${contract}.json`;
}

/** Entries of a report's lists shown in one answer. */
const LISTED = 50;

/** The environment variable the probe's `Authorization` comes from, as for `contract:probe`. */
export const AUTHORIZATION_VARIABLE = "CONTRACT_PROBE_AUTHORIZATION";

export interface ProbeQuestion {
  url: string;
  contract?: string | undefined;
  budget?: number | undefined;
  timeoutMs?: number | undefined;
  concurrency?: number | undefined;
}

/** The base URL a user gives, checked: http(s), no credentials in it (they go in the environment). */
function baseUrl(text: string): URL {
  if (!URL.canParse(text))
    throw new ArgumentError(
      "url",
      `${JSON.stringify(text)} is not a URL; give the server's base URL, e.g. http://127.0.0.1:4010.`,
    );
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ArgumentError("url", `${url.protocol} is not http: or https:.`);
  if (url.username !== "" || url.password !== "")
    throw new ArgumentError(
      "url",
      `carries credentials; set ${AUTHORIZATION_VARIABLE} in the server's environment instead.`,
    );
  return url;
}

function summarise(result: ProbeResult, savedAt: string, file: string) {
  const drift = page(result.drift, { offset: 0, limit: LISTED });
  const unanswered = result.calls.filter((call) => call.problem !== undefined);
  return {
    baseUrl: result.baseUrl,
    savedAt,
    file,
    requests: result.requests,
    elapsedMs: result.elapsedMs,
    ...(result.stopped === undefined ? {} : { stopped: result.stopped }),
    driftCount: result.drift.length,
    drift: drift.items,
    ...(drift.next ? { driftNotShown: result.drift.length - LISTED } : {}),
    called: result.calls.length,
    unanswered: unanswered.slice(0, LISTED),
    skipped: result.skipped.slice(0, LISTED),
    ...(result.skipped.length > LISTED ? { skippedNotShown: result.skipped.length - LISTED } : {}),
  };
}

/** Probes the server at `url` with a contract's safe operations, keeps the report, and answers with it. */
export async function runProbe(root: string, contracts: ContractReader, question: ProbeQuestion) {
  const base = baseUrl(question.url);
  const name = question.contract ?? contracts.product;
  const loaded = contracts.load(name);
  if (loaded.manifest.operations.length === 0)
    throw new ArgumentError("contract", `${name} has no operations to probe.`);
  const { probe } = await import("../drift/probe.ts");
  const authorization = process.env[AUTHORIZATION_VARIABLE];
  const result = await probe({
    baseUrl: base.href,
    manifest: loaded.manifest,
    contract: loaded.contract,
    unsafe: false,
    ...(question.budget === undefined ? {} : { budget: question.budget }),
    ...(question.timeoutMs === undefined ? {} : { timeoutMs: question.timeoutMs }),
    ...(question.concurrency === undefined ? {} : { concurrency: question.concurrency }),
    ...(authorization ? { authorization } : {}),
  });
  const file = driftReportFile(name);
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), `${JSON.stringify(result, null, 2)}\n`);
  return { contract: name, ...summarise(result, new Date().toISOString(), file) };
}

/** The report of the last probe of a contract, or a note saying how to make one. */
export function lastDriftReport(root: string, contracts: ContractReader, contract?: string) {
  const name = contract ?? contracts.product;
  contracts.entry(name);
  const file = driftReportFile(name);
  const path = join(root, file);
  if (!existsSync(path))
    return {
      contract: name,
      report: null,
      note:
        `no drift report for ${name} yet: run the probe tool against the server, or keep a terminal run with ` +
        `\`npm run contract:probe -- --json <url> > ${file}\`.`,
    };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(
      `${file}: not JSON (${error instanceof Error ? error.message : String(error)}); probe again to replace it.`,
    );
  }
  const looksRight =
    isRecord(parsed) &&
    typeof parsed.baseUrl === "string" &&
    Array.isArray(parsed.drift) &&
    Array.isArray(parsed.calls) &&
    Array.isArray(parsed.skipped);
  if (!looksRight)
    throw new Error(
      `${file}: not a probe report (contract:probe --json's shape: baseUrl, drift, calls, skipped); probe again to replace it.`,
    );
  // Kept by hand, it may hold what the probe itself would have hidden.
  const report = scrubJson(parsed) as ProbeResult;
  return { contract: name, ...summarise(report, statSync(path).mtime.toISOString(), file) };
}
