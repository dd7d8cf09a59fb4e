// The production build must carry no mocking: no MSW, no fixtures, no workbench, no worker file.
// The same scan over a development-mode build proves the scan finds them when present.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, run } from "./harness/scratch-copy.ts";

/** Strings only MSW, its worker, our fixtures (src/mocks) or the workbench's engine (workbench/fixtures) contain. */
const MOCK_MARKERS = [
  "mockServiceWorker",
  "setupWorker",
  "[MSW]",
  "[mocks]",
  "onUnhandledFrame",
  "openapi-msw",
  "X-Mocks-Unhandled",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every place a marker occurs in the build output, as `file: marker`, file names included. */
function findMockCode(dir: string): string[] {
  return filesUnder(dir).flatMap((file) => {
    const name = relative(dir, file);
    const text = `${name}\n${readFileSync(file, "utf8")}`;
    return MOCK_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
  });
}

function build(mode: "production" | "development"): string {
  const outDir = mkdtempSync(join(tmpdir(), `build-${mode}-`));
  const result = run(REPO, "vite", [
    "build",
    "--mode",
    mode,
    "--outDir",
    outDir,
    "--emptyOutDir",
    "--logLevel",
    "error",
  ]);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return outDir;
}

describe("the production build", () => {
  const outDirs: string[] = [];
  afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("contains no MSW code, no fixtures and no worker file", () => {
    const outDir = build("production");
    outDirs.push(outDir);
    expect(filesUnder(outDir).some((file) => file.endsWith(".js"))).toBe(true);
    expect(findMockCode(outDir)).toEqual([]);
  });

  it("is checked by a scan that does find mocking in a development build", () => {
    const outDir = build("development");
    outDirs.push(outDir);
    expect(findMockCode(outDir)).toEqual(
      expect.arrayContaining([expect.stringContaining("setupWorker"), expect.stringContaining("X-Mocks-Unhandled")]),
    );
  });
});
