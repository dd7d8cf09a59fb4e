/**
 * `npm run bench:test`: where `npm test`'s time goes, and whether it meets its targets.
 *
 *   npm run bench:test [-- <document or folder> [root file]] [--whole]
 *     Each phase of `npm test` run alone and timed (api:check, typecheck, lint, format:check,
 *     each Vitest project, coverage:contract), and their sum. `npm test` runs the Vitest
 *     projects in one process, side by side, so its whole is a little less than the sum;
 *     `--whole` also times one real `npm test`. With a document (or a multi-file contract's
 *     folder and its root file, which becomes `openapi.yaml`), in a scratch copy whose
 *     contract it is, after a timed `npm run api`.
 *
 *   npm run bench:test -- --targets [<document or folder> [root file]] [--ref=<commit>]
 *     The targets, in a clean clone of the committed HEAD (or of <commit>, to compare): its `bash .ci/run` (provisioning,
 *     `npm ci`, `npm test`: both suites, empty contract) at most 11 min; the app's suite there
 *     (`npm run test:app`) at most 2 min; `npm run test:quick` at most 30 s warm (first run, and
 *     again with ESLint's cache); then, with a document, caches cleared, the document as its
 *     contract and `npm run test:app` at most 6 min, and the growth between the two app's suites
 *     in seconds per 1,000 operation × status pairs. Exit 1 when a target is missed.
 *
 *   npm run bench:test -- --by-process
 *     One `vitest run` in the repository, and the processor time each kind of process spent
 *     meanwhile (Chromium's renderers, Vitest's workers, the Storybook and Vite servers, nested
 *     runs in scratch copies…), sampled from /proc (Linux): what less work would have to remove.
 *
 *   npm run bench:test -- --shards [n]
 *     CI's jobs on one machine (.github/workflows/ci.yml): in a clean clone, the app's suite
 *     (`vitest run --reporter=blob`) and each of n shards of the workbench's, each alone from cold
 *     caches as a fresh runner starts, then `vitest run --merge-reports` and coverage:contract
 *     from the app's records. Target: the slowest job at most 4 min.
 *
 * Each line also gives the machine's CPU time meanwhile and how busy its cores were: a step
 * whose cores are all busy gets faster only by doing less, not by another schedule.
 * Timings are noisy on a shared machine: compare figures from one run. Every command's output
 * goes to `.cache/bench-test/<step>.log`.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { basename, delimiter, extname, join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { makeScratchCopy, removeScratchCopy, REPO, WORKBENCH_BIN } from "../../tests/harness/scratch-copy.ts";
import { sampleProcesses } from "./processes.ts";
import { CACHE_FOLDER, makeScratchFolder } from "../../tooling/scratch-folder.ts";

/** The Vitest projects of both suites (tests/setup/projects.ts); a stale name fails its phase ("No projects matched"). */
const PROJECTS = [
  ...["dom", "dom-isolated", "types", "node", "e2e", "emulator", "storybook", "storybook-dark"],
  ...["dom", "types", "node", "e2e"].map((layer) => `workbench:${layer}`),
];

/** The targets, in seconds: the whole `.ci/run`, the app's suite empty and with a document, the inner loop warm, CI's slowest job. */
const TARGETS = { ciRun: 11 * 60, appEmpty: 2 * 60, appDocument: 6 * 60, quickWarm: 30, slowestJob: 4 * 60 };

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
    command: ["npx", "vitest", "run", "--config", "vitest.repo.config.ts", "--project", project],
  })),
  { name: "coverage:contract", command: ["npm", "run", "--silent", "coverage:contract", "--", "--summary"] },
];

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith("--")).map((arg) => arg.replace(/=.*$/, "")));
/** The commit to clone (`--ref=main` to compare with what is merged), HEAD unless given. */
const ref = args.find((arg) => arg.startsWith("--ref="))?.slice("--ref=".length) ?? "HEAD";
const [documentArg, rootArg] = args.filter((arg) => !arg.startsWith("--"));
const logs = join(REPO, CACHE_FOLDER, "bench-test");

/** Copies the document (or folder) in as the copy's contract. */
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
  /** Vitest's own "Duration" line, when the command ran Vitest. */
  vitestSeconds?: number;
  /** The machine's processor time meanwhile, all cores (see machineBusy). */
  cpuSeconds: number;
}

/**
 * The seconds every core of the machine has spent busy so far. A command's own CPU time (GNU
 * time's) leaves out what it does not wait for: Chromium's renderers, the dev servers a test
 * stops, the Vite servers of nested runs. A fresh clone's `.ci/run` counted 816 s that way
 * against 1,182 s of the machine's. So the bench reads the machine's, and wants it otherwise idle.
 */
function machineBusy(): number {
  return cpus().reduce((sum, { times }) => sum + (times.user + times.nice + times.sys + times.irq) / 1000, 0);
}

/** The environment of a command in `cwd`: its binaries first, as CI runs it. */
function commandEnv(cwd: string, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...base, CI: "true", PATH: `${join(cwd, "node_modules", ".bin")}${delimiter}${base.PATH ?? ""}` };
}

function logFile(name: string): string {
  return join(logs, `${name.replaceAll(/[^a-z0-9-]+/gi, "-")}.log`);
}

function report(timed: Timed): Timed {
  const vitest = timed.vitestSeconds === undefined ? "" : ` (Vitest ${timed.vitestSeconds.toFixed(0)} s)`;
  // How busy the cores were: under 100 % is time a schedule could still fill; at 100 % only less work is faster.
  const busy = timed.seconds > 0 ? (100 * timed.cpuSeconds) / (timed.seconds * cpus().length) : 0;
  const cpu = ` · CPU ${timed.cpuSeconds.toFixed(0)} s, ${busy.toFixed(0)} % busy`;
  console.log(
    `  ${timed.name.padEnd(34)} ${timed.seconds.toFixed(1).padStart(7)} s${vitest}${cpu}${timed.ok ? "" : `  FAILED (${logFile(timed.name)})`}`,
  );
  return timed;
}

/** Vitest's "Duration 683.25s" line, in seconds. */
function vitestDuration(output: string): number | undefined {
  const match = /^\s*Duration\s+([\d.]+)s/m.exec(stripVTControlCharacters(output));
  return match ? Number(match[1]) : undefined;
}

function time(cwd: string, name: string, command: string[], env = commandEnv(cwd)): Timed {
  const [bin = "", ...rest] = command;
  const [start, busyBefore] = [performance.now(), machineBusy()];
  const result = spawnSync(bin, rest, { cwd, encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 });
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = machineBusy() - busyBefore;
  const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
  writeFileSync(logFile(name), output);
  return report({ name, seconds, ok: result.status === 0, vitestSeconds: vitestDuration(output), cpuSeconds });
}

/**
 * `bash .ci/run` in `dir`, as a machine without the project's Node would run it (the Node this
 * bench runs under is taken off PATH), timed as a whole and split where `npm test` starts.
 */
async function timeCiRun(dir: string): Promise<{ whole: Timed; install: number; test: number }> {
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((entry) => !entry.includes(`${join(".tools", "node", "bin")}`))
    .join(delimiter);
  // Nor npm's settings for this bench's own run: under `npm run -s` the clone's npm would be silent
  // too, and print no `> … test` line to split at.
  const outside = Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_"));
  const env: NodeJS.ProcessEnv = { ...Object.fromEntries(outside), PATH: path, CI: "true" };
  const [start, busyBefore] = [performance.now(), machineBusy()];
  let testStart: number | undefined;
  let busyAtTest: number | undefined;
  let output = "";
  const status = await new Promise<number | null>((done) => {
    const child = spawn("bash", [".ci/run"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      // npm's banner for the README's test command: what came before is provisioning and `npm ci`.
      if (testStart === undefined && /^> [\w@./-]+ test$/m.test(stripVTControlCharacters(text))) {
        testStart = performance.now();
        busyAtTest = machineBusy();
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("close", done);
  });
  const [end, busyAtEnd] = [performance.now(), machineBusy()];
  writeFileSync(logFile("ci-run"), output);
  const whole = report({
    name: "bash .ci/run (clean clone)",
    seconds: (end - start) / 1000,
    ok: status === 0,
    vitestSeconds: vitestDuration(output),
    cpuSeconds: busyAtEnd - busyBefore,
  });
  const install = ((testStart ?? end) - start) / 1000;
  const testCpu = busyAtEnd - (busyAtTest ?? busyAtEnd);
  console.log(
    `    of which provisioning and npm ci ${install.toFixed(1)} s, npm test ${(whole.seconds - install).toFixed(1)} s (CPU ${testCpu.toFixed(0)} s)`,
  );
  return { whole, install, test: whole.seconds - install };
}

/** A clone of the committed HEAD in a scratch folder: what a new user checks out. */
function cleanClone(): string {
  const dir = makeScratchFolder(REPO, "bench-clone-");
  const head = spawnSync("git", ["rev-parse", ref], { cwd: REPO, encoding: "utf8" }).stdout.trim();
  for (const command of [
    ["clone", "--quiet", "--no-checkout", REPO, dir],
    ["-C", dir, "checkout", "--quiet", head],
  ]) {
    const result = spawnSync("git", command, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`bench:test: git ${command.join(" ")} failed:\n${result.stderr}`);
  }
  console.log(`  a clean clone of ${head.slice(0, 12)} in ${dir}`);
  return dir;
}

/** What a first run finds: no Vite, Storybook, ESLint or test caches (the shards' reports, in .vitest/blob/, stay). */
function clearCaches(dir: string): void {
  for (const cache of [join("node_modules", ".vite"), join("node_modules", ".cache"), CACHE_FOLDER]) {
    rmSync(join(dir, cache), { recursive: true, force: true });
  }
}

/** The operation × declared status pairs of the contract generated in `dir`. */
function pairsOf(dir: string): number {
  const manifest = JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as {
    operations: Array<{ responses: unknown[] }>;
  };
  return manifest.operations.reduce((sum, operation) => sum + operation.responses.length, 0);
}

function verdict(name: string, ok: boolean, figure: string): boolean {
  console.log(`  ${ok ? "met   " : "MISSED"} ${name}: ${figure}`);
  return ok;
}

function documentSource(): string {
  if (!documentArg) {
    console.error("bench:test: usage: npm run bench:test -- --targets <openapi document or folder> [root file]");
    process.exit(1);
  }
  const source = resolve(process.cwd(), documentArg);
  if (!existsSync(source)) {
    console.error(`bench:test: ${documentArg}: file not found.`);
    process.exit(1);
  }
  return source;
}

/** The phases, one by one (and `npm test` whole with --whole), on the repository or a document's copy. */
function phases(): boolean {
  const source = documentArg ? documentSource() : undefined;
  const dir = source ? makeScratchCopy("bench-test") : REPO;
  const results: Timed[] = [];
  try {
    console.log(`bench:test on ${documentArg ?? "the repository's contract"} (${new Date().toISOString()})`);
    if (source) {
      installContract(dir, source, rootArg);
      if (!time(dir, "api (regenerate)", ["node", WORKBENCH_BIN, "api"]).ok) return false;
    }
    for (const phase of PHASES) results.push(time(dir, phase.name, phase.command));
    const sum = results.reduce((total, result) => total + result.seconds, 0);
    console.log(`  ${"sum of the phases".padEnd(34)} ${sum.toFixed(1).padStart(7)} s  (${(sum / 60).toFixed(1)} min)`);
    if (flags.has("--whole")) results.push(time(dir, "npm test (whole)", ["npm", "test"]));
  } finally {
    if (dir !== REPO) removeScratchCopy(dir);
  }
  return results.every((result) => result.ok);
}

/** The targets: a clean clone's .ci/run, the inner loop there, then `npm test` with the document. */
async function targets(): Promise<boolean> {
  const source = documentArg ? documentSource() : undefined;
  console.log(`bench:test --targets${documentArg ? `, then with ${documentArg}` : ""} (${new Date().toISOString()})`);
  const dir = cleanClone();
  try {
    const ci = await timeCiRun(dir);
    if (!ci.whole.ok) return false;
    // A commit from before the inner loop existed (--ref) is timed without it.
    const scripts = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> })
      .scripts;
    rmSync(join(dir, CACHE_FOLDER, "eslint"), { recursive: true, force: true });
    const app = time(dir, "npm run test:app", ["npm", "run", "--silent", "test:app"]);
    const quickFirst = scripts["test:quick"]
      ? time(dir, "npm run test:quick (first)", ["npm", "run", "--silent", "test:quick"])
      : undefined;
    const quick = quickFirst
      ? time(dir, "npm run test:quick (ESLint cached)", ["npm", "run", "--silent", "test:quick"])
      : undefined;
    console.log("targets:");
    const met = [
      verdict(
        "a clean clone's bash .ci/run, both suites, empty contract, at most 11 min",
        ci.whole.seconds <= TARGETS.ciRun,
        `${(ci.whole.seconds / 60).toFixed(1)} min`,
      ),
      verdict(
        "npm run test:app, empty contract, at most 2 min",
        app.ok && app.seconds <= TARGETS.appEmpty,
        `${app.seconds.toFixed(0)} s`,
      ),
      verdict(
        "npm run test:quick at most 30 s warm",
        !!quickFirst?.ok && !!quick?.ok && quick.seconds <= TARGETS.quickWarm,
        quick && quickFirst
          ? `${quick.seconds.toFixed(0)} s with ESLint's cache, ${quickFirst.seconds.toFixed(0)} s without`
          : "no test:quick script",
      ),
    ];
    if (source) met.push(documentTarget(dir, source, app.seconds));
    return met.every(Boolean);
  } finally {
    removeScratchCopy(dir);
  }
}

/**
 * The app's suite in `dir` (a clean clone that ran once) with the document as its contract, from
 * cleared caches, against its target; and the growth from `emptySeconds` (the app's suite there
 * with the empty contract) per 1,000 operation × status pairs.
 */
function documentTarget(dir: string, source: string, emptySeconds: number): boolean {
  clearCaches(dir);
  installContract(dir, source, rootArg);
  const api = time(dir, "api (regenerate)", ["node", WORKBENCH_BIN, "api"]);
  if (!api.ok) return false;
  const pairs = pairsOf(dir);
  const document = time(dir, `npm run test:app, ${pairs} pairs`, ["npm", "run", "--silent", "test:app"]);
  const growth = (document.seconds - emptySeconds) / (pairs / 1000);
  const met = verdict(
    `npm run test:app with ${basename(source)} at most 6 min`,
    document.ok && document.seconds <= TARGETS.appDocument,
    `${(document.seconds / 60).toFixed(1)} min`,
  );
  console.log(
    `  growth: ${growth.toFixed(0)} s per 1,000 operation × status pairs (test:app ${document.seconds.toFixed(0)} s with ${pairs} pairs against ${emptySeconds.toFixed(0)} s with none)`,
  );
  return met;
}

/** CI's jobs one after another, each from cold caches, then the app's report and coverage. */
async function shards(): Promise<boolean> {
  const given = args.find((arg, index) => args[index - 1] === "--shards" && !arg.startsWith("--"));
  const count = Number(given ?? 4);
  console.log(`bench:test --shards ${count} (${new Date().toISOString()})`);
  const dir = cleanClone();
  try {
    const install = await new Promise<boolean>((done) => {
      const env: NodeJS.ProcessEnv = { ...process.env, CI: "true" };
      const child = spawn("bash", ["-c", "source .ci/provision.sh && npm ci --no-audit --no-fund"], {
        cwd: dir,
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
      child.on("close", (status) => done(status === 0));
    });
    if (!install) return false;
    clearCaches(dir);
    const results: Timed[] = [
      time(dir, "the app's suite", ["npx", "vitest", "run", "--reporter=blob", "--reporter=default"]),
    ];
    for (let shard = 1; shard <= count; shard++) {
      clearCaches(dir);
      results.push(
        time(dir, `the workbench's suite, shard ${shard}/${count}`, [
          "npx",
          "vitest",
          "run",
          "--config",
          "packages/workbench/vitest.config.ts",
          `--shard=${shard}/${count}`,
        ]),
      );
    }
    const merged = time(dir, "vitest --merge-reports", ["npx", "vitest", "run", "--merge-reports"]);
    const coverage = time(dir, "coverage:contract (the app's)", [
      "npm",
      "run",
      "--silent",
      "coverage:contract",
      "--",
      "--summary",
    ]);
    const slowest = Math.max(...results.map((result) => result.seconds));
    console.log("targets:");
    const met = verdict(
      `the slowest job (the app's suite, ${count} workbench shards) at most 4 min`,
      results.every((result) => result.ok) && slowest <= TARGETS.slowestJob,
      `${slowest.toFixed(0)} s`,
    );
    return met && merged.ok && coverage.ok;
  } finally {
    removeScratchCopy(dir);
  }
}

/** One `vitest run` here, and the processor time of each kind of process meanwhile. */
async function byProcess(): Promise<boolean> {
  console.log(`bench:test --by-process (${new Date().toISOString()})`);
  const [start, busyBefore, sampling] = [performance.now(), machineBusy(), sampleProcesses()];
  let output = "";
  const status = await new Promise<number | null>((done) => {
    const child = spawn("npx", ["vitest", "run", "--config", "vitest.repo.config.ts"], {
      cwd: REPO,
      env: commandEnv(REPO),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      writeFileSync(logFile("vitest run"), output);
      done(code);
    });
  });
  const byKind = sampling.stop();
  const [seconds, busy] = [(performance.now() - start) / 1000, machineBusy() - busyBefore];
  report({ name: "vitest run", seconds, ok: status === 0, vitestSeconds: vitestDuration(output), cpuSeconds: busy });
  const sampled = [...byKind.values()].reduce((sum, value) => sum + value, 0);
  const rows = [...byKind].filter(([, cpu]) => cpu >= 0.5).sort(([, a], [, b]) => b - a);
  for (const [kind, cpu] of rows) {
    console.log(
      `  ${kind.padEnd(34)} ${cpu.toFixed(1).padStart(7)} CPU-s  ${((100 * cpu) / busy).toFixed(0).padStart(3)} %`,
    );
  }
  console.log(`  ${"shorter than a sample, or outside".padEnd(34)} ${(busy - sampled).toFixed(1).padStart(7)} CPU-s`);
  return status === 0;
}

rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
const ok = flags.has("--targets")
  ? await targets()
  : flags.has("--shards")
    ? await shards()
    : flags.has("--by-process")
      ? await byProcess()
      : phases();
if (!ok) {
  console.error(`bench:test: a step failed or a target was missed; see ${logs}.`);
  process.exitCode = 1;
}
