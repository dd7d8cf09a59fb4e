// `npm run dev` with the resources test contract and a screen that lists owners and
// creates one (packages/workbench/tests/paging/fixture-app/, rendered beside the app in the shared
// `pet-registry` setup, tests/harness/setups.ts): in Chromium, a created owner shows in the
// list with no reload and no refresh written by hand: the hooks' default invalidation
// refetches the list of the resource it changed.
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../../../tests/harness/scratch-copy.ts";
import { shared, sharedChromium } from "../../../../tests/harness/shared.ts";

describe("npm run dev: a mutation refreshes the list of its resource", () => {
  let browser: Browser | undefined;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    [{ dir }, { url }, browser] = await Promise.all([
      shared("copy", "pet-registry"),
      shared("dev", "pet-registry"),
      sharedChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("names only what the contract declares: the screen type-checks against it", () => {
    const typecheck = run(dir, "npm", ["run", "--silent", "typecheck"]);
    expect(typecheck.stdout + typecheck.stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
  });

  it("creates an owner and shows it in the list without a reload", async () => {
    const page = await browser!.newPage();
    try {
      let loads = 0;
      page.on("load", () => loads++);
      await page.goto(url);
      const list = page.getByRole("list", { name: "Owners" });
      await list.getByRole("listitem").first().waitFor();
      const before = await list.getByRole("listitem").count();
      await page.getByText("End of the list").waitFor();

      await page.getByLabel("Name").fill("Grace Hopper");
      await page.getByLabel("City").fill("Arlington");
      await page.getByRole("button", { name: "Add owner" }).click();

      await list.getByText("Grace Hopper").waitFor({ timeout: 10_000 });
      expect(await list.getByRole("listitem").count()).toBe(before + 1);
      expect(loads).toBe(1);
    } finally {
      await page.close();
    }
  });
});
