/**
 * Where a command's processor time goes, by kind of process: Chromium's renderers, Vitest's
 * workers, the Storybook and Vite servers, nested runs in scratch copies… Linux only: it reads
 * `/proc/<pid>/stat` every half second, so a process that lives less than that is missed; the
 * gap between the machine's busy time and the sum is printed as such.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second, for /proc's utime and stime. */
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;
const INTERVAL_MS = 500;

/** What a process is, from its command line. */
export function kindOf(commandLine: string): string {
  const type = /--type=([\w-]+)/.exec(commandLine)?.[1];
  if (/chrom/i.test(commandLine) || commandLine.startsWith("/proc/self/exe")) return `Chromium ${type ?? "browser"}`;
  if (commandLine.includes("vitest")) {
    if (commandLine.includes("/.cache/")) return "Vitest in a scratch copy";
    return /forks|worker/.test(commandLine) ? "Vitest workers" : "Vitest (main)";
  }
  const kinds: Array<[RegExp, string]> = [
    [/storybook/, "Storybook (dev server, build)"],
    [/\bvite\b/, "Vite (dev server, build)"],
    [/contract-workbench api|cli\/api\.ts/, "npm run api"],
    [/esbuild/, "esbuild"],
    [/typescript|\btsc\b/, "TypeScript"],
    [/eslint/, "ESLint"],
    [/firebase|java/, "Auth emulator"],
    [/\bnpm\b|npm-cli/, "npm"],
  ];
  return kinds.find(([pattern]) => pattern.test(commandLine))?.[1] ?? (commandLine.split(" ")[0] || "other");
}

interface Seen {
  kind: string;
  first: number;
  last: number;
}

/** Starts sampling; `stop()` gives the CPU seconds each kind of process spent meanwhile. */
export function sampleProcesses(): { stop: () => Map<string, number> } {
  const seen = new Map<string, Seen>();
  let firstSample = true;
  const sample = () => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid) || pid === String(process.pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const ticks = Number(fields[11]) + Number(fields[12]);
        const key = `${pid}:${fields[19]}`;
        const known = seen.get(key);
        if (known) {
          known.last = ticks;
          continue;
        }
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
        // A process already running counts from now; one started since, from its start.
        seen.set(key, {
          kind: commandLine ? kindOf(commandLine) : "kernel",
          first: firstSample ? ticks : 0,
          last: ticks,
        });
      } catch {
        // It ended between the listing and the read.
      }
    }
    firstSample = false;
  };
  sample();
  const timer = setInterval(sample, INTERVAL_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const byKind = new Map<string, number>();
      for (const { kind, first, last } of seen.values()) {
        byKind.set(kind, (byKind.get(kind) ?? 0) + (last - first) / TICKS);
      }
      return byKind;
    },
  };
}
