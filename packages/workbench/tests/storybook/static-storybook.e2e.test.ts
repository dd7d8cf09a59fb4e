// The static workbench travels: `npm run build-storybook` output, served by a plain static
// server under a sub-path, renders stories with their mocked data (the default fixtures'
// data is the data Node generates), every docs page, the toolbar choices a shared link
// carries, and the Scenario menu switches an open story's data. Built from the shared
// `example` setup (tests/harness/setups.ts: the example contract and a notes feature), because
// only a filled-in contract has operations to mock; the build is the project's own script,
// as a designer's colleague would run it, made once per run for every file that reads it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { createFixtures } from "@contract-workbench/workbench/fixtures";
import { shared, sharedChromium, STATIC_SUB_PATH } from "../../../../tests/harness/shared.ts";
import {
  formatFailures,
  indexEntries,
  openEntriesInPages,
  type IndexEntry,
} from "../../../../tests/harness/storybook-walk.ts";

const SUB_PATH = STATIC_SUB_PATH;

describe(`the static Storybook build served from ${SUB_PATH}`, () => {
  let dir = "";
  let entries: IndexEntry[] = [];
  let url = "";
  let browser: Browser | undefined;

  beforeAll(async () => {
    [{ dir }, { url }, browser] = await Promise.all([
      shared("copy", "example"),
      shared("static", "example"),
      sharedChromium(),
    ]);
    expect(url.endsWith(SUB_PATH)).toBe(true);
    entries = await indexEntries(url);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The first note of listNotes' default fixture, as Node generates it from the built contract. */
  function firstGeneratedNote(): { title: string } | undefined {
    const read = (file: string) => JSON.parse(readFileSync(join(dir, "src/api", file), "utf8")) as unknown;
    const fixtures = createFixtures(read("manifest.json") as Manifest, read("contract.json") as ContractSchemas);
    return (fixtures.fixture("listNotes", "200") as Array<{ title: string }>)[0];
  }

  /**
   * A page in a fresh context (as a shared link opens), recording console errors; in `context`
   * when one is given (the pages of one visit, opened one after the other).
   */
  async function open(path: string, context?: BrowserContext): Promise<{ page: Page; errors: string[] }> {
    const page = await (context ?? (await browser!.newContext())).newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      // Chromium asks the origin's root for /favicon.ico, outside the sub-path: not the build's concern.
      if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) {
        errors.push(`${message.text()} (${path})`);
      }
    });
    await page.goto(`${url}${path}`);
    return { page, errors };
  }

  it.each([
    { id: "subpath-notes--listed", text: "First note, served from a sub-path", logged: [] },
    { id: "subpath-notes--single", text: "The only note (limit=20)", logged: [] },
    // Chromium logs the mocked 500 like any failed response; nothing else may be logged.
    {
      id: "subpath-notes--server-problem",
      text: "Notes are unavailable under the sub-path",
      logged: [/status of 500/],
    },
  ])("renders the story $id with its mocked data", async ({ id, text, logged }) => {
    const { page, errors } = await open(`iframe.html?id=${id}&viewMode=story`);
    await page.getByText(text).first().waitFor({ timeout: 30_000 });
    // The mocks come from the worker shipped beside iframe.html, under the sub-path.
    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(worker).toBe(`${url}mockServiceWorker.js`);
    expect(errors).toHaveLength(logged.length);
    logged.forEach((pattern, index) => expect(errors[index]).toMatch(pattern));
    await page.context().close();
  });

  it("opens a story in the workbench with the theme, direction and viewport its link carries", async () => {
    const { page, errors } = await open(
      "?path=/story/subpath-notes--listed&globals=theme:dark;direction:rtl;viewport.value:phone",
    );
    const preview = page.frameLocator("#storybook-preview-iframe");
    await preview.getByText("First note, served from a sub-path").waitFor({ timeout: 30_000 });
    await expect.poll(() => preview.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await preview.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await preview.locator("body").evaluate(() => window.innerWidth)).toBe(375);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("passes the play functions of the stories the build can change, opened one after the other", async () => {
    // The production build rewrites CSS (`rgb(0 0 0 / 0.4)` becomes `#0006`): the token
    // checks must hold there too, not only in the test runner's dev build. Identity and
    // analytics read the build's mode and environment (src/lib/firebase/config.ts): a build
    // in Vite's "production" mode switched them off, and every identity story showed the
    // unavailable service instead of its state (and the gallery's session stories, which
    // sign in through it, never signed in). The rest of the sidebar is walked on the
    // dev server (storybook-sidebar.e2e.test.ts); these stories are walked here as well, in the
    // preview as the manager opens them (the manager itself is the same in both).
    const opened = entries.filter(
      (entry) =>
        entry.type === "story" &&
        (entry.title === "Foundations/Tokens" ||
          entry.importPath.startsWith("./src/features/identity/") ||
          entry.importPath.startsWith("./src/features/analytics/") ||
          entry.importPath.endsWith("/gallery/gallery-session.stories.tsx")),
    );
    const groups = new Set(opened.map((entry) => entry.importPath.split("/").slice(0, 4).join("/")));
    expect([...groups].sort()).toEqual([
      "./packages/workbench/src",
      "./src/features/analytics",
      "./src/features/identity",
      "./stories/foundations/tokens.stories.tsx",
    ]);
    const failures = await openEntriesInPages(browser!, url, opened);
    expect(failures, formatFailures(failures)).toEqual([]);
  });

  it("serves the default fixtures' data, the same data Node generates for the contract", async () => {
    const first = firstGeneratedNote();
    const { page, errors } = await open("iframe.html?id=notes-noteslist--generated&viewMode=story");
    await page.getByText(first?.title ?? "no note generated").waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("switches the open story's data from the Scenario menu", async () => {
    const first = firstGeneratedNote();
    const { page, errors } = await open("?path=/story/notes-noteslist--generated");
    const story = page.frameLocator("#storybook-preview-iframe");
    await story.getByText(first?.title ?? "no note generated").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /^Fixture scenario/ }).click();
    await page.getByText("empty", { exact: true }).click();
    await story.getByText("Nothing here yet").waitFor();
    await page.getByRole("button", { name: /^Fixture scenario/ }).click();
    await page.getByText("default", { exact: true }).click();
    await story.getByText(first?.title ?? "no note generated").waitFor();
    expect(errors).toEqual([]);

    // The manager page is inside the worker's scope: reloading it must reach the server,
    // not a story's mocks (which would answer 501). No check of the story after the reload:
    // MSW's worker unregisters itself when its last page goes away, and a reload races with
    // that (msw reloads the story frame to recover).
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.context().close();
  });

  it("renders every docs page without a console error, each component's with its description and props table", async () => {
    const docs = entries.filter((entry) => entry.type === "docs");
    const isComponent = (entry: IndexEntry) =>
      entry.title.startsWith("Foundations/") && entry.tags?.includes("autodocs");
    expect(
      docs
        .filter(isComponent)
        .map((entry) => entry.title)
        .sort(),
    ).toEqual([
      "Foundations/Button",
      "Foundations/EmptyState",
      "Foundations/ErrorState",
      "Foundations/QueryBoundary",
      "Foundations/Spinner",
      "Foundations/Table",
      "Foundations/TextField",
    ]);
    expect(docs.length).toBeGreaterThan(6);
    // One visitor reading them in turn: one browser context, a page each.
    const context = await browser!.newContext();
    for (const entry of docs) {
      const id = entry.id;
      const { page, errors } = await open(`iframe.html?id=${id}&viewMode=docs`, context);
      await page.locator("#storybook-docs h1, #storybook-docs h2").first().waitFor({ timeout: 30_000 });
      if (isComponent(entry)) {
        await page.locator("#storybook-docs .docblock-argstable tbody tr").first().waitFor({ timeout: 30_000 });
        // The component's description (its JSDoc, or the stories' docs parameter) is the text
        // above the first story, and includes its usage notes.
        const description = await page.evaluate(() => {
          const firstStory = document.querySelector("#storybook-docs .docs-story");
          return Array.from(document.querySelectorAll("#storybook-docs .sbdocs-content p"))
            .filter((p) => firstStory && p.compareDocumentPosition(firstStory) & Node.DOCUMENT_POSITION_FOLLOWING)
            .map((p) => p.textContent)
            .join("\n");
        });
        expect(description, `the description of ${id}`).toMatch(/When to use: \S+/);
      }
      expect(errors, id).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it("renders the introduction page", async () => {
    const { page, errors } = await open("iframe.html?id=introduction--docs&viewMode=docs");
    await page.getByRole("heading", { name: "The workbench" }).waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
