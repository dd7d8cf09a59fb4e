// `npm run dev` with no server and no configuration: a new user signs up, the session
// survives a reload, signs out and signs in again, in Chromium, with the Firebase SDK
// talking to the embedded identity fixtures through the mock Service Worker.
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shared, sharedChromium } from "../harness/shared.ts";

describe("identity in npm run dev", () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    [browser, { url }] = await Promise.all([sharedChromium(), shared("dev", "repo")]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function fill(page: Page, email: string, password: string) {
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
  }

  it("signs up, keeps the session across a reload, signs out and signs in again", async () => {
    const page = await browser.newPage();
    const tokenWrites: string[] = [];
    page.on("console", (message) => {
      if (/eyJ[\w-]+\.[\w-]+\./.test(message.text())) tokenWrites.push(message.text());
    });
    await page.goto(`${url}#/sign-up`);
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await fill(page, "first.user@example.com", "Fresh-start1");
    await expect.poll(() => page.locator(".password-checklist").getAttribute("data-complete")).toBe("true");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();

    await page.reload();
    // Still signed in: the account page, with the lookup's data.
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect(await page.getByRole("link", { name: "first.user@example.com" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await fill(page, "first.user@example.com", "Fresh-start1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();

    // Only the SDK keeps the session (firebase:* keys); no token is ever logged.
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((key) => !key.startsWith("firebase:"))).toEqual([]);
    expect(keys.some((key) => key.startsWith("firebase:authUser:"))).toBe(true);
    expect(tokenWrites).toEqual([]);
    await page.close();
  });
});
