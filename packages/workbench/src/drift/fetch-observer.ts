// Checked after the caller has its response; the copy is cancelled when the app lets go, so it never holds a connection.
import { BoundedReadError, createDeadline, formatDuration, readBounded, withBody } from "./bounded-read.ts";
import { boundedStream, isStreamed, pulledStream, STREAM_EVENTS } from "./bounded-stream.ts";
import type { Drift, DriftCheck } from "./drift-check.ts";
import { formatDrift, type DriftEntry, type DriftReport } from "./drift-report.ts";
import type { Recorder } from "./recording.ts";

export function logNewDrift(entries: readonly DriftEntry[]): void {
  for (const entry of entries) {
    console.groupCollapsed(`[contract drift] ${entry.method} ${entry.path} ${entry.status ?? ""} ${entry.place}`);
    console.warn(formatDrift(entry));
    const { operationId, pointer, expected, actual } = entry;
    console.info({ operationId, pointer, expected, actual });
    console.groupEnd();
  }
}

export const OBSERVER_LIMITS = { timeoutMs: 10_000, maxBodyBytes: 5 * 1024 * 1024, maxEvents: STREAM_EVENTS };

export interface ObserveOptions {
  /** The disagreements seen for the first time. */
  onNew?: (entries: readonly DriftEntry[]) => void;
  /** For the `recorded` scenario. */
  recorder?: Recorder;
  /** Once per operation and reason (too slow, too large, cut). */
  onUnchecked?: (line: string) => void;
  limits?: { timeoutMs: number; maxBodyBytes: number; maxEvents?: number };
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** URL and kind kept. */
function passedThrough(response: Response, body: ReadableStream<Uint8Array>, onCancel: () => void): Response {
  const reader = body.getReader();
  const stream = pulledStream(
    () => reader.read(),
    (reason) => {
      onCancel();
      return reader.cancel(reason);
    },
  );
  const copy = withBody(response, stream);
  for (const property of ["url", "redirected", "type"] as const)
    Object.defineProperty(copy, property, { value: response[property], enumerable: true });
  return copy;
}

/** Returns the function that puts `target.fetch` back. */
export function observeFetch(
  target: { fetch: typeof globalThis.fetch },
  check: DriftCheck,
  report: DriftReport,
  { onNew = logNewDrift, recorder, onUnchecked = console.info, limits = OBSERVER_LIMITS }: ObserveOptions = {},
): () => void {
  const original = target.fetch;
  const unchecked = new Set<string>();
  const add = (drifts: Drift[] | undefined) => {
    const fresh = report.add(drifts ?? []);
    if (fresh.length > 0) onNew(fresh);
  };

  async function inspect(sent: Request, answer: Response): Promise<void> {
    const drifts = await check.check(sent, answer);
    add(drifts);
    const operation = check.operationOf(sent.method, sent.url);
    if (drifts?.length === 0 && recorder !== undefined && operation !== undefined) {
      await recorder.keep(operation.operationId, answer.clone());
      report.touch();
    }
  }

  /** Within the limits, while the app reads at its own pace; never recorded. */
  async function inspectStream(sent: Request, response: Response, copy: ReadableStream<Uint8Array>, stop: AbortSignal) {
    const deadline = createDeadline(limits.timeoutMs, stop);
    const answer = withBody(response, boundedStream(copy, { deadline, maxBytes: limits.maxBodyBytes }));
    try {
      const stream = { limits: { maxEvents: limits.maxEvents ?? STREAM_EVENTS, maxDurationMs: limits.timeoutMs } };
      add(await check.check(sent, answer, { stream }));
    } finally {
      // The check read a clone: cancelling the rest keeps the page's branch from buffering for it.
      answer.body?.cancel().catch(() => undefined);
      deadline.dispose();
    }
  }

  async function inspectBody(sent: Request, response: Response, copy: ReadableStream<Uint8Array>, stop: AbortSignal) {
    if (isStreamed(response)) return inspectStream(sent, response, copy, stop);
    const deadline = createDeadline(limits.timeoutMs, stop);
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readBounded(new Response(copy, { headers: response.headers }), {
        deadline,
        maxBytes: limits.maxBodyBytes,
      });
    } catch (error) {
      // The app let go of the exchange: so does the observer, and there is nothing to say.
      if (!(error instanceof BoundedReadError) || error.stop === "stopped") return;
      const why =
        error.stop === "deadline" ? `no complete answer within ${formatDuration(limits.timeoutMs)}` : error.message;
      const line = `[contract drift] ${sent.method} ${new URL(sent.url).pathname}: not checked: ${why}`;
      if (!unchecked.has(line)) {
        unchecked.add(line);
        onUnchecked(line);
      }
      return;
    } finally {
      deadline.dispose();
    }
    await inspect(sent, withBody(response, body.byteLength === 0 ? null : body));
  }

  const observed: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (check.operationOf(request.method, request.url) === undefined) return original.call(target, request);
    const sent = request.clone();
    const response = await original.call(target, request);
    const failed = (error: unknown) => console.warn("[contract drift] the check itself failed:", error);
    if (response.body === null || NULL_BODY.has(response.status) || response.status < 200) {
      void inspect(sent, response.clone()).catch(failed);
      return response;
    }
    const abandoned = new AbortController();
    const abandon = () => abandoned.abort(new Error("the app let go of the exchange"));
    request.signal.addEventListener("abort", abandon, { once: true });
    const [forApp, forCheck] = response.body.tee();
    void inspectBody(sent, response, forCheck, abandoned.signal)
      .catch(failed)
      .finally(() => request.signal.removeEventListener("abort", abandon));
    return passedThrough(response, forApp, abandon);
  };
  target.fetch = observed;
  return () => {
    if (target.fetch === observed) target.fetch = original;
  };
}
