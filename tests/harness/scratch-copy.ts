import { execFile, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { cp } from "node:fs/promises";
import { promisify } from "node:util";
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
  for (const entry of copiedEntries()) cpSync(join(REPO, entry), join(dir, entry), { recursive: true });
  const link = spawnSync("cp", LINK_ARGS(dir), { encoding: "utf8" });
  if (link.status !== 0) throw new Error(`Could not hard-link node_modules into ${dir}: ${link.stderr}`);
  return dir;
}

/**
 * `makeScratchCopy` that leaves the event loop free: the shared setups (tests/setup/shared-setups.ts)
 * make their copies in Vitest's main process, which also serves the browser projects meanwhile.
 *
 * @example
 * const dir = await makeScratchCopyAsync("example");
 */
export async function makeScratchCopyAsync(name: string): Promise<string> {
  const dir = makeScratchFolder(REPO, `${name}-`);
  await Promise.all(copiedEntries().map((entry) => cp(join(REPO, entry), join(dir, entry), { recursive: true })));
  await promisify(execFile)("cp", LINK_ARGS(dir)).catch((error: Error & { stderr?: string }) => {
    throw new Error(`Could not hard-link node_modules into ${dir}: ${error.stderr ?? error.message}`);
  });
  return dir;
}

/** The repository's top-level entries a scratch copy gets (node_modules is hard-linked apart). */
function copiedEntries(): string[] {
  return readdirSync(REPO).filter((entry) => !SKIP.has(entry));
}

/**
 * The workbench package's bin as a copy holds it, relative to the copy's root: `node WORKBENCH_BIN api`
 * is `npm run api` there. Its source, not node_modules/.bin: a generator-only copy (api-scratch.ts)
 * has no node_modules of its own, and a copy must run its own workbench, not the repository's.
 */
export const WORKBENCH_BIN = "packages/workbench/src/cli/main.ts";

const LINK_ARGS = (dir: string) => ["-al", join(REPO, "node_modules"), join(dir, "node_modules")];

export function removeScratchCopy(dir: string): void {
  if (!process.env.KEEP_SCRATCH) rmSync(dir, { recursive: true, force: true });
}

/** A command's environment in a scratch copy: that copy's binaries first on PATH, as CI runs it. */
function commandEnv(cwd: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${join(cwd, "node_modules", ".bin")}:${process.env.PATH ?? ""}`, CI: "true", ...env };
}

/** Bounds a hung command; a story run in a fresh copy took 226 s on two busy cores. */
const COMMAND_LIMIT_MS = 600_000;

/** Runs a command in a scratch copy, with that copy's binaries first on PATH. */
export function run(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: "utf8", env: commandEnv(cwd, env), timeout: COMMAND_LIMIT_MS });
}

/** What a finished command said: its exit status (null when it was killed), stdout and stderr. */
export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `run` without blocking the event loop (for the shared setups, in Vitest's main process).
 *
 * @example
 * const api = await runAsync(dir, "npm", ["run", "--silent", "api"]);
 */
export function runAsync(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, encoding: "utf8", env: commandEnv(cwd, env), timeout: COMMAND_LIMIT_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        resolve({ status: error ? (typeof code === "number" ? code : null) : 0, stdout, stderr });
      },
    );
  });
}
