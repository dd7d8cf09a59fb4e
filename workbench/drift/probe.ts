// The probe: calls a live server's operations as the contract describes them and checks each
// answer with the drift check. Bounded in requests, time per request and concurrency; lists
// first, so that the ids they return fill the paths of the operations called after them.
import type { ContractSchemas } from "../contract/contract-types.ts";
import type { Manifest, ManifestOperation } from "@/api/manifest-types.ts";
import { isJsonMediaType } from "../contract/media-and-status.ts";
import { boundedFetch } from "./bounded-fetch.ts";
import { createDriftCheck } from "./drift-check.ts";
import { createDriftReport, type DriftEntry } from "./drift-report.ts";
import { createSeenValues, planCall, SAFE_METHODS } from "./probe-plan.ts";

export interface ProbeOptions {
  baseUrl: string;
  manifest: Manifest;
  contract: ContractSchemas;
  /** The most requests sent, retries included. */
  budget?: number;
  timeoutMs?: number;
  concurrency?: number;
  maxBodyBytes?: number;
  maxRetryWaitMs?: number;
  /** Also call operations that may change the server (POST, PUT, PATCH, DELETE…). */
  unsafe?: boolean;
  /** Sent as `Authorization` on every request; never printed. */
  authorization?: string;
  fetch?: typeof globalThis.fetch;
}

export interface ProbeCall {
  method: string;
  path: string;
  operationId: string;
  status?: number;
  problem?: string;
  ms: number;
}

export interface ProbeResult {
  baseUrl: string;
  requests: number;
  elapsedMs: number;
  drift: DriftEntry[];
  calls: ProbeCall[];
  /** Operations not called, and why. */
  skipped: Array<{ operationId: string; reason: string }>;
  /** Set when the probe stopped early: the server cannot be reached at all. */
  stopped?: string;
}

/** Lists and operations without path parameters first: their answers hold the ids the others need. */
function order(operations: readonly ManifestOperation[]): ManifestOperation[] {
  const hasPathParameter = (operation: ManifestOperation) => operation.path.includes("{");
  return [...operations.filter((op) => !hasPathParameter(op)), ...operations.filter(hasPathParameter)];
}

/** Runs `work` over `items` with at most `limit` at a time, in order of start. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Probes `baseUrl` with the contract's operations and reports every drift.
 *
 * @example
 * const result = await probe({ baseUrl: "http://127.0.0.1:4010", manifest, contract });
 * result.drift.length; // 0 when the server keeps the contract
 */
export async function probe(options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  const base = new URL(options.baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new Error(`not an http(s) URL: ${base.protocol}`);
  const budget = options.budget ?? 200;
  const bounds = {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? 5 * 1024 * 1024,
    maxRetryWaitMs: options.maxRetryWaitMs ?? 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const check = createDriftCheck({ manifest: options.manifest, contract: options.contract });
  const report = createDriftReport();
  const seen = createSeenValues();
  const result: ProbeResult = { baseUrl: base.origin, requests: 0, elapsedMs: 0, drift: [], calls: [], skipped: [] };
  const callable = options.manifest.operations.filter(
    (operation) => options.unsafe === true || SAFE_METHODS.has(operation.method),
  );
  for (const operation of options.manifest.operations) {
    if (!callable.includes(operation))
      result.skipped.push({
        operationId: operation.operationId,
        reason: `${operation.method.toUpperCase()} needs --unsafe`,
      });
  }
  const withoutParameters = order(callable).filter((operation) => !operation.path.includes("{"));
  const withParameters = order(callable).filter((operation) => operation.path.includes("{"));

  async function call(operation: ManifestOperation): Promise<void> {
    if (result.stopped !== undefined) return;
    if (result.requests >= budget) {
      result.skipped.push({ operationId: operation.operationId, reason: `over the budget of ${budget} requests` });
      return;
    }
    const planned = planCall(base, operation, options.contract, seen);
    if ("skipped" in planned) {
      result.skipped.push({ operationId: operation.operationId, reason: planned.skipped });
      return;
    }
    const headers = new Headers(planned.headers);
    if (options.authorization !== undefined) headers.set("Authorization", options.authorization);
    const request = new Request(planned.url, {
      method: planned.method,
      headers,
      ...(planned.body === undefined ? {} : { body: planned.body }),
    });
    // A value learned from another list may not suit this parameter: such a request is not sent.
    const [wrong] = await check.checkRequest(request);
    if (wrong !== undefined) {
      const reason = `no valid value for the ${wrong.place} ${wrong.pointer}: expected ${wrong.expected}, had ${wrong.actual}`;
      result.skipped.push({ operationId: operation.operationId, reason });
      return;
    }
    if (result.requests >= budget) {
      result.skipped.push({ operationId: operation.operationId, reason: `over the budget of ${budget} requests` });
      return;
    }
    result.requests += 1;
    const answer = await boundedFetch(request, bounds);
    if (answer.retried) result.requests += 1;
    const path = new URL(planned.url).pathname;
    const record = { method: planned.method, path, operationId: operation.operationId, ms: Math.round(answer.ms) };
    if (!answer.ok) {
      result.calls.push({ ...record, problem: answer.problem });
      if (answer.fatal) result.stopped = `${base.origin}: ${answer.problem}`;
      return;
    }
    result.calls.push({ ...record, status: answer.response.status });
    const drifts = (await check.check(request, answer.response)) ?? [];
    report.add(drifts);
    if (answer.response.ok && isJsonMediaType(answer.response.headers.get("content-type") ?? "")) {
      try {
        seen.learn(await answer.response.clone().json());
      } catch {
        // A body that is not JSON is already a drift of its own.
      }
    }
  }

  const concurrency = options.concurrency ?? 4;
  await pool(withoutParameters, concurrency, call);
  await pool(withParameters, concurrency, call);
  result.drift = report.entries();
  result.elapsedMs = Math.round(performance.now() - started);
  return result;
}
