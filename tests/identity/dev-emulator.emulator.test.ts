// `npm run dev:emulator`: the app in Chromium, its SDK connected to the Auth emulator
// (the emulator project's, started once per run); an account made in the page exists
// in the emulator, and the password policy (which the emulator lacks) still shows.
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { EMULATOR_PROJECT, waitForAuthEmulator } from "../harness/auth-emulator.ts";
import { launchChromium } from "../harness/browser.ts";
import { startDevServer } from "../harness/dev-server.ts";
import { REPO } from "../harness/scratch-copy.ts";

const host = inject("authEmulatorHost");

describe("the app against the Auth emulator", () => {
  let browser: Browser;
  let stop: () => void;
  let url: string;
  beforeAll(async () => {
    const [launched, server] = await Promise.all([
      launchChromium(),
      startDevServer(REPO, { VITE_FIREBASE_AUTH_EMULATOR_HOST: host }),
      waitForAuthEmulator(host),
    ]);
    browser = launched;
    url = server.url;
    stop = () => server.child.kill();
  });
  afterAll(async () => {
    await browser?.close();
    stop?.();
  });

  it("signs up through the emulator", async () => {
    const page = await browser.newPage();
    await page.goto(`${url}#/sign-up`);
    await page.getByLabel("E-mail", { exact: true }).fill("emulated@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Emulated-pass1");
    await expect.poll(() => page.locator(".password-checklist").getAttribute("data-complete")).toBe("true");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    await page.close();

    const response = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:query`,
      { method: "POST", headers: { Authorization: "Bearer owner", "Content-Type": "application/json" }, body: "{}" },
    );
    const { userInfo = [] } = (await response.json()) as { userInfo?: Array<{ email: string }> };
    expect(userInfo.map((user) => user.email)).toContain("emulated@example.com");
  });
});
