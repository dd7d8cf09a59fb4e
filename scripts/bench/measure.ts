// The benchmarks' one measuring helper: wall time and peak memory of a command, and the
// statistics every bench prints (median, percentile, worst).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const TIME = "/usr/bin/time";

export interface Sample {
  seconds: number;
  /** Peak resident memory, when GNU time is installed. */
  peakMiB: number | undefined;
  /** Processor time (user and system), when GNU time is installed: what a shared machine's load does not stretch. */
  cpuSeconds?: number | undefined;
}

/**
 * Runs a command; wall time from here, peak RSS from GNU time when the machine has it.
 * Throws, with the command's output, when it fails: a failed run measures nothing.
 *
 * @example
 * const { seconds, peakMiB } = measure(dir, process.execPath, ["scripts/api.ts"]);
 */
export function measure(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Sample {
  const withTime = existsSync(TIME);
  const options = { cwd, encoding: "utf8" as const, env, maxBuffer: 64 * 1024 * 1024 };
  const start = performance.now();
  const result = withTime
    ? spawnSync(TIME, ["-f", "%M %U %S", command, ...args], options)
    : spawnSync(command, args, options);
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  const [kib = NaN, user = NaN, system = NaN] = withTime
    ? (result.stderr.trim().split("\n").at(-1) ?? "").split(" ").map(Number)
    : [];
  const cpu = user + system;
  return {
    seconds,
    peakMiB: Number.isFinite(kib) ? kib / 1024 : undefined,
    cpuSeconds: Number.isFinite(cpu) ? cpu : undefined,
  };
}

/**
 * The value at fraction `p` of the sorted values (NaN for none).
 *
 * @example
 * percentile([5, 1, 3], 0.95); // 5
 */
export function percentile(values: number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
}

/**
 * The middle value (the upper one of an even count; NaN for none).
 *
 * @example
 * median([3, 1, 2]); // 2
 */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}

/**
 * The largest of the values that were measured (undefined when none was).
 *
 * @example
 * worst([undefined, 120, 80]); // 120
 */
export function worst(values: Array<number | undefined>): number | undefined {
  const measured = values.filter((value): value is number => value !== undefined);
  return measured.length > 0 ? Math.max(...measured) : undefined;
}

/**
 * A memory figure for a report.
 *
 * @example
 * mib(123.4); // "123 MiB"
 */
export function mib(value: number | undefined): string {
  return value === undefined ? "n/a" : `${value.toFixed(0)} MiB`;
}
