// One request to an untrusted server, bounded: a deadline for the whole exchange (body
// included), a cap on the body's size, no redirect followed (a 3xx is an answer like any
// other, so the probe never reaches another host), `Retry-After` honoured once on 429/503.
// Every failure becomes one line that says what happened, never a stack trace.

export interface BoundedOptions {
  timeoutMs: number;
  maxBodyBytes: number;
  /** The longest `Retry-After` waited for; a longer one is reported instead. */
  maxRetryWaitMs: number;
  fetch?: typeof globalThis.fetch;
}

export type BoundedResult =
  | { ok: true; response: Response; ms: number; retried: boolean }
  | { ok: false; problem: string; fatal: boolean; ms: number; retried: boolean };

/** Connection-level failures: the server is not there, so no other request will do better. */
const FATAL = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describeFailure(error: unknown, timeoutMs: number): { problem: string; fatal: boolean } {
  const code = causeCode(error);
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
    return { problem: `no complete answer within ${timeoutMs} ms`, fatal: false };
  if (code !== undefined && FATAL.has(code)) return { problem: `cannot connect (${code})`, fatal: true };
  if (code !== undefined && /CERT|SSL|TLS|SELF_SIGNED|ERR_SSL/i.test(code))
    return { problem: `TLS error (${code})`, fatal: true };
  if (code !== undefined) return { problem: `connection failed (${code})`, fatal: false };
  return { problem: `request failed (${error instanceof Error ? error.message : String(error)})`, fatal: false };
}

/** Reads a body up to `limit` bytes; more is an error. */
async function readCapped(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limit) throw new RangeError(`a body of ${declared} bytes, over the ${limit}-byte limit`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError(`a body over the ${limit}-byte limit`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function once(request: Request, options: BoundedOptions): Promise<Response> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const send = options.fetch ?? globalThis.fetch;
  const response = await send(new Request(request, { signal, redirect: "manual" }));
  const body = await readCapped(response, options.maxBodyBytes);
  // The body is read in full here, under the deadline: what the check reads later is a copy.
  return new Response(body.byteLength === 0 || [204, 205, 304].includes(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Sends `request` within the bounds; answers a 429 or 503 with a `Retry-After` it may
 * wait for by waiting and sending it once more.
 */
export async function boundedFetch(request: Request, options: BoundedOptions): Promise<BoundedResult> {
  const started = performance.now();
  let retried = false;
  for (;;) {
    try {
      const response = await once(request.clone(), options);
      const wait = retryAfterMs(response.headers.get("retry-after"));
      if (!retried && (response.status === 429 || response.status === 503) && wait !== undefined) {
        if (wait > options.maxRetryWaitMs) {
          return {
            ok: false,
            problem: `${response.status} asking to retry after ${Math.round(wait / 1000)} s, longer than the ${options.maxRetryWaitMs / 1000} s allowed`,
            fatal: false,
            ms: performance.now() - started,
            retried,
          };
        }
        retried = true;
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      return { ok: true, response, ms: performance.now() - started, retried };
    } catch (error) {
      const { problem, fatal } =
        error instanceof RangeError
          ? { problem: error.message, fatal: false }
          : describeFailure(error, options.timeoutMs);
      return { ok: false, problem, fatal, ms: performance.now() - started, retried };
    }
  }
}
