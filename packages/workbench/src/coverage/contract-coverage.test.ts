import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestModule, Vitest } from "vitest/node";
import type { ContractOperation } from "../contract/contract-types.ts";
import type { Manifest } from "../codegen/manifest/manifest.ts";
import { generate } from "../codegen/generate.ts";
import { unsatisfiableWarnings } from "../codegen/schemas/unsatisfiable-exchanges.ts";
import { createFixtures } from "../fixtures/contract-fixtures.ts";
import { oneOperationContract } from "../fixtures/inline-contracts.ts";
import {
  coverageReport,
  formatReport,
  fullReport,
  forgetOtherProjects,
  mergeRuns,
  readRecords,
  readThreshold,
  summaryLine,
  writeRecords,
  type ProjectRecords,
} from "./contract-coverage.ts";
import ContractCoverageReporter from "./coverage-reporter.ts";
import type { RecordedExchange } from "./coverage-types.ts";

const REPO = join(import.meta.dirname, "../../../..");
const manifest = JSON.parse(
  readFileSync(join(REPO, "tests/contracts/clinic/generated/manifest.json"), "utf8"),
) as Manifest;
const identityManifest = JSON.parse(
  readFileSync(join(REPO, "mocks/identity/generated/manifest.json"), "utf8"),
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

  it("counts a stream declared beside JSON as a pair of its own, covered by a test that read the stream", () => {
    const chat: Manifest = {
      ...manifest,
      operations: [
        {
          operationId: "createChat",
          method: "post",
          path: "/chat",
          summary: null,
          tags: [],
          parameters: [],
          requestBody: null,
          responses: [
            {
              status: "200",
              mediaTypes: ["application/json", "text/event-stream"],
              streams: [{ mediaType: "text/event-stream", format: "sse", data: "json" }],
            },
          ],
          security: [],
        },
      ],
    };
    const streamed = [
      records("unit", {
        "src/chat.test.tsx": {
          tests: { streams: [{ operationId: "createChat", status: "200", stream: "text/event-stream" }] },
        },
      }),
    ];
    const report = coverageReport(chat, streamed, 0, everywhere);
    expect([report.covered, report.total]).toEqual([1, 2]);
    expect(report.operations[0]?.statuses).toEqual([
      { status: "200", coveredBy: [] },
      { status: "200", stream: "text/event-stream", coveredBy: ["unit: src/chat.test.tsx > streams"] },
    ]);
    expect(formatReport(report)[1]).toMatch(/^createChat\s+POST \/chat\s+200 text\/event-stream\s+200$/);
  });

  it("lists no pair fetch cannot exchange (a 1xx status, a TRACE operation), so none waits for a test", () => {
    const operation = (operationId: string, method: string, statuses: string[]) => ({
      operationId,
      method,
      path: `/${operationId}`,
      summary: null,
      tags: [],
      parameters: [],
      requestBody: null,
      responses: statuses.map((status) => ({ status, mediaTypes: [] })),
      security: [],
    });
    const attach = {
      ...manifest,
      operations: [operation("attach", "post", ["101", "200"]), operation("echo", "trace", ["200"])],
    };
    const covered = [records("unit", { "a.test.ts": { tests: { t: [{ operationId: "attach", status: "200" }] } } })];
    const report = coverageReport(attach, covered, 100, everywhere);
    expect([report.covered, report.total, report.passed]).toEqual([1, 1, true]);
    expect(report.operations.map((each) => each.statuses.map((pair) => pair.status))).toEqual([["200"], []]);
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

describe("the services' documents", () => {
  // One story signed in and refreshed its token (identity), one test answered the product's
  // own `listPets`; the names never mix, even where an operation id is in both documents.
  const recorded = [
    records("storybook (chromium)", {
      "src/features/identity/identity.stories.tsx": {
        tests: {
          "Session Expired": [
            { contract: "identity", operationId: "signInWithPassword", status: "200" },
            { contract: "identity", operationId: "refreshToken", status: "200" },
            { contract: "analytics", operationId: "getWebConfig", status: "200" },
          ],
        },
      },
    }),
    records("unit", {
      "src/a.test.tsx": {
        tests: {
          lists: [
            { operationId: "listPets", status: "200" },
            { operationId: "signUp", status: "200" },
          ],
        },
      },
    }),
  ];

  it("counts a service's exchanges in its own report, and only there, never held to the threshold", () => {
    const identity = coverageReport(identityManifest, recorded, 100, everywhere, "identity");
    expect([identity.service, identity.covered, identity.total, identity.threshold, identity.passed]).toEqual([
      "identity",
      2,
      10,
      0,
      true,
    ]);
    const covered = identity.operations.flatMap((operation) =>
      operation.statuses
        .filter((pair) => pair.coveredBy.length > 0)
        .map((pair) => `${operation.operationId} ${pair.status}`),
    );
    // The product's `signUp` 200 (a test's, without a service) is not the identity provider's.
    expect(covered).toEqual(["signInWithPassword 200", "refreshToken 200"]);
    expect(identity.operations[3]?.statuses[0]?.coveredBy).toEqual([
      "storybook (chromium): src/features/identity/identity.stories.tsx > Session Expired",
    ]);
    expect(summaryLine(identity)).toBe("identity: covered 2 of 10 operation×status pairs (20.0%; no threshold)");

    const product = coverageReport(manifest, recorded, 0, everywhere);
    expect(product.covered).toBe(1);
    expect(product.service).toBeUndefined();
  });

  it("reports the product's contract, then each service's document the repository holds", () => {
    const root = mkdtempSync(join(tmpdir(), "coverage-services-"));
    const copy = (from: string, to: string) => {
      mkdirSync(join(root, to, ".."), { recursive: true });
      cpSync(join(REPO, from), join(root, to));
    };
    try {
      copy("tests/contracts/clinic/generated/manifest.json", "src/api/manifest.json");
      copy("mocks/identity/generated/manifest.json", "mocks/identity/generated/manifest.json");
      // Only the unit test file exists here: the story's records count for nothing.
      writeFileSync(join(root, "src/a.test.tsx"), "");
      const report = fullReport(root, recorded, 10);
      // The gallery contract's pairs, however many it is written to have.
      const pairs = (
        JSON.parse(readFileSync(join(root, "src/api/manifest.json"), "utf8")) as Manifest
      ).operations.flatMap((operation) => operation.responses).length;
      expect([report.covered, report.total, report.threshold, report.passed]).toEqual([1, pairs, 10, false]);
      // No analytics document in this copy: no section for it.
      expect(report.services.map((service) => [service.service, service.covered, service.total])).toEqual([
        ["identity", 0, 10],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("a contract with an operation × status no body can answer", () => {
  it("shows the pair as unsatisfiable and counts it in neither total", async () => {
    const { outputs } = await generate(REPO, {
      contract: "tests/contracts/constructs/real-world.yaml",
      outDir: "src/api",
    });
    const root = mkdtempSync(join(tmpdir(), "coverage-unsatisfiable-"));
    try {
      mkdirSync(join(root, "src/api"), { recursive: true });
      for (const name of ["manifest.json", "contract.json"])
        writeFileSync(join(root, "src/api", name), outputs.get(`src/api/${name}`) ?? "");
      const report = fullReport(root, [], 0);
      const palette = report.operations.find((operation) => operation.operationId === "createPalette");
      expect(palette?.statuses).toEqual([
        { status: "201", coveredBy: [] },
        { status: "409", coveredBy: [], unsatisfiable: true },
      ]);
      const pairs = report.operations.flatMap((operation) => operation.statuses).length;
      expect(report.total).toBe(pairs - 1);
      const lines = formatReport(report);
      expect(lines[0]).toMatch(/^operation\s+request\s+covered\s+not covered\s+unsatisfiable$/);
      expect(lines.find((line) => line.startsWith("createPalette"))).toMatch(/201\s+409$/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("a contract that contradicts itself", () => {
  it("shows the pair its contradiction makes unsatisfiable as such (proven, as the fixtures prove it)", async () => {
    const { outputs } = await generate(REPO, {
      contract: "tests/contracts/constructs/vendor-shapes.yaml",
      outDir: "src/api",
    });
    const root = mkdtempSync(join(tmpdir(), "coverage-contradiction-"));
    try {
      mkdirSync(join(root, "src/api"), { recursive: true });
      for (const name of ["manifest.json", "contract.json"])
        writeFileSync(join(root, "src/api", name), outputs.get(`src/api/${name}`) ?? "");
      const report = fullReport(root, [], 0);
      const unsatisfiable = report.operations.flatMap((operation) =>
        operation.statuses
          .filter((pair) => pair.unsatisfiable === true)
          .map((pair) => `${operation.operationId} ${pair.status}`),
      );
      // The answers of an operation no request can call (createIssue's body) are unsatisfiable too.
      expect(unsatisfiable).toEqual(["getCluster 200", "createIssue 201"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("a request no client can send, by one rule (contract/unsatisfiable/requests.ts)", () => {
  // Each as a real contract writes it: Mastodon's required query of objects, a translator's upload
  // whose form is a string, Bhagavad Gita's integers listed as strings.
  const cases = {
    "a required query of objects with nothing to write": (operation: ContractOperation) =>
      operation.parameters.push({
        name: "timeline",
        in: "query",
        required: true,
        schema: { type: "array", items: { type: "object" } },
      }),
    "a required form that is no object": (operation: ContractOperation) => {
      operation.requestBody = {
        required: true,
        content: { "multipart/form-data": { schema: { type: "string" }, examples: [] } },
      };
    },
    "a required parameter no value satisfies": (operation: ContractOperation) =>
      operation.parameters.push({
        name: "verse",
        in: "query",
        required: true,
        schema: { type: "integer", enum: ["1", "2"] },
      }),
  };

  it.each(Object.entries(cases))(
    "%s: the gallery sends nothing, npm run api warns, and the coverage counts its pairs as unsatisfiable",
    (_, write) => {
      const { manifest, contract } = oneOperationContract("postThing", "/things", { type: "object" });
      const operation = contract.operations.postThing;
      if (operation === undefined) throw new Error("the inline contract has its operation");
      write(operation);
      manifest.operations[0] = { ...manifest.operations[0], method: "post" } as (typeof manifest.operations)[0];
      const { unsendable } = createFixtures(manifest, contract).sampleRequest("postThing");
      const warnings = unsatisfiableWarnings(manifest, contract, () => ({ file: "openapi.yaml", line: 1 }));
      const root = mkdtempSync(join(tmpdir(), "coverage-unsendable-"));
      try {
        mkdirSync(join(root, "src/api"), { recursive: true });
        writeFileSync(join(root, "src/api/manifest.json"), JSON.stringify(manifest));
        writeFileSync(join(root, "src/api/contract.json"), JSON.stringify(contract));
        const [row] = fullReport(root, [], 0).operations;
        expect(unsendable).toHaveLength(1);
        expect(warnings).toHaveLength(1);
        expect(row?.statuses).toEqual([{ status: "200", coveredBy: [], unsatisfiable: true }]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
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

describe("the reporter", () => {
  /** What the reporter reads of a test module Vitest hands it: its file, project and tests' records. */
  const testModule = (moduleId: string, recorded: Record<string, RecordedExchange[] | undefined>) =>
    ({
      moduleId,
      project: { name: "storybook (chromium)" },
      children: {
        allTests: () =>
          Object.entries(recorded).map(([fullName, contractCoverage]) => ({
            fullName,
            meta: () => ({ contractCoverage }),
          })),
      },
    }) as unknown as TestModule;

  it("counts the app's stories and tests, never the workbench's own, and forgets what was kept for them", () => {
    const root = mkdtempSync(join(tmpdir(), "reporter-"));
    try {
      const own = join(import.meta.dirname, "../gallery/gallery-session.stories.tsx");
      const signIn = [{ contract: "identity" as const, operationId: "signInWithPassword", status: "200" }];
      // What a reporter that counted the workbench's own stories kept for one of them.
      writeRecords(
        root,
        records("storybook (chromium)", { [relative(root, own)]: { tests: { "Refused Then Expired": signIn } } }),
      );
      const reporter = new ContractCoverageReporter();
      reporter.onInit({ config: { root, project: ["storybook (chromium)"] }, projects: [] } as unknown as Vitest);
      reporter.onTestRunEnd([
        testModule(own, { "Refused Then Expired": signIn }),
        testModule(join(root, "src/sign-in.stories.tsx"), { "Signs In": signIn, Renders: undefined }),
      ]);
      expect(readRecords(root).map((kept) => kept.modules)).toEqual([
        { "src/sign-in.stories.tsx": { tests: { "Signs In": signIn } } },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("forgetOtherProjects", () => {
  it("forgets the records of a project the configuration no longer has, and keeps the others", () => {
    const root = mkdtempSync(join(tmpdir(), "records-"));
    try {
      const listed = { "src/a.test.tsx": { tests: { lists: [{ operationId: "listPets", status: "200" }] } } };
      // `unit` was renamed `dom`: its last run would otherwise count for good.
      for (const project of ["unit", "dom", "storybook (chromium)"]) writeRecords(root, records(project, listed));
      expect(forgetOtherProjects(root, ["dom", "node", "storybook (chromium)"])).toEqual(["unit"]);
      expect(readRecords(root).map((kept) => kept.project)).toEqual(["dom", "storybook (chromium)"]);
      expect(forgetOtherProjects(root, ["dom", "node", "storybook (chromium)"])).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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
