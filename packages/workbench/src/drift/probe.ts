// Bounded whatever the server does; however it ends, it resolves with the report so far.
import type { ContractSchemas } from "../contract/contract-types.ts";
import type { Manifest, ManifestOperation } from "@contract-workbench/runtime/manifest";
import { isJsonMediaType, preferredMediaType } from "../contract/media-and-status.ts";
import { nextPageQuery } from "@contract-workbench/runtime/paging";
import { streamFormatOf } from "@contract-workbench/runtime/streams";
import { boundedFetch } from "./bounded-fetch.ts";
import { STREAM_EVENTS, streamSummary } from "./bounded-stream.ts";
import { createDeadline, reasonText } from "./bounded-read.ts";
import { createDriftCheck } from "./drift-check.ts";
import { createDriftReport, type DriftEntry } from "./drift-report.ts";
import { createSeenValues, planCall, SAFE_METHODS } from "./probe-plan.ts";

export interface ProbeOptions {
  baseUrl: string;
  manifest: Manifest;
  contract: ContractSchemas;
  /** Retries included. */
  budget?: number;
  /** Per request, body included. */
  timeoutMs?: number;
  /** For the whole run. */
  maxTimeMs?: number;
  pages?: number;
  /** Of a streamed answer (its time and bytes are the request's). */
  events?: number;
  /** Ctrl-C; its reason is the report's. */
  signal?: AbortSignal;
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
  page?: number;
  status?: number;
  problem?: string;
  /** What the answer tried that the probe did not do (a redirect elsewhere, a paging chain that loops). */
  note?: string;
  /** Its answer names a next page, past the `pages` allowed. */
  morePages?: true;
  stream?: string;
  ms: number;
}

export interface ProbeResult {
  baseUrl: string;
  requests: number;
  elapsedMs: number;
  drift: DriftEntry[];
  calls: ProbeCall[];
  skipped: Array<{ operationId: string; reason: string }>;
  stopped?: string;
}

function streamedMediaType(operation: ManifestOperation): string | undefined {
  const success = operation.responses.find((response) => /^2/.test(response.status));
  const preferred = success === undefined ? undefined : preferredMediaType(success.mediaTypes);
  return preferred !== undefined && streamFormatOf(preferred) !== undefined ? preferred : undefined;
}

async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

export async function probe(options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  const base = new URL(options.baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new Error(`not an http(s) URL: ${base.protocol}`);
  const budget = options.budget ?? 200;
  const pages = options.pages ?? 2;
  const run = createDeadline(options.maxTimeMs ?? 120_000, options.signal, "the run's deadline");
  const bounds = {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? 5 * 1024 * 1024,
    maxRetryWaitMs: options.maxRetryWaitMs ?? 10_000,
    signal: run.signal,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const check = createDriftCheck({ manifest: options.manifest, contract: options.contract });
  const report = createDriftReport();
  const seen = createSeenValues();
  const result: ProbeResult = { baseUrl: base.origin, requests: 0, elapsedMs: 0, drift: [], calls: [], skipped: [] };
  const skip = (operation: ManifestOperation, reason: string) =>
    result.skipped.push({ operationId: operation.operationId, reason });
  const callable = options.manifest.operations.filter(
    (operation) => options.unsafe === true || SAFE_METHODS.has(operation.method),
  );
  for (const operation of options.manifest.operations)
    if (!callable.includes(operation)) skip(operation, `${operation.method.toUpperCase()} needs --unsafe`);
  // Lists and operations without path parameters first: their answers hold the ids the others need.
  const withoutParameters = callable.filter((operation) => !operation.path.includes("{"));
  const withParameters = callable.filter((operation) => operation.path.includes("{"));
  const halted = (): string | undefined => {
    const stopped = result.stopped ?? (run.signal.aborted ? reasonText(run.signal.reason) : undefined);
    if (stopped !== undefined) return `stopped before it was called: ${stopped}`;
    return result.requests >= budget ? `over the budget of ${budget} requests` : undefined;
  };

  /** With the answer's JSON and headers when it came whole and ok, to page on. */
  async function exchange(operation: ManifestOperation, request: Request, page: number) {
    result.requests += 1;
    const answer = await boundedFetch(request, bounds);
    if (answer.retried) result.requests += 1;
    const call: ProbeCall = {
      method: request.method,
      path: new URL(request.url).pathname,
      operationId: operation.operationId,
      ...(page > 1 ? { page } : {}),
      ms: Math.round(answer.ms),
    };
    result.calls.push(call);
    if (!answer.ok) {
      call.problem = answer.problem;
      if (answer.fatal) result.stopped = `${base.origin}: ${answer.problem}`;
      return { call };
    }
    const { response } = answer;
    call.status = response.status;
    if (answer.release !== undefined) {
      const mediaType = response.headers.get("content-type") ?? "";
      try {
        const limits = { maxEvents: options.events ?? STREAM_EVENTS, maxDurationMs: bounds.timeoutMs };
        const onChecked = ({ items, stopped }: { items: number; stopped?: string }) =>
          (call.stream = streamSummary(mediaType.split(";")[0] ?? mediaType, items, stopped));
        report.add((await check.check(request, response, { stream: { limits, onChecked } })) ?? []);
      } finally {
        answer.release();
      }
      return { call };
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location !== null && URL.canParse(location, request.url)) {
      const target = new URL(location, request.url).origin;
      if (target !== base.origin) call.note = `redirected to another origin (${target}): not followed`;
    }
    report.add((await check.check(request, response)) ?? []);
    if (!response.ok || !isJsonMediaType(response.headers.get("content-type") ?? "")) return { call };
    try {
      const data: unknown = await response.json();
      seen.learn(data);
      return { call, json: { data, headers: Object.fromEntries(response.headers) } };
    } catch {
      // A body that is not JSON is already a drift of its own.
      return { call };
    }
  }

  /** Asked as the app's hooks ask them (never a link's host or path); a chain that loops is not followed round again. */
  async function followPages(
    operation: ManifestOperation,
    first: Request,
    answer: Awaited<ReturnType<typeof exchange>>,
  ): Promise<void> {
    const pagination = operation.pagination;
    if (pagination === undefined) return;
    const key = (url: URL) => {
      const query = new URLSearchParams(url.searchParams);
      query.sort();
      return query.toString();
    };
    let url = new URL(first.url);
    const asked = [key(url)];
    let current = answer;
    for (let page = 1; current.json !== undefined; page++) {
      const next = nextPageQuery(pagination, { ...current.json, query: Object.fromEntries(url.searchParams) });
      if (next === undefined) return;
      const nextUrl = new URL(first.url);
      for (const [name, value] of Object.entries(next)) nextUrl.searchParams.set(name, String(value));
      const again = asked.indexOf(key(nextUrl));
      if (again !== -1) {
        current.call.note = `its next page is page ${again + 1} again: a paging chain that loops, not followed`;
        return;
      }
      if (page >= pages) {
        current.call.morePages = true;
        return;
      }
      if (halted() !== undefined) return;
      url = nextUrl;
      asked.push(key(url));
      current = await exchange(operation, new Request(url, { method: first.method, headers: first.headers }), page + 1);
    }
  }

  async function call(operation: ManifestOperation): Promise<void> {
    const before = halted();
    if (before !== undefined) return void skip(operation, before);
    const planned = planCall(base, operation, options.contract, seen);
    if ("skipped" in planned) return void skip(operation, planned.skipped);
    const headers = new Headers(planned.headers);
    if (options.authorization !== undefined) headers.set("Authorization", options.authorization);
    // An answer that streams is asked for as the app asks for it.
    const streamed = streamedMediaType(operation);
    if (streamed !== undefined && !headers.has("Accept")) headers.set("Accept", streamed);
    const request = new Request(planned.url, {
      method: planned.method,
      headers,
      ...(planned.body === undefined ? {} : { body: planned.body }),
    });
    // A value learned from another list may not suit this parameter: such a request is not sent.
    const [wrong] = await check.checkRequest(request);
    if (wrong !== undefined) {
      const reason = `no valid value for the ${wrong.place} ${wrong.pointer}: expected ${wrong.expected}, had ${wrong.actual}`;
      return void skip(operation, reason);
    }
    const after = halted();
    if (after !== undefined) return void skip(operation, after);
    const answer = await exchange(operation, request, 1);
    if (planned.method === "GET") await followPages(operation, request, answer);
  }

  const concurrency = options.concurrency ?? 4;
  try {
    await pool(withoutParameters, concurrency, call);
    await pool(withParameters, concurrency, call);
  } finally {
    run.dispose();
  }
  if (run.ended !== undefined) result.stopped ??= reasonText(run.signal.reason);
  result.drift = report.entries();
  result.elapsedMs = Math.round(performance.now() - started);
  return result;
}
