import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArguments } from "./test-beside.ts";

const SCRIPT = join(import.meta.dirname, "test-beside.ts");

/** A package whose npm scripts stand for the checks: each prints its own priority. */
const CHECKS = {
  ok: `node -e "console.log('ok at', require('os').getPriority())"`,
  also: `node -e "console.log('also at', require('os').getPriority())"`,
  broken: `node -e "console.error('src/x.ts:3:1 error'); process.exit(3)"`,
  marker: `node -e "require('fs').writeFileSync('marker', '')"`,
  slow: `node -e "setTimeout(() => {}, 60000)"`,
};

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the script; with `ctrlC`, in a process group of its own, which gets SIGINT once the tests have started. */
function runBeside(cwd: string, args: string[], { ctrlC = false } = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { cwd, detached: ctrlC });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (ctrlC && !stdout.includes("tests at") && chunk.toString().includes("tests at"))
        setTimeout(() => process.kill(-child.pid!, "SIGINT"), 500);
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The tests' stand-in: prints its priority, then exits with `code` after `ms`, or says it was stopped. */
const tests = (ms: number, code = 0) => [
  "--",
  process.execPath,
  "-e",
  `console.log('tests at', require('os').getPriority());
   process.on('SIGINT', () => { console.log('tests stopped'); process.exit(130); });
   setTimeout(() => process.exit(${code}), ${ms});`,
];

describe("npm test's checks beside the tests (scripts/test-beside.ts)", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "test-beside-"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "beside", private: true, scripts: CHECKS }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs the checks at the lowest priority beside the tests, and prints their output once they pass", async () => {
    const result = await runBeside(dir, ["--checks", "ok,also", ...tests(300)]);
    expect(result.code, result.stderr).toBe(0);
    // The tests keep the priority they were started with (this process's).
    expect(result.stdout).toMatch(new RegExp(`^tests at ${getPriority()}$`, "m"));
    expect(result.stdout).toMatch(/^> npm run ok \([\d.]+ s\)\nok at 19$/m);
    expect(result.stdout).toMatch(/^> npm run also \([\d.]+ s\)\nalso at 19$/m);
    expect(result.stdout).toContain("ok, also passed beside the tests, at the lowest priority");
    // The checks' output comes after the tests' own.
    expect(result.stdout.indexOf("ok at")).toBeGreaterThan(result.stdout.indexOf("tests at"));
  });

  it("exits with the tests' code when they fail and the checks pass", async () => {
    const result = await runBeside(dir, ["--checks", "ok", ...tests(100, 4)]);
    expect(result.code).toBe(4);
    expect(result.stdout).toContain("ok passed beside the tests");
  });

  it("prints a failed check at once, stops the tests, and runs no check after it", async () => {
    // Tests that would run for a minute: the failed check stops them, as Ctrl-C would.
    const result = await runBeside(dir, ["--checks", "broken,marker", ...tests(60_000)]);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain("tests stopped");
    expect(result.stderr).toContain("npm test: `npm run broken` failed (exit 3); stopping the tests.");
    expect(result.stderr).toContain("src/x.ts:3:1 error");
    expect(existsSync(join(dir, "marker"))).toBe(false);
  });

  it.runIf(process.platform !== "win32")(
    "on Ctrl-C, lets the tests and the running check stop, starts no other check, and exits 130",
    async () => {
      const result = await runBeside(dir, ["--checks", "slow,marker", ...tests(60_000)], { ctrlC: true });
      expect(result.code, result.stderr).toBe(130);
      expect(result.stdout).toContain("tests stopped");
      expect(result.stdout).not.toContain("passed beside the tests");
      expect(existsSync(join(dir, "marker"))).toBe(false);
    },
  );

  it("refuses a wrong command line with its usage, exit 2", async () => {
    const result = await runBeside(dir, ["--checks", "ok"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no command after --");
    expect(result.stderr).toContain("usage: node scripts/test-beside.ts");
    expect(() => parseArguments(["vitest", "run"])).toThrow("expected --checks");
    expect(() => parseArguments(["--checks", ",", "--", "vitest"])).toThrow("--checks names no npm script");
    expect(parseArguments(["--checks", "typecheck,lint", "--", "vitest", "run"])).toEqual({
      checks: ["typecheck", "lint"],
      command: ["vitest", "run"],
    });
  });
});
