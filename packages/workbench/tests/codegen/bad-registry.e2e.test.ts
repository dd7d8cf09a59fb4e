// `npm run api` on a registry (contracts.config.ts) that defineContracts refuses: each
// problem named by its entry and field, exit 1, no stack trace, and no generated file changed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiScratch, removeApiScratch, runApi, snapshotOutputs } from "../../../../tests/harness/api-scratch.ts";

describe("npm run api on a bad registry", () => {
  let dir = "";
  beforeAll(() => {
    dir = makeApiScratch("bad-registry");
  });
  afterAll(() => removeApiScratch(dir));

  it("names each problem of the registry, exits 1 without a stack trace, and writes nothing", () => {
    const config = readFileSync(join(dir, "contracts.config.ts"), "utf8");
    const end = config.lastIndexOf("});");
    const entries =
      '  outside: { role: "service", source: "../elsewhere/openapi.yaml", generated: "mocks/outside/generated" },\n' +
      '  second: { role: "product", source: "second", generated: "src/api" },\n';
    writeFileSync(join(dir, "contracts.config.ts"), config.slice(0, end) + entries + config.slice(end));
    const before = snapshotOutputs(dir);

    for (const args of [[], ["--check"]]) {
      const result = runApi(dir, ...args);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("contracts.config.ts:");
      expect(result.stderr).toContain(
        'outside.source: "../elsewhere/openapi.yaml" must be a path inside the repository',
      );
      expect(result.stderr).toContain('second.generated: "src/api" is product\'s already.');
      expect(result.stderr).toContain("the registry names 2 product contracts; it needs exactly one.");
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
    expect(snapshotOutputs(dir)).toEqual(before);
  });
});
