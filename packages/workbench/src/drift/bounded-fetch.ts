// No redirect is followed, so the probe never reaches another host.
import {
  BoundedReadError,
  causeCode,
  createDeadline,
  formatDuration,
  readBounded,
  reasonText,
  withBody,
} from "./bounded-read.ts";
import { boundedStream, isStreamed } from "./bounded-stream.ts";

export interface BoundedOptions {
  timeoutMs: number;
  maxBodyBytes: number;
  /** A longer `Retry-After` is reported instead. */
  maxRetryWaitMs: number;
  /** Ends the exchange, and any wait, at once. */
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

export type BoundedResult =
  | {
      ok: true;
      response: Response;
      ms: number;
      retried: boolean;
      /** A streamed answer's, once its check is done. */
      release?: () => void;
    }
  | { ok: false; problem: string; fatal: boolean; ms: number; retried: boolean };

/** Connection-level failures: the server is not there, so no other request will do better. */
const FATAL = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function describeFailure(error: unknown): { problem: string; fatal: boolean } {
  const code = causeCode(error);
  if (code === undefined) return { problem: `request failed (${reasonText(error)})`, fatal: false };
  if (FATAL.has(code)) return { problem: `cannot connect (${code})`, fatal: true };
  if (/CERT|SSL|TLS|SELF_SIGNED|ERR_SSL/i.test(code)) return { problem: `TLS error (${code})`, fatal: true };
  return { problem: `connection failed (${code})`, fatal: false };
}

function describeBodyStop(error: BoundedReadError, status: number, timeoutMs: number): string {
  if (error.stop === "deadline")
    return `no complete answer within ${formatDuration(timeoutMs)} (status ${status}, ${error.bytes} bytes of body so far)`;
  if (error.stop === "cut") return `status ${status}, then ${error.message}`;
  return error.message;
}

/** Seconds or an HTTP date, as milliseconds from now. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** undici follows a request's signal through a WeakRef: aborting a request nothing holds leaves its connection open. */
const inFlight = new Set<Request>();

async function once(request: Request, options: BoundedOptions) {
  const deadline = createDeadline(options.timeoutMs, options.signal);
  const send = options.fetch ?? globalThis.fetch;
  // A stream's reading ends before its body may: releasing it aborts the exchange, connection and all.
  const released = new AbortController();
  const signal = AbortSignal.any([deadline.signal, released.signal]);
  const sent = new Request(request, { signal, redirect: "manual" });
  inFlight.add(sent);
  const end = () => {
    deadline.dispose();
    inFlight.delete(sent);
  };
  let handedOver = false;
  try {
    let response: Response;
    try {
      response = await deadline.race(send(sent));
    } catch (error) {
      if (deadline.ended?.by === "time")
        return { problem: `no answer within ${formatDuration(options.timeoutMs)}`, fatal: false };
      if (error instanceof BoundedReadError) return { problem: error.message, fatal: false };
      return describeFailure(error);
    }
    if (isStreamed(response) && response.body !== null) {
      // Never read to its end (a stream may have none): its check reads it, event by event.
      const body = boundedStream(response.body, { deadline, maxBytes: options.maxBodyBytes });
      handedOver = true;
      const release = () => {
        released.abort(new Error("the stream's check is done"));
        end();
      };
      return { response: withBody(response, body), release };
    }
    try {
      const body = await readBounded(response, { deadline, maxBytes: options.maxBodyBytes });
      // The body is read in full here, under the deadline: what the check reads later is a copy.
      return withBody(response, body.byteLength === 0 || [204, 205, 304].includes(response.status) ? null : body);
    } catch (error) {
      if (error instanceof BoundedReadError)
        return { problem: describeBodyStop(error, response.status, options.timeoutMs), fatal: false };
      throw error;
    }
  } finally {
    if (!handedOver) end();
  }
}

/** True when the wait ran its course. */
async function wait(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  const deadline = createDeadline(ms, signal);
  const ended = deadline.signal;
  if (!ended.aborted) await new Promise((resolve) => ended.addEventListener("abort", resolve, { once: true }));
  return deadline.ended?.by === "time";
}

/** A 429 or 503 with a short enough `Retry-After` is sent once more. */
export async function boundedFetch(request: Request, options: BoundedOptions): Promise<BoundedResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  let retried = false;
  const failed = (problem: string): BoundedResult => ({ ok: false, problem, fatal: false, ms: elapsed(), retried });
  for (;;) {
    const answer = await once(request.clone(), options);
    if ("release" in answer) return { ok: true, ...answer, ms: elapsed(), retried };
    if (!(answer instanceof Response)) return { ok: false, ...answer, ms: elapsed(), retried };
    const retryAfter = retryAfterMs(answer.headers.get("retry-after"));
    if (retried || (answer.status !== 429 && answer.status !== 503) || retryAfter === undefined)
      return { ok: true, response: answer, ms: elapsed(), retried };
    if (retryAfter > options.maxRetryWaitMs)
      return failed(
        `${answer.status} asking to retry after ${formatDuration(retryAfter)}, longer than the ${formatDuration(options.maxRetryWaitMs)} allowed: not retried`,
      );
    retried = true;
    if (!(await wait(retryAfter, options.signal))) return failed(`stopped: ${reasonText(options.signal?.reason)}`);
  }
}
