// `npm run api` on contracts that have not changed writes nothing and generates nothing: each
// contract's stamp (.cache/api/) records the hashes of its inputs and of its outputs as written.
// A changed input, a referenced file of a multi-file contract included, or an output edited by
// hand makes it generate again, and `api:check` still catches the edited file.
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import registry from "../../../../contracts.config.ts";
import {
  makeApiScratch,
  removeApiScratch,
  runApi,
  snapshotOutputs,
  writeContract,
} from "../../../../tests/harness/api-scratch.ts";
import { runAsync, WORKBENCH_BIN } from "../../../../tests/harness/scratch-copy.ts";

const MULTI_FILE = join(import.meta.dirname, "../../../../tests/contracts/api-input/multi-file");

/** Every file of the folder (relative to it) → its text. */
function filesOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true })) {
    const file = join(folder, String(entry));
    if (statSync(file).isFile()) files[relative(folder, file)] = readFileSync(file, "utf8");
  }
  return files;
}

/** Each generated file's modification time, to prove that none was written. */
function mtimes(dir: string): Map<string, number> {
  return new Map([...snapshotOutputs(dir).keys()].map((file) => [file, statSync(join(dir, file)).mtimeMs]));
}

describe("npm run api when nothing changed", () => {
  let dir = "";
  const contracts = Object.keys(registry).length;
  beforeAll(() => {
    dir = makeApiScratch("api-unchanged");
    writeContract(dir, filesOf(MULTI_FILE));
    const first = runApi(dir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^api: wrote src\/api\/schema\.d\.ts$/m);
  });
  afterAll(() => removeApiScratch(dir));

  it("writes nothing and says so in one line", () => {
    const before = mtimes(dir);
    const again = runApi(dir);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(
        `^api: unchanged: ${contracts} contract${contracts === 1 ? "" : "s"} and \\d+ generated files as their stamps recorded`,
      ),
    );
    expect(again.stdout.trim().split("\n")).toHaveLength(1);
    expect(mtimes(dir)).toEqual(before);
  });

  it("generates again when a file the entry refers to changes", () => {
    const order = join(dir, "openapi/schemas/Order.yaml");
    writeFileSync(order, `description: An order, as placed.\n${readFileSync(order, "utf8")}`);
    const api = runApi(dir);
    expect(api.status, api.stderr).toBe(0);
    expect(api.stdout).toMatch(/^api: wrote src\/api\/contract\.json$/m);
    expect(readFileSync(join(dir, "src/api/contract.json"), "utf8")).toContain("An order, as placed.");
    expect(runApi(dir).stdout).toMatch(/^api: unchanged: /);
  });

  it("generates once when two runs see one change: the other waits for it and finds nothing to do", async () => {
    // As when `npm start` and `npm run mock` both watch the contract, or `npm run api` runs beside them.
    const order = join(dir, "openapi/schemas/Order.yaml");
    writeFileSync(order, `${readFileSync(order, "utf8")}x-saved-twice: true\n`);
    const api = () => runAsync(dir, process.execPath, [WORKBENCH_BIN, "api"], { NO_COLOR: "1" });
    const runs = await Promise.all([api(), api()]);
    for (const { status, stderr } of runs) expect(status, stderr).toBe(0);
    const outputs = runs.map(({ stdout }) => stdout).sort();
    expect(outputs.filter((out) => /^api: wrote src\/api\/manifest\.json$/m.test(out))).toHaveLength(1);
    const waited = outputs.find((out) => !/^api: wrote /m.test(out)) ?? "";
    expect(waited).toMatch(/^api: waiting for another process \(pid \d+\) that is regenerating the contracts\.$/m);
    expect(waited).toMatch(/^api: unchanged: /m);
  });

  it("generates again, and api:check fails, when a generated file was edited by hand", () => {
    const types = join(dir, "src/api/schema.d.ts");
    const generated = readFileSync(types, "utf8");
    writeFileSync(types, `${generated}// edited by hand\n`);
    const check = runApi(dir, "--check");
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(/^api:check: src\/api\/schema\.d\.ts is out of date/m);
    const api = runApi(dir);
    expect(api.status, api.stderr).toBe(0);
    expect(api.stdout).toMatch(/^api: wrote src\/api\/schema\.d\.ts$/m);
    expect(readFileSync(types, "utf8")).toBe(generated);
  });

  it("generates every contract again when the generator's source changes, or with --force", () => {
    const module = join(dir, "packages/workbench/src/codegen/manifest/operation-names.ts");
    writeFileSync(module, `${readFileSync(module, "utf8")}// a change to the generator\n`);
    const api = runApi(dir);
    expect(api.status, api.stderr).toBe(0);
    expect(api.stdout).toMatch(/^api: \d+ generated files already up to date\.$/m);
    expect(runApi(dir).stdout).toMatch(/^api: unchanged: /);
    const forced = runApi(dir, "--force");
    expect(forced.stdout).toMatch(/^api: \d+ generated files already up to date\.$/m);
  });

  it("generates again when the contract folder gains a file", () => {
    cpSync(join(dir, "openapi/schemas/Problem.yaml"), join(dir, "openapi/schemas/Spare.yaml"));
    const pattern = new RegExp(
      `^api: \\d+ generated files already up to date \\(${contracts - 1} contracts unchanged`,
      "m",
    );
    expect(runApi(dir).stdout).toMatch(pattern);
  });
});
