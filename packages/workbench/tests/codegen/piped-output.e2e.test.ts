// A report piped into another program (`npm run coverage:contract | less`, a CI log, a test's
// spawnSync) is whole: Node writes a piped stdout asynchronously, so a script that ended with
// process.exit() after printing lost everything past the pipe's first 64 KiB. A contract of
// 3,000 operations makes the coverage table and `npm run api --verbose`'s change summary that long.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDS_DIR } from "../../src/coverage/contract-coverage.ts";
import { makeApiScratch, removeApiScratch, runApi, writeContract } from "../../../../tests/harness/api-scratch.ts";
import { WORKBENCH_BIN } from "../../../../tests/harness/scratch-copy.ts";

const OPERATIONS = 3000;

/** Many operations, each with a success answer and the extra answers given. */
function largeContract(extra: Record<string, unknown> = {}): string {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < OPERATIONS; index++) {
    paths[`/things-${index}`] = {
      get: {
        operationId: `getThing${index}`,
        responses: {
          "200": {
            description: "The thing.",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "integer" } } } } },
          },
          ...extra,
        },
      },
    };
  }
  return JSON.stringify({ openapi: "3.1.0", info: { title: "Many things", version: "1.0.0" }, paths });
}

describe("a long report, piped", () => {
  let dir = "";
  beforeAll(() => {
    dir = makeApiScratch("piped-output");
    writeContract(dir, { "openapi.json": largeContract() });
  });
  afterAll(() => removeApiScratch(dir));

  it("npm run api --verbose prints the whole change summary", () => {
    const first = runApi(dir);
    expect(first.status, first.stderr.slice(-2000)).toBe(0);
    // Every operation gains a 404: the summary lists each change, on stdout.
    writeContract(dir, { "openapi.json": largeContract({ "404": { description: "No such thing." } }) });
    const api = runApi(dir, "--verbose");
    expect(api.status, api.stderr.slice(-2000)).toBe(0);
    expect(api.stdout.length).toBeGreaterThan(128 * 1024);
    const changed = new Set(api.stdout.match(/^ {2}~ changed {2}getThing\d+ /gm));
    expect(changed.size).toBe(OPERATIONS);
    expect(api.stdout).toMatch(/getThing999 \(GET \/things-999\)\n\s+- response 404 added\n$/);
  });

  it("npm run coverage:contract prints the whole table and its last line", () => {
    // A recorded run that exercised nothing: every pair is listed as not covered.
    mkdirSync(join(dir, RECORDS_DIR), { recursive: true });
    writeFileSync(join(dir, RECORDS_DIR, "dom.json"), JSON.stringify({ version: 1, project: "dom", modules: {} }));
    const coverage = spawnSync(process.execPath, [WORKBENCH_BIN, "coverage"], { cwd: dir, encoding: "utf8" });
    expect(coverage.stdout.length).toBeGreaterThan(128 * 1024);
    const rows = new Set(coverage.stdout.match(/^getThing\d+ /gm));
    expect(rows.size).toBe(OPERATIONS);
    expect(coverage.stdout).toContain("coverage:contract: wrote coverage/contract-coverage.json");
    expect(coverage.status, coverage.stderr).toBe(0);
  });
});
