// The bin in a folder that is not an app set up for the workbench: every command that reads the
// app's registry says so in one line, exit code 1, no stack trace.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "main.ts");
const dir = mkdtempSync(join(tmpdir(), "no-registry-"));
writeFileSync(join(dir, "package.json"), '{ "name": "app", "type": "module" }\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("contract-workbench without contracts.config.ts", () => {
  it.each(["api", "check", "coverage", "mock", "mcp"])("%s says what is missing, exit code 1", (command) => {
    const result = spawnSync(process.execPath, [BIN, command], {
      cwd: dir,
      encoding: "utf8",
      input: "",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`no contracts.config.ts in ${dir}`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it("test, in an app with no vitest, says what to install, exit code 1, and runs nothing", () => {
    const result = spawnSync(process.execPath, [BIN, "test"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("contract-workbench test: this app has no vitest.");
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).toBe("");
  });

  it("lists its commands, and refuses one it does not know", () => {
    const help = spawnSync(process.execPath, [BIN, "--help"], { cwd: dir, encoding: "utf8" });
    expect([help.status, help.stdout]).toEqual([0, expect.stringContaining("  init ")]);
    const unknown = spawnSync(process.execPath, [BIN, "nope"], { cwd: dir, encoding: "utf8" });
    expect([unknown.status, unknown.stderr]).toEqual([1, expect.stringContaining('unknown command "nope"')]);
  });
});
