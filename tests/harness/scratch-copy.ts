import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { CACHE_FOLDER, makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { join, resolve } from "node:path";

export const REPO = resolve(import.meta.dirname, "../..");
const SKIP = new Set(["node_modules", ".tools", ".git", "dist", "storybook-static", CACHE_FOLDER, "coverage"]);

/**
 * A copy of the project in a scratch folder under the repository's ignored `.cache/`,
 * as a fresh clone would be after `npm ci`: the sources are copied and node_modules is
 * hard-linked (same file system, so it takes a fraction of a second and no disk).
 */
export function makeScratchCopy(name: string): string {
  const dir = makeScratchFolder(REPO, `${name}-`);
  for (const entry of readdirSync(REPO)) {
    if (!SKIP.has(entry)) cpSync(join(REPO, entry), join(dir, entry), { recursive: true });
  }
  const link = spawnSync("cp", ["-al", join(REPO, "node_modules"), join(dir, "node_modules")], { encoding: "utf8" });
  if (link.status !== 0) throw new Error(`Could not hard-link node_modules into ${dir}: ${link.stderr}`);
  return dir;
}

export function removeScratchCopy(dir: string): void {
  if (!process.env.KEEP_SCRATCH) rmSync(dir, { recursive: true, force: true });
}

/** Runs a command in a scratch copy, with that copy's binaries first on PATH. */
export function run(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      PATH: `${join(cwd, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
      CI: "true",
      ...env,
    },
    // Bounds a hung command; a story run in a fresh copy took 226 s on two busy cores.
    timeout: 600_000,
  });
}
