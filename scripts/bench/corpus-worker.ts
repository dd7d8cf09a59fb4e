/**
 * One thread of `npm run bench:corpus`: takes contracts one at a time and runs, in memory, what
 * a user's `npm run api` and the every-default-fixture test run on it (the same check as
 * packages/workbench/src/fixtures/fixtures.test.ts, per operation × status, default scenario), measures the
 * data's realism (./mock-data-figures.ts), checks the exchange each gallery story makes
 * (./corpus-gallery.ts), and writes the generated types and a user file for the type-check the
 * main thread runs over many contracts at once.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { ContractError, formatProblem, generate } from "@contract-workbench/workbench/codegen";
import { schemaPointer } from "@contract-workbench/workbench/contract";
import { createFixtures, createFixturesSession, formatViolation } from "@contract-workbench/workbench/fixtures";
import { GALLERY_BASE_URL, galleryExchanges } from "./corpus-gallery.ts";
import { userCode, type UserCalls } from "./corpus-user-code.ts";
import { mockDataFigures, type MockDataFigures } from "./mock-data-figures.ts";

export interface CorpusJob {
  /** The contract, relative to the root. */
  file: string;
  /** Where its types and user file go (absolute). */
  typesDir: string;
}

export interface CorpusResult {
  file: string;
  operations: number;
  pairs: number;
  /** Generation's refusal (the first problem, formatted), when it refused. */
  refused?: { rule: string; message: string };
  /** Located warnings, by rule. */
  warnings: Record<string, number>;
  /** The pairs whose default answer broke the contract, or that threw. */
  fixtureFailures: string[];
  /** The gallery stories whose exchange was checked (a stream's aside). */
  stories: number;
  /** The gallery stories shown as unsendable: no request keeps the contract (its own defect, warned at generation). */
  unsendable?: number;
  /** What broke in the gallery stories' exchanges, each naming its story (and the operation that answered it instead). */
  exchangeFailures: string[];
  unsatisfiable: number;
  figures?: Omit<MockDataFigures, "missed" | "loremPlaces" | "unfit" | "misfits"> & {
    loremPlaces: string[];
    unfit: string[];
  };
  /** What the user file calls (absent: nothing to call, or generation refused). */
  calls?: UserCalls;
  seconds: { generate: number; fixtures: number; gallery: number };
}

const { root } = workerData as { root: string };
// The fixtures' warnings (an example skipped) are the generator's warnings already, and their
// violations are collected from the session: neither is printed from here.
console.warn = () => undefined;
console.error = () => undefined;

async function check({ file, typesDir }: CorpusJob): Promise<CorpusResult> {
  const started = performance.now();
  const result: CorpusResult = {
    file,
    operations: 0,
    pairs: 0,
    warnings: {},
    fixtureFailures: [],
    stories: 0,
    exchangeFailures: [],
    unsatisfiable: 0,
    seconds: { generate: 0, fixtures: 0, gallery: 0 },
  };
  let generated: Awaited<ReturnType<typeof generate>>;
  try {
    generated = await generate(root, { contract: file, outDir: "out" });
  } catch (error) {
    const problem = error instanceof ContractError ? error.problems[0] : undefined;
    result.refused = problem
      ? { rule: problem.rule ?? problem.message.replace(/[`"'].*$/s, "").trim(), message: formatProblem(problem) }
      : { rule: "crashed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    result.seconds.generate = (performance.now() - started) / 1000;
    return result;
  }
  result.seconds.generate = (performance.now() - started) / 1000;
  for (const warning of generated.warnings) {
    const rule = warning.rule ?? "other";
    result.warnings[rule] = (result.warnings[rule] ?? 0) + 1;
  }
  const manifest = JSON.parse(generated.outputs.get("out/manifest.json") ?? "") as Manifest;
  const contract = JSON.parse(generated.outputs.get("out/contract.json") ?? "") as ContractSchemas;
  result.operations = manifest.operations.length;

  // Said as it starts, so that a contract past its time names the stage it was in.
  parentPort?.postMessage({ stage: "building every default fixture" });
  const fixturesStarted = performance.now();
  // The session knows the base the stories call under, as the app's does (mocks/fixtures-session.ts).
  const fixtures = createFixtures(manifest, contract, {
    session: createFixturesSession({ baseUrl: GALLERY_BASE_URL }),
  });
  for (const operation of manifest.operations) {
    for (const { status } of operation.responses) {
      result.pairs++;
      const id = operation.operationId;
      try {
        if (fixtures.unsatisfiable(id, status) !== undefined) {
          result.unsatisfiable++;
          continue;
        }
        const response = contract.operations[id]?.responses[status];
        for (const mediaType of Object.keys(response?.content ?? {})) {
          if (response?.content[mediaType]?.schema === undefined) continue;
          const value = fixtures.fixture(id, status, "default");
          if (!mediaType.includes("json")) break;
          const pointer = schemaPointer(id, "responses", status, "content", mediaType, "schema");
          for (const failure of fixtures.validator.check(pointer, value))
            result.fixtureFailures.push(
              `${id} → ${status} at ${failure.pointer}: expected ${failure.expected}, got ${failure.actual}`,
            );
          break; // the default answers with the preferred media type only
        }
      } catch (error) {
        result.fixtureFailures.push(
          `${id} → ${status} threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  result.fixtureFailures.push(...fixtures.session.takeViolations().map(formatViolation));
  parentPort?.postMessage({ stage: "measuring the data's realism" });
  const { missed, loremPlaces, unfit, misfits, ...figures } = mockDataFigures(manifest, contract, fixtures);
  void missed;
  void misfits;
  result.figures = { ...figures, loremPlaces: loremPlaces.slice(0, 2), unfit: unfit.slice(0, 2) };
  result.seconds.fixtures = (performance.now() - fixturesStarted) / 1000;

  parentPort?.postMessage({ stage: "checking the gallery stories' exchanges" });
  const galleryStarted = performance.now();
  const gallery = await galleryExchanges(manifest, fixtures);
  result.stories = gallery.stories;
  result.unsendable = gallery.unsendable;
  result.exchangeFailures = gallery.failures;
  result.seconds.gallery = (performance.now() - galleryStarted) / 1000;

  const user = userCode(manifest);
  if (user !== undefined) {
    mkdirSync(typesDir, { recursive: true });
    writeFileSync(join(typesDir, "schema.d.ts"), generated.outputs.get("out/schema.d.ts") ?? "");
    writeFileSync(join(typesDir, "user.ts"), user.text);
    result.calls = user.calls;
  }
  return result;
}

parentPort?.on("message", (job: CorpusJob) => {
  check(job).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) =>
      parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
