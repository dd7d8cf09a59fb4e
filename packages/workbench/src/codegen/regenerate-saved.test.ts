import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEBOUNCE_MS, saveRuns } from "./regenerate-saved.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const quiet = () => new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));

describe("saveRuns", () => {
  it("makes a burst one run, named for its last file still there, not an editor's temporary one", async () => {
    const root = mkdtempSync(join(tmpdir(), "saves-"));
    roots.push(root);
    writeFileSync(join(root, "openapi.yaml"), "openapi: 3.1.0\n");
    const runs: string[] = [];
    const saves = saveRuns(
      root,
      (changed) => void runs.push(changed),
      () => {},
    );
    // vim's save: a probe file made and removed, the contract written, then a swap file touched and gone.
    for (const file of ["4913", "openapi.yaml", "openapi.yaml~"]) saves.add(join(root, file));
    await quiet();
    expect(runs).toEqual(["openapi.yaml"]);
  });

  it("runs one burst after another, and a run that throws does not stop the next", async () => {
    const root = mkdtempSync(join(tmpdir(), "saves-"));
    roots.push(root);
    writeFileSync(join(root, "a.yaml"), "");
    const runs: string[] = [];
    const errors: unknown[] = [];
    const saves = saveRuns(
      root,
      (changed) => {
        runs.push(changed);
        if (runs.length === 1) throw new Error("first");
      },
      (error) => errors.push(error),
    );
    saves.add(join(root, "a.yaml"));
    await quiet();
    saves.add(join(root, "a.yaml"));
    await quiet();
    expect(runs).toEqual(["a.yaml", "a.yaml"]);
    expect(errors).toEqual([new Error("first")]);
    saves.add(join(root, "a.yaml"));
    saves.stop();
    await quiet();
    expect(runs).toHaveLength(2);
  });
});
