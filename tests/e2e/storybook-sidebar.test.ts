// The workbench as a designer opens it: `npm start`'s dev server, then every story and
// docs page of the sidebar in one browser page, so that the mock Service Worker an earlier
// story registered is live for the later ones (the dev server serves modules one by one,
// and the worker sees each request). Any console error, page error, failed story or
// Storybook error display fails the test, named by the entry. Run on the project's
// contract (empty) and, in a scratch copy, on the gallery's test contract.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeContract } from "../harness/api-scratch.ts";
import { launchChromium } from "../harness/browser.ts";
import { startStorybook } from "../harness/dev-server.ts";
import { makeScratchCopy, removeScratchCopy, REPO, run } from "../harness/scratch-copy.ts";
import { openEveryEntry, type IndexEntry } from "./storybook-sidebar.ts";

/** Whether the contract generated in `dir` has any operation (then the gallery has stories). */
function hasOperations(dir: string): boolean {
  const manifest = JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as { operations: unknown[] };
  return manifest.operations.length > 0;
}

async function indexEntries(url: string): Promise<IndexEntry[]> {
  const index = (await (await fetch(`${url}index.json`)).json()) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries);
}

function format(failures: Array<{ entry: string; problem: string }>): string {
  return failures.map(({ entry, problem }) => `${entry}: ${problem}`).join("\n");
}

describe.each([
  { contract: "the project's (empty) contract", gallery: false },
  { contract: "the gallery's test contract, in a scratch copy", gallery: true },
])("every sidebar entry under `npm start`, on $contract", ({ gallery }) => {
  let dir = REPO;
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  let url = "";
  let entries: IndexEntry[] = [];

  beforeAll(async () => {
    if (gallery) {
      dir = makeScratchCopy("storybook-sidebar");
      writeContract(dir, { "openapi.yaml": readFileSync(join(REPO, "tests/gallery-contract/openapi.yaml"), "utf8") });
      mkdirSync(join(dir, "src/features/pets"), { recursive: true });
      for (const file of ["pets-list.tsx", "pets-list.stories.tsx"]) {
        copyFileSync(join(REPO, "tests/gallery-contract/fixture-app", file), join(dir, "src/features/pets", file));
      }
      const api = run(dir, "npm", ["run", "--silent", "api"]);
      if (api.status !== 0) throw new Error(`npm run api failed:\n${api.stderr}`);
    }
    [{ url, child }, browser] = await Promise.all([startStorybook(dir), launchChromium()]);
    entries = await indexEntries(url);
  });

  afterAll(async () => {
    await browser?.close();
    child?.kill();
    if (dir !== REPO) removeScratchCopy(dir);
  });

  it("puts a designer's pages first and the workbench's internals apart, without Storybook's onboarding", async () => {
    const titles = [...new Set(entries.map((entry) => entry.title))];
    expect(titles.slice(0, 4)).toEqual(["Introduction", "Contract/Overview", "Contract/Gallery", "Contract/Coverage"]);
    const foundations = titles.findIndex((title) => title.startsWith("Foundations/"));
    expect(titles[foundations]).toBe("Foundations/Tokens");
    // The contract's gallery (one story per operation × status) sits between the contract's pages and Foundations.
    const galleryTitles = titles.filter((title) => title.startsWith("Gallery/"));
    const contractPages = titles.findLastIndex((title) => title.startsWith("Contract/")) + 1;
    expect(titles.slice(4, contractPages)).toEqual(["Contract/Mock data"]);
    expect(titles.slice(contractPages, foundations)).toEqual(galleryTitles);
    // On the project's contract the gallery has stories only once the contract has operations.
    expect(galleryTitles.length > 0).toBe(gallery || hasOperations(dir));
    expect(titles.slice(-2)).toEqual(["Workbench internals/CoverageMatrix", "Workbench internals/SchemaView"]);

    const page = await browser!.newPage();
    try {
      await page.goto(`${url}?path=/docs/introduction--docs`);
      await page.getByText("Workbench internals", { exact: true }).waitFor();
      expect(await page.locator("#storybook-checklist-widget").count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  // Not a budget: the dev server compiles each module on its first request; see the README for the figures.
  it("opens each one without an error, one after the other in one page", { timeout: 30 * 60_000 }, async () => {
    // The pages a designer reads, the gallery on a filled-in contract, the internals.
    const titles = new Set(entries.map((entry) => entry.title));
    for (const title of ["Introduction", "Contract/Overview", "Contract/Coverage", "Foundations/Tokens"]) {
      expect(titles).toContain(title);
    }
    if (gallery) expect([...titles].filter((title) => title.startsWith("Gallery/")).length).toBeGreaterThan(0);

    const failures = await openEveryEntry(browser!, url, entries);
    expect(format(failures), `${failures.length} problems over ${entries.length} entries`).toBe("");
  });
});
