import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../codegen/manifest.ts";
import { coverageReport, formatReport, mergeRuns, readThreshold, type ProjectRecords } from "./contract-coverage.ts";

const manifest = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../tests/gallery-contract/generated/manifest.json"), "utf8"),
) as Manifest;
const everywhere = () => true;

function records(project: string, modules: ProjectRecords["modules"]): ProjectRecords {
  return { version: 1, project, modules };
}

describe("coverageReport", () => {
  const recorded = [
    records("unit", {
      "src/a.test.tsx": {
        tests: {
          "a > lists": [{ operationId: "listPets", status: "200" }],
          "a > fails": [
            { operationId: "listPets", status: "500" },
            // Not in the contract: an undeclared status, an unknown operation.
            { operationId: "listPets", status: "418" },
            { operationId: "gone", status: "200" },
          ],
        },
      },
      "src/deleted.test.tsx": { tests: { old: [{ operationId: "getPet", status: "200" }] } },
    }),
    records("storybook (chromium)", {
      "src/a.stories.tsx": { tests: { Default: [{ operationId: "listPets", status: "200" }] } },
    }),
  ];
  const exists = (file: string) => file !== "src/deleted.test.tsx";

  it("counts each declared pair once, with every test that covered it, and nothing the contract does not declare", () => {
    const report = coverageReport(manifest, recorded, 0, exists);
    expect([report.covered, report.total, report.passed]).toEqual([2, 24, true]);
    expect(report.percent).toBe((2 / 24) * 100);
    expect(report.operations[0]?.statuses).toEqual([
      {
        status: "200",
        coveredBy: ["unit: src/a.test.tsx > a > lists", "storybook (chromium): src/a.stories.tsx > Default"],
      },
      { status: "400", coveredBy: [] },
      { status: "500", coveredBy: ["unit: src/a.test.tsx > a > fails"] },
    ]);
    // The deleted test file's record counts no more.
    expect(report.operations.find((operation) => operation.operationId === "getPet")?.statuses[0]?.coveredBy).toEqual(
      [],
    );
  });

  it("fails below the threshold, passes at it", () => {
    expect(coverageReport(manifest, recorded, 8.5, exists).passed).toBe(false);
    expect(coverageReport(manifest, recorded, (2 / 24) * 100, exists).passed).toBe(true);
  });

  it("passes with nothing to cover, whatever the threshold", () => {
    const empty = { ...manifest, operations: [] };
    expect(coverageReport(empty, [], 100, everywhere)).toMatchObject({
      covered: 0,
      total: 0,
      percent: 100,
      passed: true,
    });
  });

  it("prints one row per operation, covered statuses then the others, then the summary", () => {
    const lines = formatReport(coverageReport(manifest, recorded, 0, exists));
    expect(lines[0]).toMatch(/^operation\s+request\s+covered\s+not covered$/);
    expect(lines[1]).toMatch(/^listPets\s+GET \/pets\s+200, 500\s+400$/);
    expect(lines[2]).toMatch(/^createPet\s+POST \/pets\s+—\s+201, 422$/);
    expect(lines).toHaveLength(manifest.operations.length + 2);
    expect(lines.at(-1)).toBe("covered 2 of 24 operation×status pairs (8.3%; threshold 0%)");
  });
});

describe("mergeRuns", () => {
  const previous = [
    records("unit", {
      "src/a.test.tsx": {
        tests: {
          kept: [{ operationId: "listPets", status: "200" }],
          renamed: [{ operationId: "getPet", status: "404" }],
        },
      },
      "src/b.test.tsx": { tests: { other: [{ operationId: "getOwner", status: "200" }] } },
    }),
  ];

  it("replaces what a file's tests recorded, keeps what skipped tests and other files recorded, forgets removed tests", () => {
    const [unit] = mergeRuns(previous, [
      {
        project: "unit",
        file: "src/a.test.tsx",
        tests: [
          { name: "kept", recorded: undefined },
          { name: "new", recorded: [{ operationId: "deletePet", status: "204" }] },
        ],
      },
    ]);
    expect(unit?.modules).toEqual({
      "src/a.test.tsx": {
        tests: {
          kept: [{ operationId: "listPets", status: "200" }],
          new: [{ operationId: "deletePet", status: "204" }],
        },
      },
      "src/b.test.tsx": { tests: { other: [{ operationId: "getOwner", status: "200" }] } },
    });
    // The records read from disk are not changed in place.
    expect(Object.keys(previous[0]?.modules["src/a.test.tsx"]?.tests ?? {})).toEqual(["kept", "renamed"]);
  });

  it("drops a file whose tests no longer exercise anything, and starts a project it has not seen", () => {
    const merged = mergeRuns(previous, [
      { project: "unit", file: "src/b.test.tsx", tests: [{ name: "other", recorded: [] }] },
      {
        project: "storybook",
        file: "src/c.stories.tsx",
        tests: [{ name: "Default", recorded: [{ operationId: "getPet", status: "200" }] }],
      },
    ]);
    expect(Object.keys(merged.find((r) => r.project === "unit")?.modules ?? {})).toEqual(["src/a.test.tsx"]);
    expect(merged.find((r) => r.project === "storybook")?.modules).toEqual({
      "src/c.stories.tsx": { tests: { Default: [{ operationId: "getPet", status: "200" }] } },
    });
  });
});

describe("readThreshold", () => {
  function withPackage(pkg: object, check: (root: string) => void) {
    const root = mkdtempSync(join(tmpdir(), "threshold-"));
    try {
      writeFileSync(join(root, "package.json"), JSON.stringify(pkg));
      check(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it("reads package.json's contractCoverage.threshold, 0 when absent", () => {
    withPackage({ contractCoverage: { threshold: 80 } }, (root) => expect(readThreshold(root)).toBe(80));
    withPackage({}, (root) => expect(readThreshold(root)).toBe(0));
  });

  it("rejects a threshold that is not a percentage", () => {
    withPackage({ contractCoverage: { threshold: "80%" } }, (root) =>
      expect(() => readThreshold(root)).toThrow('contractCoverage.threshold must be a number from 0 to 100, not "80%"'),
    );
  });
});
