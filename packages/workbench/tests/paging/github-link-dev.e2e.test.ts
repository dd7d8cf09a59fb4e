// `npm run dev` in mock mode with GitHub's contract (from the shared specs, skipped when they are
// absent): a repository's issues page through `Link` to the last, as a "Load more" button does.
// A scratch copy of its own, generated from GitHub's description.
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer } from "../../../../tests/harness/dev-server.ts";
import { makeScratchCopyAsync, removeScratchCopy, runAsync } from "../../../../tests/harness/scratch-copy.ts";
import { sharedChromium } from "../../../../tests/harness/shared.ts";
import { SHARED_SPECS } from "../../../../tooling/shared-specs.ts";

const GITHUB = join(SHARED_SPECS, "github-rest.json");

describe.skipIf(!existsSync(GITHUB))("npm run dev with GitHub's contract", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("pages a repository's issues through Link to the last page", async () => {
    const dir = await makeScratchCopyAsync("dev-github");
    // Whatever contract the copy holds (the empty one, or a user's) gives way to GitHub's.
    rmSync(join(dir, "openapi"), { recursive: true, force: true });
    mkdirSync(join(dir, "openapi"));
    copyFileSync(GITHUB, join(dir, "openapi/openapi.json"));
    const api = await runAsync(dir, "npm", ["run", "--silent", "api"]);
    expect(api.status, api.stderr).toBe(0);
    const { url, child } = await startDevServer(dir);
    const page = await browser.newPage();
    try {
      await page.goto(url);
      // The first load transforms GitHub's generated modules: a margin a loaded machine keeps.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 150_000 });
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
  }, 300_000);
});
