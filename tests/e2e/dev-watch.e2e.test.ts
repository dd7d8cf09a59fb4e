// The dev servers leave the scratch copies under .cache/ alone (tooling/dev-watch.ts): `npm test`
// makes one per setup, and Vite reloads every page it serves when a watched tsconfig.json
// appears. Proven on a copy of the project with servers of their own: the probe's control file
// reloads every page of the server it is written under, which must never be a server another
// test file is using at the same time (the end-to-end files run side by side).
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, it } from "vitest";
import { startDevServer, startStorybook } from "../harness/dev-server.ts";
import { makeScratchCopyAsync, removeScratchCopy } from "../harness/scratch-copy.ts";
import { sharedChromium } from "../harness/shared.ts";
import { RENDER_TIMEOUT_MS } from "../harness/storybook-walk.ts";
import { expectScratchCopiesUnwatched } from "../harness/watch-probe.ts";

describe("the dev servers and the scratch copies", () => {
  let browser: Browser | undefined;
  let dir = "";
  const stops: Array<() => void> = [];
  beforeAll(async () => {
    [dir, browser] = await Promise.all([makeScratchCopyAsync("dev-watch"), sharedChromium()]);
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await browser?.close();
    if (dir) removeScratchCopy(dir);
  });

  it("npm run dev leaves the open app alone when a scratch copy appears under .cache/", async () => {
    const { url, child } = await startDevServer(dir);
    stops.push(() => child.kill());
    const page = await browser!.newPage();
    try {
      await page.goto(url);
      await page.getByRole("heading", { name: "Contract status" }).waitFor();
      await expectScratchCopiesUnwatched(dir, page, page.mainFrame());
    } finally {
      await page.close();
    }
  });

  // On two cores busy with other files, Storybook's first compile of a story can take a minute:
  // what is checked is that nothing reloads, not how fast the story shows.
  it(
    "npm start leaves an open story alone when a scratch copy appears under .cache/",
    { timeout: 300_000 },
    async () => {
      const { url, child } = await startStorybook(dir);
      stops.push(() => child.kill());
      const page = await browser!.newPage();
      page.setDefaultTimeout(3 * RENDER_TIMEOUT_MS);
      try {
        await page.goto(`${url}?path=/story/foundations-spinner--default`);
        const preview = await (await page.waitForSelector("#storybook-preview-iframe")).contentFrame();
        if (!preview) throw new Error("Storybook's manager has no preview frame");
        await preview.waitForFunction(() => document.querySelector("#storybook-root")?.childElementCount);
        await expectScratchCopiesUnwatched(dir, page, preview);
      } finally {
        await page.close();
      }
    },
  );
});
