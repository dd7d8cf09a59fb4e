// Analytics in `npm run dev`, in Chromium: the banner asks first, the choice survives a
// reload, events after consent are recorded in the page (console.debug), a browser with
// Global Privacy Control is not asked, and no request ever leaves the page's origin.
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shared, sharedChromium } from "../harness/shared.ts";

describe("analytics in npm run dev", () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    [browser, { url }] = await Promise.all([sharedChromium(), shared("dev", "repo")]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh browser profile, with every request and every console.debug line it makes. */
  async function open(setUp?: (page: Page) => Promise<void>) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    const debug: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "debug") debug.push(message.text());
    });
    await setUp?.(page);
    await page.goto(url);
    await page.getByRole("heading", { name: "Contract status" }).waitFor();
    return { context, page, requests, debug };
  }

  const foreign = (requests: string[]) => requests.filter((request) => new URL(request).origin !== new URL(url).origin);

  it("asks first, remembers the answer across a reload, records instead of sending", async () => {
    const { context, page, requests, debug } = await open();
    try {
      const banner = page.getByRole("region", { name: "Analytics" });
      await banner.getByRole("button", { name: "Accept" }).waitFor();
      // The first screen view came before the answer: dropped.
      expect(debug.filter((line) => line.startsWith("[analytics]"))).toEqual([]);
      await banner.getByRole("button", { name: "Accept" }).click();
      await page.getByRole("button", { name: "Analytics: on · Change" }).waitFor();

      await page.reload();
      await page.getByRole("button", { name: "Analytics: on · Change" }).waitFor();
      // Once per mount; StrictMode mounts twice in development, so it may show twice here.
      await expect
        .poll(() => debug.filter((line) => line.startsWith("[analytics] recorded, not sent: screen_view")).length)
        .toBeGreaterThanOrEqual(1);
      expect(foreign(requests)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("does not ask a browser that sends Global Privacy Control, and records nothing", async () => {
    const { context, page, requests, debug } = await open(async (page) => {
      await page.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
      );
    });
    try {
      const note = page.getByRole("region", { name: "Analytics: off" });
      await note.waitFor();
      expect(await note.getByRole("button").count()).toBe(0);
      expect(debug.filter((line) => line.startsWith("[analytics]"))).toEqual([]);
      expect(foreign(requests)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
