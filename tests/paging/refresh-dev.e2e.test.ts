// `npm run dev` with the resources test contract and a screen that lists owners and
// creates one (tests/paging/fixture-app/, rendered beside the app in a scratch copy): in
// Chromium, a created owner shows in the list with no reload and no refresh written by
// hand: the hooks' default invalidation refetches the list of the resource it changed.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeContract } from "../harness/api-scratch.ts";
import { launchChromium } from "../harness/browser.ts";
import { startDevServer } from "../harness/dev-server.ts";
import { makeScratchCopy, removeScratchCopy, REPO, run } from "../harness/scratch-copy.ts";

describe("npm run dev: a mutation refreshes the list of its resource", () => {
  let browser: Browser | undefined;
  let dir: string;
  beforeAll(async () => {
    dir = makeScratchCopy("refresh-dev");
    writeContract(dir, {
      "openapi.yaml": readFileSync(join(REPO, "tests/contracts/pet-registry/openapi.yaml"), "utf8"),
    });
    mkdirSync(join(dir, "src/features/owners"), { recursive: true });
    copyFileSync(
      join(REPO, "tests/paging/fixture-app/owners-screen.tsx"),
      join(dir, "src/features/owners/owners-screen.tsx"),
    );
    // Rendered beside the app, as a developer's first screen would be.
    const main = join(dir, "src/main.tsx");
    const source = readFileSync(main, "utf8");
    expect(source).toContain("<App />");
    writeFileSync(
      main,
      `import { OwnersScreen } from "@/features/owners/owners-screen";\n${source.replace("<App />", "<App />\n      <OwnersScreen />")}`,
    );
    const api = run(dir, "npm", ["run", "--silent", "api"]);
    expect(api.status, api.stderr).toBe(0);
    // The screen names only what the contract declares: it type-checks against it.
    const typecheck = run(dir, "npm", ["run", "--silent", "typecheck"]);
    expect(typecheck.stdout + typecheck.stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    removeScratchCopy(dir);
  });

  it("creates an owner and shows it in the list without a reload", async () => {
    const { url, child } = await startDevServer(dir);
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
      child.kill();
    }
  });
});
