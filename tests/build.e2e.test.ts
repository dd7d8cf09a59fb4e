// The production build must carry no mocking: no MSW, no fixtures, no workbench, no worker file.
// The same scan over a development-mode build proves the scan finds them when present.
// Unconfigured, it carries no identity-provider (Firebase) code either; configured, the
// SDK is there, in chunks loaded after first paint, never in the initial JavaScript.
// Without a measurement ID it carries no analytics code; with one, analytics (banner,
// pipeline, SDK) arrives only in lazy chunks.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, run } from "./harness/scratch-copy.ts";

/** Strings only MSW, its worker, our fixtures (mocks), the dev entry, the workbench's engine (packages/workbench/src/fixtures) or its drift check contain. */
const MOCK_MARKERS = [
  "mockServiceWorker",
  "setupWorker",
  "[MSW]",
  "[mocks]",
  "onUnhandledFrame",
  "openapi-msw",
  "X-Mocks-Unhandled",
  "[contract drift]",
  "[dev]",
];

/** Strings only the runtime's client and streams contain: the session's header, a stream's reconnection. */
const CLIENT_MARKERS = ["Bearer ", "Last-Event-ID"];

/** Strings only analytics code contains: the SDK, its tag script, our banner and pipeline. */
const ANALYTICS_MARKERS = ["firebase", "analytics", "Analytics", "googletagmanager"];

/** Strings only the Firebase SDK (or our use of it) contains. */
const FIREBASE_MARKERS = ["identitytoolkit", "securetoken", "firebase", "demo-test"];

/** The four variables that configure a real Firebase project (values are placeholders). */
const CONFIGURED = {
  VITE_FIREBASE_API_KEY: "build-test-key",
  VITE_FIREBASE_AUTH_DOMAIN: "build-test.firebaseapp.com",
  VITE_FIREBASE_PROJECT_ID: "build-test",
  VITE_FIREBASE_APP_ID: "1:1:web:1",
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every place a marker occurs in the build output, as `file: marker`, file names included. */
function findMarkers(dir: string, markers: string[], files = filesUnder(dir)): string[] {
  return files.flatMap((file) => {
    const name = relative(dir, file);
    const text = `${name}\n${readFileSync(file, "utf8")}`;
    return markers.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
  });
}

function findMockCode(dir: string): string[] {
  return findMarkers(dir, MOCK_MARKERS);
}

/** The scripts index.html loads before any dynamic import (entry and modulepreloads). */
function initialScripts(dir: string): string[] {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  return [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g)].map(
    (match) => join(dir, match[1] ?? ""),
  );
}

function build(mode: "production" | "development", env: Record<string, string> = {}): string {
  const outDir = mkdtempSync(join(tmpdir(), `build-${mode}-`));
  const result = run(
    REPO,
    "vite",
    ["build", "--mode", mode, "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
    env,
  );
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return outDir;
}

describe("the production build", () => {
  const outDirs: string[] = [];
  afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  // One unconfigured production build serves the first two tests.
  let production: string | undefined;
  function productionBuild(): string {
    production ??= build("production");
    outDirs.push(production);
    return production;
  }

  it("contains no MSW code, no fixtures and no worker file", () => {
    const outDir = productionBuild();
    expect(filesUnder(outDir).some((file) => file.endsWith(".js"))).toBe(true);
    expect(findMockCode(outDir)).toEqual([]);
  });

  it("contains no identity-provider code when Firebase is not configured", () => {
    const outDir = productionBuild();
    expect(findMarkers(outDir, FIREBASE_MARKERS)).toEqual([]);
  });

  it("leaves the runtime's client, hooks and streams out of the initial JavaScript", () => {
    // The shell imports the manifest from src/api/index.ts, whose client, hooks and streams are
    // pure: they load with the first screen that calls the API, not before.
    const outDir = productionBuild();
    expect(findMarkers(outDir, CLIENT_MARKERS, initialScripts(outDir))).toEqual([]);
  });

  it("configured, loads the identity provider's SDK in lazy chunks only", () => {
    const outDir = build("production", CONFIGURED);
    outDirs.push(outDir);
    const initial = initialScripts(outDir);
    expect(initial.length).toBeGreaterThan(0);
    // The scan finds the SDK when it is there…
    expect(findMarkers(outDir, ["identitytoolkit"])).not.toEqual([]);
    // …and not in what the page loads first.
    expect(findMarkers(outDir, ["identitytoolkit", "securetoken"], initial)).toEqual([]);
  });

  it("contains no analytics code when no measurement ID is configured", () => {
    expect(findMarkers(productionBuild(), ANALYTICS_MARKERS)).toEqual([]);
  });

  it("with a measurement ID, loads analytics only in lazy chunks", () => {
    const outDir = build("production", { ...CONFIGURED, VITE_FIREBASE_MEASUREMENT_ID: "G-BUILDTEST" });
    outDirs.push(outDir);
    const initial = initialScripts(outDir);
    expect(initial.length).toBeGreaterThan(0);
    // The scan finds the analytics SDK and its tag script when they are there…
    expect(findMarkers(outDir, ["googletagmanager"])).not.toEqual([]);
    // …and not in what the page loads first.
    expect(findMarkers(outDir, ["googletagmanager", "firebaseinstallations"], initial)).toEqual([]);
  });

  it("is checked by a scan that does find mocking in a development build", () => {
    const outDir = build("development");
    outDirs.push(outDir);
    expect(findMockCode(outDir)).toEqual(expect.arrayContaining([expect.stringContaining("setupWorker")]));
  });
});
