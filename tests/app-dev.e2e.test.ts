// `npm run dev` runs the app with no server: the fixtures answer through MSW, and
// a request no fixture covers is refused with a 501 naming it. VITE_API_MOCK=0 turns
// mocking off so the app talks to a real server. With GitHub's contract (from the shared
// specs, skipped when they are absent) a repository's issues page through `Link` to the last.
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer } from "./harness/dev-server.ts";
import { makeScratchCopyAsync, removeScratchCopy, REPO, runAsync } from "./harness/scratch-copy.ts";
import { shared, sharedChromium } from "./harness/shared.ts";
import { expectScratchCopiesUnwatched } from "./harness/watch-probe.ts";
import { SHARED_SPECS } from "../tooling/shared-specs.ts";

describe("npm run dev", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  /** The run's shared `npm run dev` on the repository, or one of its own with `env` (then stopped after). */
  async function devServer(env?: Record<string, string>): Promise<{ url: string; stop: () => void }> {
    if (!env) return { ...(await shared("dev", "repo")), stop: () => {} };
    const { url, child } = await startDevServer(REPO, env);
    return { url, stop: () => child.kill() };
  }

  async function openApp(env?: Record<string, string>) {
    const { url, stop } = await devServer(env);
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.getByRole("heading", { name: "Contract status" }).waitFor();
      const icon = await page.locator('link[rel="icon"]').getAttribute("href");
      const probe = await page.evaluate(async () => {
        const response = await fetch("/api/probe-no-fixture-covers-this");
        return { status: response.status, body: await response.text() };
      });
      const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
      return { url, probe, worker, icon };
    } finally {
      await page.close();
      stop();
    }
  }

  it("answers from the fixtures through MSW by default, refusing what no fixture covers", async () => {
    const { url, probe, worker, icon } = await openApp();
    expect(worker).toBe(`${url}mockServiceWorker.js`);
    // An icon of its own, so Chromium does not ask for /favicon.ico and log a 404 (the app has no icon yet).
    expect(icon).toBe("data:,");
    expect(probe.status).toBe(501);
    expect(probe.body).toContain(`No handler for GET ${url}api/probe-no-fixture-covers-this`);
  });

  it("does not mock with VITE_API_MOCK=0", async () => {
    const { probe, worker } = await openApp({ VITE_API_MOCK: "0" });
    expect(worker).toBeNull();
    // The request reached the dev server itself, which answers unknown paths with the app's page.
    expect(probe.status).toBe(200);
    expect(probe.body).toContain('<div id="root">');
    expect(probe.body).not.toContain("No handler");
  });

  const github = join(SHARED_SPECS, "github-rest.json");
  it.skipIf(!existsSync(github))(
    "pages a repository's issues through Link to the last page with GitHub's contract",
    async () => {
      const dir = await makeScratchCopyAsync("dev-github");
      // Whatever contract the copy holds (the empty one, or a user's) gives way to GitHub's.
      rmSync(join(dir, "openapi"), { recursive: true, force: true });
      mkdirSync(join(dir, "openapi"));
      copyFileSync(github, join(dir, "openapi/openapi.json"));
      const api = await runAsync(dir, "npm", ["run", "--silent", "api"]);
      expect(api.status, api.stderr).toBe(0);
      const { url, child } = await startDevServer(dir);
      const page = await browser.newPage();
      try {
        await page.goto(url);
        // The first load transforms GitHub's generated modules: a margin a loaded machine keeps.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 150_000 });
        // As a "Load more" button does: the next page is the one `Link` names, until none is.
        const pages = await page.evaluate(async () => {
          const seen: number[][] = [];
          let next: string | undefined = "/repos/octo/hello/issues?per_page=1";
          while (next !== undefined && seen.length < 20) {
            const response: Response = await fetch(next);
            seen.push(((await response.json()) as Array<{ number: number }>).map((issue) => issue.number));
            next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
          }
          return seen;
        });
        expect(pages.length).toBeGreaterThanOrEqual(3);
        expect(pages.every((page) => page.length === 1)).toBe(true);
        expect(new Set(pages.flat()).size).toBe(pages.length);
      } finally {
        await page.close();
        child.kill();
        removeScratchCopy(dir);
      }
    },
    300_000,
  );

  it("leaves the open app alone when a scratch copy appears under .cache/", async () => {
    const { url } = await devServer();
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.getByRole("heading", { name: "Contract status" }).waitFor();
      await expectScratchCopiesUnwatched(REPO, page, page.mainFrame());
    } finally {
      await page.close();
    }
  });
});
