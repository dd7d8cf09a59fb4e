// The report scripts that take one contract (`npm run api:paging`, `npm run fixtures:resources`):
// a contract inside the repository is read and reported; an option, a path outside the
// repository or a contract that cannot be read is one clear line and exit code 1, never a stack trace.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, WORKBENCH_BIN } from "../../../../tests/harness/scratch-copy.ts";

const SCRIPTS = [
  ["api:paging", "paging", 'offset param="offset"'],
  ["fixtures:resources", "resources", "3 resources; 14 of 15 operations"],
] as const;

mkdirSync(join(REPO, ".cache"), { recursive: true });
const broken = mkdtempSync(join(REPO, ".cache", "report-scripts-"));
writeFileSync(join(broken, "openapi.yaml"), 'openapi: 3.1.0\ninfo: { title: x, version: "1" }\npaths:\n  /a: [\n');
afterAll(() => rmSync(broken, { recursive: true, force: true }));

function runScript(command: string, ...args: string[]) {
  return spawnSync(process.execPath, [WORKBENCH_BIN, command, ...args], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
}

describe.each(SCRIPTS)("npm run %s", (name, file, reported) => {
  it("reports a contract inside the repository", () => {
    const result = runScript(file, "tests/contracts/pet-registry/openapi.yaml");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${name}: tests/contracts/pet-registry/openapi.yaml (Pet Registry 1.0.0)`);
    expect(result.stdout).toContain(reported);
  });

  it("refuses an option and a path outside the repository with its usage, exit code 1", () => {
    const option = runScript(file, "--all");
    expect([option.status, option.stderr]).toEqual([
      1,
      `${name}: usage: npm run ${name} [contract file or folder inside this repository]\n`,
    ]);
    const outside = runScript(file, "/etc");
    expect([outside.status, outside.stderr]).toEqual([
      1,
      `${name}: /etc is outside this repository; name a contract inside it.\n`,
    ]);
  });

  it("reports a contract it cannot read at its place, exit code 1, no stack trace", () => {
    const result = runScript(file, relative(REPO, join(broken, "openapi.yaml")));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^${name}: \\.cache/report-scripts-\\w+/openapi\\.yaml:\\d+:\\d+ error syntax error`),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
