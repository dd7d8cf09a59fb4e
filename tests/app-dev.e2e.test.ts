// `npm run dev` runs the app with no server: the fixtures answer through MSW, and
// a request no fixture covers is refused with a 501 naming it. VITE_API_MOCK=0 turns
// mocking off so the app talks to a real server. (Paging with GitHub's contract is the
// workbench's proof: packages/workbench/tests/paging/github-link-dev.e2e.test.ts.)
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer } from "./harness/dev-server.ts";
import { REPO } from "./harness/scratch-copy.ts";
import { shared, sharedChromium } from "./harness/shared.ts";
import { expectScratchCopiesUnwatched } from "./harness/watch-probe.ts";

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
