// Watch mode: while `npm run dev` runs, saving the contract regenerates and reloads the page;
// a broken save is reported in the terminal and in the browser's error overlay and keeps the
// last good output; the next good save recovers. One scratch copy of this file's own (its tests
// save the contract). The same under `npm start` is proven on the gallery's copy, whose
// Storybook already runs (packages/workbench/tests/storybook/gallery.e2e.test.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer } from "../../../../tests/harness/dev-server.ts";
import { makeScratchCopy, removeScratchCopy } from "../../../../tests/harness/scratch-copy.ts";
import { sharedChromium } from "../../../../tests/harness/shared.ts";
import { runApi, writeContract } from "../../../../tests/harness/api-scratch.ts";

const contract = (operations: string[]) =>
  [
    "openapi: 3.1.0",
    "info: { title: Watched API, version: 1.0.0 }",
    "paths:",
    ...operations.map(
      (id) =>
        `  /${id}:\n    get:\n      operationId: ${id}\n      responses:\n        "200": { description: OK }\n        "404": { description: Not found, content: { application/json: { schema: { type: object }${
          // An example that breaks its schema: checked in the worker thread the generator starts.
          id === "listOthers" ? ", example: gone" : ""
        } } } }`,
    ),
  ].join("\n") + "\n";

let dir = "";
let browser: Browser;
beforeAll(async () => {
  dir = makeScratchCopy("watch");
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
  removeScratchCopy(dir);
});

/** The copy's contract is the test's own (whatever the project's is), generated, before the server starts. */
function resetContract(): void {
  writeContract(dir, { "openapi.yaml": contract(["listThings"]) });
  expect(runApi(dir).status).toBe(0);
}

describe("watch mode", () => {
  let server: Awaited<ReturnType<typeof startDevServer>>;
  beforeAll(async () => {
    resetContract();
    server = await startDevServer(dir);
  });
  afterAll(() => {
    server?.child.kill();
  });

  const generated = () =>
    ["src/api/schema.d.ts", "src/api/manifest.json"].map((file) => readFileSync(join(dir, file), "utf8"));
  const save = (text: string) => writeFileSync(join(dir, "openapi/openapi.yaml"), text);

  it("regenerates on save, reports a broken save in the terminal and the overlay, and recovers", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole("cell", { name: "listThings", exact: true }).waitFor();

    // A good save: regenerated, and the open page reloads with the new contract.
    save(contract(["listThings", "listOthers"]));
    await page.getByRole("cell", { name: "listOthers", exact: true }).waitFor({ timeout: 30_000 });
    const good = generated();
    expect(good[0]).toContain('"/listOthers"');
    expect(server.output()).toContain(
      "listOthers: example 1 of application/json breaks its own schema (/ must be object); the fixtures skip it.",
    );

    // A broken save: the same located message as `npm run api`, in both places; nothing written.
    save(
      contract(["listThings", "listOthers"]).replace(
        "{ type: object }, example: gone",
        '{ $ref: "#/components/schemas/Gone" }',
      ),
    );
    await expect
      .poll(() => server.output(), { timeout: 30_000 })
      .toMatch(/api: openapi\/openapi\.yaml:\d+:\d+ error Can't resolve \$ref/);
    const overlay = page.locator("vite-error-overlay");
    await overlay.waitFor({ state: "attached", timeout: 30_000 });
    const overlayText = await overlay.evaluate((element) => element.shadowRoot?.textContent ?? "");
    expect(overlayText).toMatch(/openapi\/openapi\.yaml:\d+:\d+/);
    expect(overlayText).toContain("Can't resolve $ref");
    expect(generated()).toEqual(good);

    // The next good save recovers without a restart.
    save(contract(["listThings", "getThing"]));
    await page.getByRole("cell", { name: "getThing", exact: true }).waitFor({ timeout: 30_000 });
    await overlay.waitFor({ state: "detached" });
    expect(generated()[0]).toContain('"/getThing"');
  });
});
