// `npm run dev` on a contract with resources (the resources test contract, in the shared
// `pet-registry` setup, tests/harness/setups.ts, which replaces the whole openapi/ folder): what
// the prototype creates survives a reload for the tab's session, and the visible
// "Reset mock data" button brings the default data back.
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shared, sharedChromium } from "../harness/shared.ts";

describe("npm run dev with a contract that has resources", () => {
  let browser: Browser | undefined;
  let url: string;
  beforeAll(async () => {
    [{ url }, browser] = await Promise.all([shared("dev", "pet-registry"), sharedChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps created records across a reload, and the reset button forgets them", async () => {
    const page = await browser!.newPage();
    const ids = () =>
      page.evaluate(async () => {
        const response = await fetch("/api/owners?limit=100");
        const page = (await response.json()) as { items: Array<{ id: string; name: string }> };
        return page.items.map((owner) => owner.name);
      });
    try {
      await page.goto(url);
      const reset = page.getByRole("button", { name: /^Reset mock data \(\d+ records\)$/ });
      await reset.waitFor();
      const before = await ids();
      const created = await page.evaluate(async () => {
        const response = await fetch("/api/owners", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Kept across reloads", city: "Basel" }),
        });
        return { status: response.status, location: response.headers.get("Location") };
      });
      expect(created.status).toBe(201);
      expect(await ids()).toEqual([...before, "Kept across reloads"]);

      await page.reload();
      await reset.waitFor();
      expect(await ids()).toEqual([...before, "Kept across reloads"]);
      const read = await page.evaluate(async (location) => (await fetch(location ?? "")).status, created.location);
      expect(read).toBe(200);

      await Promise.all([page.waitForEvent("load"), reset.click()]);
      await reset.waitFor();
      expect(await ids()).toEqual(before);
    } finally {
      await page.close();
    }
  });
});
