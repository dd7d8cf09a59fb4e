// The production build must carry no mocking: no MSW, no fixtures, no workbench, no worker file.
// The same scan over a development-mode build proves the scan finds them when present.
// Without a Firebase measurement ID it carries no analytics code either; with one, the
// analytics code (banner, pipeline, SDK) arrives only in lazy chunks, never in the initial JS.
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

/** Strings only analytics code contains: the SDK, its endpoints and tag script, our banner and pipeline. */
const ANALYTICS_MARKERS = ["firebase", "analytics", "googletagmanager"];

/** Strings only the Firebase SDK and Google's endpoints contain. */
const SDK_MARKERS = ["firebase", "googletagmanager", "googleapis"];

/**
 * Every analytics marker in `files` (relative to `dir`), names included, case-insensitive.
 * Source paths are left out: under NODE_ENV=test React's JSX keeps file names, and the
 * repository's own path may contain a marker (a checkout named after a feature).
 */
function findAnalyticsCode(dir: string, files: string[], markers = ANALYTICS_MARKERS): string[] {
  return files.flatMap((name) => {
    const text = `${name}\n${readFileSync(join(dir, name), "utf8")}`.replaceAll(REPO, "").toLowerCase();
    return markers.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
  });
}

/** The scripts index.html loads before any dynamic import: its entry and modulepreloads. */
function initialScripts(dir: string): string[] {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  return [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map(
    (match) => match[1] ?? "",
  );
}

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

function build(mode: "production" | "development", env: Record<string, string> = {}): string {
  const saved = Object.keys(env).map((key) => [key, process.env[key]] as const);
  Object.assign(process.env, env);
  try {
    return buildWithEnv(mode);
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

function buildWithEnv(mode: "production" | "development"): string {
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
    expect(
      findAnalyticsCode(
        outDir,
        filesUnder(outDir).map((file) => relative(outDir, file)),
      ),
    ).toEqual([]);
  });

  it("with a Firebase measurement ID, loads analytics only in lazy chunks, after the first render", () => {
    const outDir = build("production", {
      VITE_FIREBASE_API_KEY: "build-test-key",
      VITE_FIREBASE_AUTH_DOMAIN: "build-test.firebaseapp.com",
      VITE_FIREBASE_PROJECT_ID: "build-test",
      VITE_FIREBASE_APP_ID: "1:000000000000:web:0000000000000000000000",
      VITE_FIREBASE_MEASUREMENT_ID: "G-BUILDTEST",
    });
    outDirs.push(outDir);
    const initial = initialScripts(outDir);
    expect(initial.length).toBeGreaterThan(0);
    // The initial JS holds only `track()` and the banner's lazy mount (a few hundred bytes); the SDK is not in it.
    expect(findAnalyticsCode(outDir, initial, SDK_MARKERS)).toEqual([]);
    const lazy = filesUnder(outDir)
      .map((file) => relative(outDir, file))
      .filter((file) => file.endsWith(".js") && !initial.includes(file));
    // The SDK is there, lazily: the scan above would have found it in the initial JS.
    expect(findAnalyticsCode(outDir, lazy)).toEqual(
      expect.arrayContaining([expect.stringContaining("googletagmanager")]),
    );
  });

  it("is checked by a scan that does find mocking in a development build", () => {
    const outDir = build("development");
    outDirs.push(outDir);
    expect(findMockCode(outDir)).toEqual(
      expect.arrayContaining([expect.stringContaining("setupWorker"), expect.stringContaining("X-Mocks-Unhandled")]),
    );
  });
});
