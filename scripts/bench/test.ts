/**
 * `npm run bench:test [-- <document or folder> [root file]]`: where `npm test`'s time
 * goes. Runs its phases one after another, as `npm test` does (api:check, typecheck,
 * lint, format:check, each Vitest project, coverage:contract), and prints the wall time
 * of each and their sum. `npm test` itself runs the Vitest projects in one process,
 * side by side, so its whole is a little less than the sum; `--whole` also times one
 * real `npm test` for comparison.
 *
 * With a document (or a multi-file contract's folder and its root file, which becomes
 * `openapi.yaml`), everything runs in a scratch copy whose contract is that document,
 * after `npm run api` there (timed apart). The repository's own `openapi/` is untouched.
 * Each phase's output goes to `.cache/bench-test/<phase>.log`.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { makeScratchCopy, REPO, removeScratchCopy } from "../../tests/harness/scratch-copy.ts";
import { CACHE_FOLDER } from "../../tooling/scratch-folder.ts";

/** The Vitest projects of vite.config.ts; a stale name fails its phase ("No projects matched"). */
const PROJECTS = ["unit", "unit-isolated", "types", "workbench", "node", "emulator", "storybook", "storybook-dark"];

interface Phase {
  name: string;
  command: string[];
}

const PHASES: Phase[] = [
  { name: "api:check", command: ["npm", "run", "--silent", "api:check"] },
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
  { name: "lint", command: ["npm", "run", "--silent", "lint"] },
  { name: "format:check", command: ["npm", "run", "--silent", "format:check"] },
  ...PROJECTS.map((project) => ({
    name: `vitest ${project}`,
    command: ["npx", "vitest", "run", "--project", project],
  })),
  { name: "coverage:contract", command: ["npm", "run", "--silent", "coverage:contract", "--", "--summary"] },
];

const args = process.argv.slice(2);
const whole = args.includes("--whole");
const [documentArg, rootArg] = args.filter((arg) => arg !== "--whole");

/** Copies the document (or folder) in as the scratch copy's contract. */
function installContract(dir: string, source: string, root: string | undefined): void {
  rmSync(join(dir, "openapi"), { recursive: true, force: true });
  if (statSync(source).isDirectory()) {
    cpSync(source, join(dir, "openapi"), { recursive: true });
    const from = join(dir, "openapi", root ?? "openapi.yaml");
    if (!existsSync(from)) throw new Error(`bench:test: ${root ?? "openapi.yaml"} is not in ${source}`);
    if (basename(from) !== "openapi.yaml") renameSync(from, join(dir, "openapi", "openapi.yaml"));
    return;
  }
  mkdirSync(join(dir, "openapi"));
  const ext = extname(source) === ".json" ? ".json" : ".yaml";
  cpSync(source, join(dir, "openapi", `openapi${ext}`));
}

interface Timed {
  name: string;
  seconds: number;
  ok: boolean;
}

function time(cwd: string, logs: string, name: string, command: string[]): Timed {
  const [bin = "", ...rest] = command;
  const start = performance.now();
  const result = spawnSync(bin, rest, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "true", PATH: `${join(cwd, "node_modules", ".bin")}:${process.env.PATH ?? ""}` },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - start) / 1000;
  const log = join(logs, `${name.replaceAll(/[^a-z0-9-]+/gi, "-")}.log`);
  writeFileSync(log, `${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  const ok = result.status === 0;
  console.log(`  ${name.padEnd(22)} ${seconds.toFixed(1).padStart(7)} s${ok ? "" : `  FAILED (${log})`}`);
  return { name, seconds, ok };
}

let dir = REPO;
if (documentArg) {
  const source = resolve(process.cwd(), documentArg);
  if (!existsSync(source)) {
    console.error(`bench:test: ${documentArg}: file not found.`);
    process.exit(1);
  }
  dir = makeScratchCopy("bench-test");
}
const logs = join(REPO, CACHE_FOLDER, "bench-test");
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });

const results: Timed[] = [];
try {
  console.log(`bench:test on ${documentArg ?? "the repository's contract"} (${new Date().toISOString()})`);
  if (documentArg) {
    installContract(dir, resolve(process.cwd(), documentArg), rootArg);
    const api = time(dir, logs, "api (regenerate)", ["node", "scripts/api.ts"]);
    if (!api.ok) process.exit(1);
  }
  for (const phase of PHASES) results.push(time(dir, logs, phase.name, phase.command));
  const sum = results.reduce((total, result) => total + result.seconds, 0);
  console.log(`  ${"sum of the phases".padEnd(22)} ${sum.toFixed(1).padStart(7)} s  (${(sum / 60).toFixed(1)} min)`);
  if (whole) {
    const all = time(dir, logs, "npm test (whole)", ["npm", "test"]);
    results.push(all);
  }
} finally {
  if (dir !== REPO) removeScratchCopy(dir);
}
const failed = results.filter((result) => !result.ok);
if (failed.length > 0) {
  console.error(`bench:test: ${failed.map((result) => result.name).join(", ")} failed; see ${logs}.`);
  process.exit(1);
}
