// The contract gallery and contract coverage on a filled-in contract: the gallery's test
// contract (tests/contracts/clinic/openapi.yaml: 10 operations in 3 tags and none, 24
// operation × status pairs, problem details, a plain JSON error, a text body, an event
// stream of objects, an empty body, a `4XX` range, a `default`, and two lists of objects
// answering 200, which one gallery batch shows on one page) replaces the project's in a
// scratch copy, beside a small feature whose story and test exercise exactly 4 of those pairs.
// The copy is this file's own, not a shared setup: its tests change it (the coverage
// records of its story run, the threshold in package.json, the contract under watch mode).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractCoverageReport } from "@contract-workbench/workbench/coverage";
import type { Manifest } from "@contract-workbench/workbench/codegen";
import { writeContract } from "../../../../tests/harness/api-scratch.ts";
import { serveStatic } from "../../../../tests/harness/browser.ts";
import { startStorybook } from "../../../../tests/harness/dev-server.ts";
import { makeScratchCopy, removeScratchCopy, REPO, run } from "../../../../tests/harness/scratch-copy.ts";
import { sharedChromium } from "../../../../tests/harness/shared.ts";
import {
  entriesToOpen,
  expectSidebarOrder,
  formatFailures,
  indexEntries,
  openEntriesInPages,
  representativeEntries,
  type IndexEntry,
} from "../../../../tests/harness/storybook-walk.ts";

interface JsonReport {
  testResults: Array<{
    name: string;
    assertionResults: Array<{ title: string; status: string; failureMessages: string[]; meta: StoryMeta }>;
  }>;
}

/** What @storybook/addon-vitest keeps of a story's run: its reports, axe's among them. */
interface StoryMeta {
  reports?: Array<{ type: string; result?: Record<string, Array<{ id: string; nodes: unknown[] }> | undefined> }>;
}

const CONTRACT = readFileSync(join(REPO, "tests/contracts/clinic/openapi.yaml"), "utf8");
const PAIRS = 24;

describe("the contract gallery and contract coverage, on a contract of several tags and statuses", () => {
  let dir = "";
  let manifest: Manifest;

  beforeAll(() => {
    dir = makeScratchCopy("gallery");
    writeContract(dir, { "openapi.yaml": CONTRACT });
    mkdirSync(join(dir, "src/features/pets"), { recursive: true });
    for (const file of ["pets-list.tsx", "pets-list.stories.tsx", "pets-list.dom.test.tsx"]) {
      copyFileSync(join(REPO, "tests/contracts/clinic/fixture-app", file), join(dir, "src/features/pets", file));
    }
    const api = run(dir, "npm", ["run", "--silent", "api"]);
    if (api.status !== 0) throw new Error(`npm run api failed:\n${api.stderr}`);
    manifest = JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as Manifest;
  });
  afterAll(() => removeScratchCopy(dir));

  it("has the pairs the test contract is written to have", () => {
    expect(manifest.operations).toHaveLength(10);
    expect(manifest.operations.flatMap((operation) => operation.responses)).toHaveLength(PAIRS);
  });

  it("runs every gallery story as a test that passes, with the hand-written ones, and records what each exercised", () => {
    const report = join(dir, "vitest.json");
    const result = run(dir, "vitest", [
      "run",
      "--project",
      "storybook",
      "--project",
      "storybook-dark",
      "--project",
      "dom",
      "packages/workbench/src/gallery/gallery.page.stories.tsx",
      "src/features/pets",
      // The new feature's stories have no visual baselines yet: record them, as its developer would.
      "--update",
      "--reporter=json",
      `--outputFile.json=${report}`,
      "--reporter=./packages/workbench/src/coverage/coverage-reporter.ts",
    ]);
    const { testResults } = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
    const results = testResults.flatMap((file) => file.assertionResults);
    const tests = new Map(results.map((test) => [test.title, test]));
    const passed = (title: string) =>
      expect(tests.get(title)?.status, tests.get(title)?.failureMessages.join("\n")).toBe("passed");
    // One test per batch of pairs with the same status ("404: getPet, deletePet"), the batches
    // shared between the light and the dark project: every pair is in exactly one batch, which passed.
    const batches = results.flatMap(({ title }) => {
      const [status, operations] = title.split(": ");
      return operations === undefined ? [] : operations.split(", ").map((operationId) => `${operationId} ${status}`);
    });
    const pairs = manifest.operations.flatMap((operation) =>
      operation.responses.map(({ status }) => `${operation.operationId} ${status}`),
    );
    expect(batches.toSorted()).toEqual(pairs.toSorted());
    for (const title of tests.keys()) if (title.includes(": ")) passed(title);
    for (const title of ["Overview", "Default", "Server Error", "shows the pet", "says when the pet is gone"])
      passed(title);
    // From the command line axe details violations only: a passed rule keeps one node (.storybook/theme-recheck.ts).
    const axe = results.flatMap(({ meta }) => meta.reports?.filter((report) => report.type === "a11y") ?? []);
    const passes = axe.flatMap((report) => report.result?.passes ?? []);
    expect(passes.length).toBeGreaterThan(0);
    expect(passes.filter((rule) => rule.nodes.length > 1).map((rule) => rule.id)).toEqual([]);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    // Three Vitest projects in a fresh copy: 99 s alone, 194 and 226 s beside other runs on a slower day.
  }, 600_000);

  it("counts the pairs the hand-written story and test exercised, and not the gallery's", () => {
    const result = run(dir, "npm", ["run", "--silent", "coverage:contract"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("covered 4 of 24 operation×status pairs (16.7%; threshold 0%)");
    // The table: one row per operation, its covered statuses, then the others.
    expect(result.stdout).toMatch(/^listPets\s+GET \/pets\s+200, 500\s+400$/m);
    expect(result.stdout).toMatch(/^getPet\s+GET \/pets\/\{petId\}\s+200, 404\s+—$/m);
    expect(result.stdout).toMatch(/^deletePet\s+DELETE \/pets\/\{petId\}\s+—\s+204, 401, 404$/m);

    const report = JSON.parse(
      readFileSync(join(dir, "coverage/contract-coverage.json"), "utf8"),
    ) as ContractCoverageReport;
    expect([report.covered, report.total, report.passed]).toEqual([4, PAIRS, true]);
    const listPets = report.operations.find((operation) => operation.operationId === "listPets");
    expect(listPets?.statuses.map((pair) => [pair.status, pair.coveredBy])).toEqual([
      // The hand-written story, in both themes' projects.
      [
        "200",
        [
          "storybook (chromium): src/features/pets/pets-list.stories.tsx > Default",
          "storybook-dark (chromium): src/features/pets/pets-list.stories.tsx > Default",
        ],
      ],
      ["400", []],
      [
        "500",
        [
          "storybook (chromium): src/features/pets/pets-list.stories.tsx > Server Error",
          "storybook-dark (chromium): src/features/pets/pets-list.stories.tsx > Server Error",
        ],
      ],
    ]);
    const getPet = report.operations.find((operation) => operation.operationId === "getPet");
    expect(getPet?.statuses.map((pair) => pair.coveredBy)).toEqual([
      ["dom: src/features/pets/pets-list.dom.test.tsx > PetCard > shows the pet"],
      ["dom: src/features/pets/pets-list.dom.test.tsx > PetCard > says when the pet is gone"],
    ]);
  });

  it("fails below the threshold in package.json, listing what is not covered", () => {
    const pkgPath = join(dir, "package.json");
    const original = readFileSync(pkgPath, "utf8");
    const pkg = JSON.parse(original) as { contractCoverage: { threshold: number } };
    try {
      writeFileSync(pkgPath, JSON.stringify({ ...pkg, contractCoverage: { threshold: 25 } }));
      const below = run(dir, "npm", ["run", "--silent", "coverage:contract", "--", "--summary"]);
      expect(below.status).toBe(1);
      expect(below.stderr).toContain("16.7% is below the threshold of 25% (package.json contractCoverage.threshold)");
      expect(below.stdout).toMatch(/^getOwner\s+GET \/owners\/\{ownerId\}\s+—\s+200, 404, default$/m);
      writeFileSync(pkgPath, JSON.stringify({ ...pkg, contractCoverage: { threshold: 16 } }));
      const at = run(dir, "npm", ["run", "--silent", "coverage:contract", "--", "--summary"]);
      expect(at.status).toBe(0);
      expect(at.stdout).toContain("covered 4 of 24 operation×status pairs (16.7%; threshold 16%)");
    } finally {
      writeFileSync(pkgPath, original);
    }
  });

  it("builds a static Storybook that lists every pair and renders a gallery story and the coverage page", async () => {
    const out = join(dir, "storybook-static");
    const result = run(dir, "storybook", ["build", "--quiet", "-o", out]);
    expect(result.status, result.stderr).toBe(0);
    const index = JSON.parse(readFileSync(join(out, "index.json"), "utf8")) as {
      entries: Record<string, { title: string; name: string; importPath: string; tags: string[] }>;
    };
    const gallery = Object.entries(index.entries).filter(([, entry]) => entry.title.startsWith("Gallery/"));
    expect(gallery).toHaveLength(PAIRS);
    expect(index.entries["gallery-pets-createpet--422"]).toMatchObject({
      title: "Gallery/pets/createPet",
      name: "422",
      importPath: "virtual:contract-gallery/createPet",
    });
    expect(index.entries["gallery-status-getclinicstatus--4xx"]?.tags).toContain("gallery");

    const { url, server } = await serveStatic(out, "/");
    const browser = await sharedChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) {
          // The stories below answer 422 and fail to connect on purpose; Chromium logs every failed request.
          if (!/status of 422|net::ERR_FAILED|Failed to fetch/.test(message.text())) errors.push(message.text());
        }
      });
      await page.goto(`${url}iframe.html?id=gallery-pets-createpet--422&viewMode=story`);
      await page.getByRole("heading", { name: "Unprocessable Content" }).waitFor({ timeout: 30_000 });
      await page.getByText("Matches the contract (422, application/problem+json).").waitFor();
      expect(await page.getByRole("table", { name: "Errors" }).count()).toBe(1);

      // The Scenario menu applies to the gallery too: the same response, empty; then no response at all.
      await page.goto(`${url}iframe.html?id=gallery-pets-listpets--200&viewMode=story&globals=scenario:empty`);
      await page.getByText("Matches the contract (200, application/json).").waitFor({ timeout: 30_000 });
      // The body itself is the empty list: no table of pets.
      expect(await page.locator(".schema-view > .schema-view__none").textContent()).toBe("No items");
      expect(await page.getByRole("table").count()).toBe(0);
      await page.goto(`${url}iframe.html?id=gallery-pets-listpets--200&viewMode=story&globals=scenario:offline`);
      await page.getByRole("heading", { name: "Can't reach the server" }).waitFor({ timeout: 30_000 });
      await page.getByText("No response arrived, so there is nothing to check against the contract.").waitFor();

      await page.goto(`${url}iframe.html?id=contract-coverage--docs&viewMode=docs`);
      await page.getByText(/^Covered 4 of 24 operation×status pairs/).waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  }, 300_000);

  describe("under `npm start`", () => {
    let storybook: Awaited<ReturnType<typeof startStorybook>> | undefined;
    let browser: Browser | undefined;
    let entries: IndexEntry[] = [];

    beforeAll(async () => {
      [storybook, browser] = await Promise.all([startStorybook(dir), sharedChromium()]);
      entries = await indexEntries(storybook.url);
    });
    afterAll(async () => {
      await browser?.close();
      storybook?.child.kill();
    });

    it("lists the gallery between the contract's pages and Foundations", () => {
      expectSidebarOrder(entries, true);
      expect(entries.filter((entry) => entry.title.startsWith("Gallery/"))).toHaveLength(PAIRS);
    });

    // The sidebar walk of what this contract changes (the other entries: storybook-sidebar.e2e.test.ts),
    // every entry in the preview, as the manager opens it.
    it("opens every gallery story, the contract's pages and the feature's stories without an error, in one page", async () => {
      const opened = entriesToOpen(entries, "gallery test");
      const isGallery = (entry: IndexEntry) => entry.title.startsWith("Gallery/");
      expect(opened.filter(isGallery)).toEqual(entries.filter(isGallery));
      expect(opened.some((entry) => entry.importPath.includes("/pets/"))).toBe(true);
      const failures = await openEntriesInPages(browser!, storybook!.url, opened, { via: "preview" });
      expect(formatFailures(failures), `${failures.length} problems over ${opened.length} entries`).toBe("");
    }, 600_000);

    // The kind of entry only a filled-in contract has: every other kind, the Contract pages included,
    // goes through the manager in storybook-sidebar.e2e.test.ts (the manager shows a page the same
    // way whatever the contract; the preview walk above opens this contract's).
    it("opens a gallery story from the manager's sidebar", async () => {
      const opened = representativeEntries(entriesToOpen(entries, "gallery test")).filter((entry) =>
        entry.title.startsWith("Gallery/"),
      );
      expect(opened).toHaveLength(1);
      const failures = await openEntriesInPages(browser!, storybook!.url, opened, { via: "manager", pages: 1 });
      expect(formatFailures(failures), `${failures.length} problems over ${opened.length} entries`).toBe("");
    }, 600_000);

    // Storybook's components manifest reads each story's file: the gallery's stories live in virtual
    // modules, so they are left out of it (`!manifest`), and an agent's docs list keeps working.
    it("keeps Storybook's MCP docs list working with a gallery, listing the components and no gallery story", async () => {
      const client = new Client({ name: "gallery-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${storybook!.url}mcp`)));
      try {
        const docs = JSON.stringify((await client.callTool({ name: "docs-list", arguments: {} })).content);
        expect(docs).toContain("Button (foundations-button)");
        expect(docs).not.toContain("virtual:contract-gallery");
        expect(docs).not.toContain("ENOENT");
      } finally {
        await client.close();
      }
    });

    it("shows, in a gallery story's Code panel, the handler line that answers the same way", async () => {
      const page = await browser!.newPage();
      try {
        await page.goto(`${storybook!.url}?path=/story/gallery-pets-getpet--404`);
        await page.getByRole("tab", { name: "Code" }).click();
        await expect
          .poll(() => page.getByRole("tabpanel").innerText(), { timeout: 30_000 })
          .toContain('fixtures.respond("getPet", "404")');
      } finally {
        await page.close();
      }
    });

    // Watch mode under `npm start` (under `npm run dev`: packages/workbench/tests/codegen/watch.e2e.test.ts), on this copy's server.
    it("reloads the open story and indexes the gallery again on a save, and shows a broken save in the story's overlay", async () => {
      const { url, output } = storybook!;
      const ids = async () =>
        Object.keys(((await (await fetch(`${url}index.json`)).json()) as { entries: object }).entries);
      expect(await ids()).toContain("gallery-pets-listpets--200");
      const page = await browser!.newPage();
      try {
        await page.goto(`${url}iframe.html?id=contract-overview--current&viewMode=story`);
        await page.getByRole("cell", { name: "listPets", exact: true }).waitFor({ timeout: 60_000 });

        // Saving the contract regenerates the manifest; the open story reloads with it, and the gallery follows.
        writeContract(dir, {
          "openapi.yaml": CONTRACT.replace("operationId: listPets", "operationId: listPatients"),
        });
        // A regeneration and the preview's reload, beside the other suites on two cores: as long as a first render.
        await page.getByRole("cell", { name: "listPatients", exact: true }).waitFor({ timeout: 60_000 });
        await expect.poll(ids, { timeout: 60_000, interval: 500 }).toContain("gallery-pets-listpatients--200");
        expect(await ids()).not.toContain("gallery-pets-listpets--200");

        // A broken save: located, in the story's overlay and in the terminal.
        writeContract(dir, { "openapi.yaml": "openapi: 3.1.0\ninfo: [broken\n" });
        const overlay = page.locator("vite-error-overlay");
        await overlay.waitFor({ state: "attached", timeout: 60_000 });
        expect(await overlay.evaluate((element) => element.shadowRoot?.textContent ?? "")).toMatch(
          /openapi\/openapi\.yaml:\d+:\d+/,
        );
        expect(output()).toMatch(/api: openapi\/openapi\.yaml:\d+:\d+ error syntax error/);
      } finally {
        await page.close();
        writeContract(dir, { "openapi.yaml": CONTRACT });
      }
    }, 300_000);
  });
});
