// `npm run dev` against real servers (VITE_API_MOCK=0), in Chromium: every exchange the page
// makes with the contract's operations is checked, each planted disagreement appears once in
// the drift indicator (and once in the console), the probe finds the same set, no credential
// shows, the app's exchanges are left as the server sent them, and what kept the contract
// can be copied as the `recorded` scenario.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "@contract-workbench/workbench/drift";
import type { DriftEntry } from "@contract-workbench/workbench/drift";
import { writeContract } from "../../../../tests/harness/api-scratch.ts";
import { launchChromium } from "../../../../tests/harness/browser.ts";
import { startDevServer } from "../../../../tests/harness/dev-server.ts";
import { DRIFT_CONTRACT, loadContract } from "./drift-contract.ts";
import { SECRETS, startDriftServer, type DriftServer } from "./drift-server.ts";
import { makeScratchCopy, removeScratchCopy, REPO, run } from "../../../../tests/harness/scratch-copy.ts";

const key = (entry: Pick<DriftEntry, "operationId" | "status" | "place" | "pointer">) =>
  `${entry.operationId} ${entry.status ?? "-"} ${entry.place} ${entry.pointer}`;

describe("npm run dev against a real server", () => {
  let browser: Browser | undefined;
  let dir: string;
  // The app's server drifts in its bodies and headers; two others in a media type and a status
  // (each alone, so the probe, which needs a list's ids for an item, can reach every drift).
  let main: DriftServer;
  let other: DriftServer;
  let third: DriftServer;
  beforeAll(async () => {
    dir = makeScratchCopy("drift-dev");
    writeContract(dir, { "openapi.yaml": readFileSync(join(REPO, DRIFT_CONTRACT), "utf8") });
    const api = run(dir, "npm", ["run", "--silent", "api"]);
    expect(api.status, api.stderr).toBe(0);
    main = await startDriftServer({
      drifts: ["missing required property", "wrong type", "missing declared header", "secret in a wrong value"],
    });
    other = await startDriftServer({ drifts: ["undeclared media type"] });
    third = await startDriftServer({ drifts: ["undeclared status"] });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await main?.close();
    await other?.close();
    await third?.close();
    removeScratchCopy(dir);
  });

  it("shows each planted disagreement once, as the probe finds them, and never a credential", async () => {
    const dev = await startDevServer(dir, { VITE_API_MOCK: "0", VITE_API_BASE_URL: main.url });
    const context = await browser!.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: dev.url });
    const page = await context.newPage();
    const groups: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "startGroupCollapsed" || message.type() === "startGroup") groups.push(message.text());
    });
    try {
      await page.goto(dev.url);
      // The app renders once the check is in place; so may the test's own exchanges.
      await page.getByRole("heading", { name: "Contract status" }).waitFor();
      await page.locator("section.contract-drift").waitFor({ state: "attached" });
      const exchanges = async () =>
        page.evaluate(
          async ({ base, other, third, password, authorization }) => {
            const answers: number[] = [];
            const call = async (url: string, init?: RequestInit) => answers.push((await fetch(url, init)).status);
            await call(`${base}/pets?species=cat`);
            await call(`${base}/pets/p-1`);
            await call(`${base}/pets`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ name: "" }),
            });
            await call(`${base}/session`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Authorization: authorization },
              body: JSON.stringify({ email: "a@example.test", password: [password] }),
            });
            await call(`${other}/pets?species=dog`);
            await call(`${third}/pets/p-1`);
            await call(`${third}/pets?species=cat`);
            return answers;
          },
          {
            base: main.url,
            other: other.url,
            third: third.url,
            password: SECRETS.password,
            authorization: SECRETS.authorization,
          },
        );
      // The page gets the server's answers, whatever the contract says of them.
      expect(await exchanges()).toEqual([200, 200, 201, 200, 200, 418, 200]);
      const toggle = page.getByRole("button", { name: /^\d+ contract drifts?$/ });
      await expect
        .poll(() => page.locator(".contract-drift__toggle").textContent(), { timeout: 15_000 })
        .toBe("9 contract drifts");
      // Seen again: counted, not listed again, no new console group.
      await exchanges();
      await expect.poll(() => page.locator(".contract-drift__list li").first().textContent()).toMatch(/\(×2\)$/);
      expect(groups).toHaveLength(9);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const region = page.getByRole("region", { name: "Contract drift" });
      const lines = await region.getByRole("listitem").allTextContents();
      expect(lines).toHaveLength(9);
      if (process.env.DRIFT_SCREENSHOT) await region.screenshot({ path: process.env.DRIFT_SCREENSHOT });

      await region.getByRole("button", { name: "Copy report as JSON" }).click();
      await region.getByRole("status").getByText("Copied.").waitFor();
      const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as DriftEntry[];
      const shown = new Set(copied.map(key));
      expect(copied.every((entry) => entry.count === 2)).toBe(true);

      // The probe, against the same two servers, lists the same disagreements of the answers.
      const { manifest, contract } = await loadContract();
      const probed = [
        ...(await probe({ baseUrl: main.url, manifest, contract })).drift,
        ...(await probe({ baseUrl: other.url, manifest, contract })).drift,
        ...(await probe({ baseUrl: third.url, manifest, contract })).drift,
      ].map(key);
      expect(probed.sort()).toEqual(
        [
          "getPet 200 response body /age",
          "getPet 200 response body /name",
          "getPet 418 response status ",
          "listPets 200 response header X-Total-Count",
          "listPets 200 response media type ",
        ].sort(),
      );
      expect([...shown].sort()).toEqual(
        [
          ...probed,
          "createPet - request body /age",
          "createPet - request body /name",
          "signIn - request body /password",
          "signIn 200 response body /idToken",
        ].sort(),
      );

      // What kept the contract can become the `recorded` scenario.
      await region.getByRole("button", { name: "Copy 1 recorded answer as JSON" }).click();
      await region
        .getByRole("status")
        .getByText(/^Copied: save it as mocks\/recorded\/recorded\.json\.$/)
        .waitFor();
      expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({
        listPets: {
          status: 200,
          mediaType: "application/json",
          body: {
            items: [
              { id: "p-1", name: "Rex", age: 3 },
              { id: "p-2", name: "Tom", age: 5 },
            ],
          },
        },
      });

      const text = (await region.textContent()) + JSON.stringify(copied) + groups.join("\n");
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret.split(" ").at(-1));

      await region.getByRole("button", { name: "Dismiss" }).click();
      await expect.poll(() => region.isHidden()).toBe(true);
    } finally {
      await context.close();
      dev.child.kill();
    }
  });
});
