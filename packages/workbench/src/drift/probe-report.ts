import { formatDriftTable } from "./drift-report.ts";
import type { ProbeCall, ProbeResult } from "./probe.ts";

function where(call: ProbeCall): string {
  return `${call.method} ${call.path}${call.page === undefined ? "" : ` (page ${call.page})`}`;
}

/** `problems` for standard error, `output` for standard output; `pages` is the `--pages` the run was given. */
export function formatProbeReport(result: ProbeResult, { pages }: { pages: number }) {
  const problems: string[] = [];
  if (result.stopped !== undefined) problems.push(`contract:probe: stopped: ${result.stopped}`);
  for (const call of result.calls) {
    if (call.problem !== undefined) problems.push(`contract:probe: ${where(call)}: ${call.problem}`);
    if (call.note !== undefined) problems.push(`contract:probe: ${where(call)}: ${call.note}`);
    if (call.morePages) problems.push(`contract:probe: ${where(call)}: more pages, not followed (--pages ${pages})`);
  }
  const streams = result.calls.flatMap((call) =>
    call.stream === undefined ? [] : [`contract:probe: ${where(call)}: ${call.stream}`],
  );
  const output = [...streams, ...(result.drift.length > 0 ? [formatDriftTable(result.drift)] : [])];
  const missing = result.calls.filter((call) => call.problem !== undefined).length;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  output.push(
    `contract:probe: ${count(result.requests, "request")} to ${result.baseUrl} in ${(result.elapsedMs / 1000).toFixed(1)} s; ` +
      `${count(result.drift.length, "drift")}; ${count(result.skipped.length, "operation")} not called` +
      (missing > 0 ? `; ${missing} without a complete answer` : "") +
      ".",
  );
  return { problems, output };
}

/** 0 the contract kept; 1 drift or a misbehaving answer; 2 the probe could not run or finish; 130 Ctrl-C. */
export function probeExitCode(result: ProbeResult, { interrupted = false }: { interrupted?: boolean } = {}): number {
  if (interrupted) return 130;
  if (result.stopped !== undefined || (result.calls.length > 0 && result.calls.every((call) => call.problem))) return 2;
  const misbehaved = result.calls.some((call) => call.problem !== undefined || call.note !== undefined);
  return result.drift.length > 0 || misbehaved ? 1 : 0;
}
