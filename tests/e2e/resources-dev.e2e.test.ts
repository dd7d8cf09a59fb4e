// `npm run dev` on a contract with resources (the resources test contract, in the shared
// `pet-registry` setup, tests/harness/setups.ts, which replaces the whole openapi/ folder): what
// the prototype creates survives a reload for the tab's session, and the visible
// "Reset mock data" button brings the default data back. The same setup answers the streams test
// contract (OpenAPI 3.2) as a service: its streams arrive in the page as streams, read by the
// client's own reader.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import { createValidator } from "@contract-workbench/workbench/fixtures";
import type * as Formats from "@contract-workbench/runtime/streams";
import { shared, sharedChromium } from "../harness/shared.ts";

describe("npm run dev with a contract that has resources", () => {
  let browser: Browser | undefined;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    [{ url }, { dir }, browser] = await Promise.all([
      shared("dev", "pet-registry"),
      shared("copy", "pet-registry"),
      sharedChromium(),
    ]);
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

  it("answers an OpenAPI 3.2 contract's streams as streams, events that keep itemSchema arriving over time", async () => {
    const page = await browser!.newPage();
    try {
      await page.goto(url);
      await page.getByRole("button", { name: /^Reset mock data/ }).waitFor();
      type Read = { type: string | null; items: Array<{ at: number; value: unknown; error?: string }> };
      // Written as text: Vitest would rewrite a dynamic import in a function handed to the page.
      const read = (path: string, accept: string, reading: Formats.ItemReading) =>
        page.evaluate<Read>(`(async () => {
          // The client's own reader, as the dev server serves it to the app (by the package's name).
          const { readItems } = await import("/@id/@contract-workbench/runtime/streams");
          const started = performance.now();
          const response = await fetch(${JSON.stringify(path)}, { headers: { Accept: ${JSON.stringify(accept)} } });
          const items = [];
          for await (const item of readItems(response.body, ${JSON.stringify(reading)})) {
            items.push({ at: performance.now() - started, value: item.value, error: item.error?.message });
          }
          return { type: response.headers.get("Content-Type"), items };
        })()`);
      const chat = await read("/chats/c1/events", "text/event-stream", { format: "sse", data: "json" });
      const logs = await read("/logs", "application/jsonl", { format: "jsonl" });
      const contract = JSON.parse(
        readFileSync(join(dir, "tests/contracts/streams/generated/contract.json"), "utf8"),
      ) as ContractSchemas;
      const validator = createValidator(contract);
      for (const [stream, operationId, mediaType] of [
        [chat, "streamChatEvents", "text/event-stream"],
        [logs, "streamLogs", "application/jsonl"],
      ] as const) {
        expect(stream.type).toBe(mediaType);
        expect(stream.items.length).toBeGreaterThanOrEqual(3);
        expect(stream.items.map((item) => item.error)).toEqual(stream.items.map(() => undefined));
        const pointer = `#/operations/${operationId}/responses/200/content/${mediaType.replace("/", "~1")}/schema/items`;
        expect(stream.items.flatMap((item) => validator.check(pointer, item.value))).toEqual([]);
        // Over time: the last event arrived well after the first.
        expect(stream.items.at(-1)!.at - stream.items[0]!.at).toBeGreaterThan(300);
      }
    } finally {
      await page.close();
    }
  });
});
