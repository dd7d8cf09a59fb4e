// Watches every `fetch` the page makes (the app's client looks `fetch` up on each call) and
// checks each exchange with the contract once it is complete, after the caller has its
// response: nothing is blocked, delayed or changed, and a check that fails only says so.
import type { DriftCheck } from "./drift-check.ts";
import { formatDrift, type DriftEntry, type DriftReport } from "./drift-report.ts";
import type { Recorder } from "./recorder.ts";

/** One console group per disagreement seen for the first time. */
export function logNewDrift(entries: readonly DriftEntry[]): void {
  for (const entry of entries) {
    console.groupCollapsed(`[contract drift] ${entry.method} ${entry.path} ${entry.status ?? ""} ${entry.place}`);
    console.warn(formatDrift(entry));
    console.info({
      operationId: entry.operationId,
      pointer: entry.pointer,
      expected: entry.expected,
      actual: entry.actual,
    });
    console.groupEnd();
  }
}

/**
 * Replaces `target.fetch` with one that checks what it sends and receives; returns the
 * function that puts the original back.
 *
 * @example
 * const stop = observeFetch(window, check, report);
 */
export function observeFetch(
  target: { fetch: typeof globalThis.fetch },
  check: DriftCheck,
  report: DriftReport,
  onNew: (entries: readonly DriftEntry[]) => void = logNewDrift,
  recorder?: Recorder,
): () => void {
  const original = target.fetch;
  const observed: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    // Only exchanges with the contract's operations are copied and checked.
    if (check.operationOf(request.method, request.url) === undefined) return original.call(target, request);
    const sent = request.clone();
    const response = await original.call(target, request);
    const received = response.clone();
    const kept = recorder === undefined ? undefined : response.clone();
    void check
      .check(sent, received)
      .then(async (drifts) => {
        const fresh = report.add(drifts ?? []);
        if (fresh.length > 0) onNew(fresh);
        // An answer that keeps the contract may become a fixture (the `recorded` scenario).
        const operation = check.operationOf(sent.method, sent.url);
        if (drifts?.length === 0 && kept !== undefined && operation !== undefined) {
          await recorder?.keep(operation.operationId, kept);
          report.touch();
        }
      })
      .catch((error: unknown) => console.warn("[contract drift] the check itself failed:", error));
    return response;
  };
  target.fetch = observed;
  return () => {
    if (target.fetch === observed) target.fetch = original;
  };
}
