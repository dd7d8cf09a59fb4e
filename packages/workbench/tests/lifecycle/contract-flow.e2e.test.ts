// The mission, end to end: a filled-in contract dropped into a copy of the
// scaffold regenerates, type-checks, and a component calling one of its
// operations renders the default fixture's data in Chromium. A request without a
// handler and an override that breaks the contract fail their stories. The copy is the
// shared `example` setup (tests/harness/setups.ts: whatever the project's contract is, one
// file or several, the example replaces it, beside a notes feature); its static build, and
// the Scenario menu in it: static-storybook.e2e.test.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiScratch, removeApiScratch, runApi, writeContract } from "../../../../tests/harness/api-scratch.ts";
import { REPO, run, type CommandResult } from "../../../../tests/harness/scratch-copy.ts";
import { shared } from "../../../../tests/harness/shared.ts";

interface JsonReport {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

const EXAMPLE = readFileSync(join(REPO, "tests/contracts/example/openapi.yaml"), "utf8");

describe("a filled-in contract flows through the scaffold", () => {
  let dir = "";
  let api: CommandResult | null = null;

  beforeAll(async () => {
    ({ dir, api } = await shared("copy", "example"));
  });

  it("regenerates the types and manifest with `npm run api`", () => {
    const result = api!;
    expect(result.stderr).not.toMatch(/ error /); // how `npm run api` prints an error
    expect(result.status).toBe(0);
    const schema = readFileSync(join(dir, "src/api/schema.d.ts"), "utf8");
    expect(schema).toContain('"/notes/{id}"');
    const manifest = JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as {
      operations: Array<{ operationId: string }>;
    };
    expect(manifest.operations.map((operation) => operation.operationId)).toEqual([
      "listNotes",
      "createNote",
      "getNote",
      "listArchivedNotes",
    ]);
  });

  it("type-checks the component that calls the new operation", () => {
    // As a developer would: the project's own check (TypeScript 7's native compiler).
    const result = run(dir, "npm", ["run", "--silent", "typecheck"]);
    expect(result.stdout + result.stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
    expect(result.status).toBe(0);
  });

  it("renders the fixture data in Chromium, and fails the stories without a handler or with a broken override", () => {
    const report = join(dir, "report.json");
    const result = run(dir, "vitest", [
      "run",
      "--project",
      "storybook",
      "src/features/notes/notes-list.stories.tsx",
      // The fixture app's stories are new: record their visual baselines as a developer's first run does.
      "--update",
      "--reporter=json",
      `--outputFile=${report}`,
    ]);
    expect(result.status).toBe(1); // the Unmocked and BrokenOverride stories fail, as they must
    const { testResults } = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
    const byTitle = new Map(testResults.flatMap((file) => file.assertionResults).map((test) => [test.title, test]));
    for (const title of ["Generated", "Overridden", "Empty", "Server Problem"]) {
      expect(byTitle.get(title)?.status, `${title}: ${byTitle.get(title)?.failureMessages.join("\n")}`).toBe("passed");
    }
    expect(byTitle.get("Unmocked")?.status).toBe("failed");
    expect(byTitle.get("Unmocked")?.failureMessages.join("\n")).toMatch(
      /No handler for GET http:\/\/localhost:\d+\/notes\?limit=20 \(operation listNotes\)/,
    );
    expect(byTitle.get("Broken Override")?.status).toBe("failed");
    expect(byTitle.get("Broken Override")?.failureMessages.join("\n")).toContain(
      "Contract violation: listNotes → 200 response body at /0/id: expected type string, got 7",
    );
  });

  // The shared copy is read, never changed: the edit is made in a copy of the generator's own.
  describe("after a contract edit that was not regenerated", () => {
    let apiDir = "";
    beforeAll(() => {
      apiDir = makeApiScratch("contract-flow-check");
      writeContract(apiDir, { "openapi.yaml": EXAMPLE });
      expect(runApi(apiDir).status).toBe(0);
    });
    afterAll(() => removeApiScratch(apiDir));

    it("makes `npm run api:check` fail", () => {
      const contract = join(apiDir, "openapi/openapi.yaml");
      const edited = EXAMPLE.replace("title: Example Notes API", "title: Example Notes API v2");
      expect(edited).not.toBe(EXAMPLE);
      writeFileSync(contract, edited);
      const result = run(apiDir, "npm", ["run", "--silent", "api:check"]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        "api:check: src/api/manifest.json is out of date with the contract in openapi/. Run `npm run api` and commit the result.",
      );
    });
  });
});
