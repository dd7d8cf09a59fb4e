import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEBOUNCE_MS, saveRuns } from "./regenerate-saved.ts";

const roots: string[] = [];
// The debounce on a clock of the test's own: no wait a busy machine could outlast.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const quiet = () => vi.advanceTimersByTimeAsync(DEBOUNCE_MS);

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
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
    expect(runs).toEqual([]);
    saves.add(join(root, "openapi.yaml"));
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
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
