// The mission, end to end: a filled-in contract dropped into a copy of the
// scaffold regenerates, type-checks, and a component calling one of its
// operations renders the default fixture's data in Chromium, the same data Node
// generates; the scenario toolbar changes it. A request without a handler and an
// override that breaks the contract fail their stories.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@/api/contract-types";
import type { Manifest } from "@/api/manifest-types";
import { createFixtures } from "@/api/mocks/contract-fixtures";
import { launchChromium, serveStatic } from "./browser.ts";
import { writeContract } from "../api/scratch.ts";
import { makeScratchCopy, removeScratchCopy, REPO, run } from "./scratch-copy.ts";

interface JsonReport {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

describe("a filled-in contract flows through the scaffold", () => {
  let dir = "";

  beforeAll(() => {
    dir = makeScratchCopy("contract-flow");
    // Whatever the project's contract is (one file or several), the example replaces it.
    writeContract(dir, { "openapi.yaml": readFileSync(join(REPO, "tests/example-contract/openapi.yaml"), "utf8") });
    mkdirSync(join(dir, "src/features/notes"), { recursive: true });
    for (const file of ["notes-list.tsx", "notes-list.stories.tsx"]) {
      copyFileSync(join(REPO, "tests/e2e/fixture-app", file), join(dir, "src/features/notes", file));
    }
  });
  afterAll(() => removeScratchCopy(dir));

  it("regenerates the types and manifest with `npm run api`", () => {
    const result = run(dir, "npm", ["run", "--silent", "api"]);
    expect(result.stderr).not.toMatch(/ error /); // how `npm run api` prints an error
    expect(result.status).toBe(0);
    const schema = readFileSync(join(dir, "src/api/schema.d.ts"), "utf8");
    expect(schema).toContain('"/notes/{id}"');
    const manifest = JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as {
      operations: Array<{ operationId: string }>;
    };
    expect(manifest.operations.map((operation) => operation.operationId)).toEqual([
      "listNotes",
      "createNote",
      "getNote",
    ]);
  });

  it("type-checks the component that calls the new operation", () => {
    const result = run(dir, "tsc", ["--noEmit", "-p", "tsconfig.json"]);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("renders the fixture data in Chromium, and fails the stories without a handler or with a broken override", () => {
    const report = join(dir, "report.json");
    const result = run(dir, "vitest", [
      "run",
      "--project",
      "storybook",
      "src/features/notes",
      // The fixture app's stories are new: record their visual baselines as a developer's first run does.
      "--update",
      "--reporter=json",
      `--outputFile=${report}`,
    ]);
    expect(result.status).toBe(1); // the Unmocked and BrokenOverride stories fail, as they must
    const { testResults } = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
    const byTitle = new Map(testResults.flatMap((file) => file.assertionResults).map((test) => [test.title, test]));
    for (const title of ["Generated", "Overridden", "Empty", "Server Problem"]) {
      expect(byTitle.get(title)?.status, `${title}: ${byTitle.get(title)?.failureMessages.join("\n")}`).toBe("passed");
    }
    expect(byTitle.get("Unmocked")?.status).toBe("failed");
    expect(byTitle.get("Unmocked")?.failureMessages.join("\n")).toMatch(
      /No handler for GET http:\/\/localhost:\d+\/notes\?limit=20 \(operation listNotes\)/,
    );
    expect(byTitle.get("Broken Override")?.status).toBe("failed");
    expect(byTitle.get("Broken Override")?.failureMessages.join("\n")).toContain(
      "Contract violation: listNotes → 200 response body at /0/id: expected type string, got 7",
    );
  });

  it("builds a static Storybook that serves its stories, docs and fixtures from a sub-path", async () => {
    const out = join(dir, "storybook-static");
    const result = run(dir, "storybook", ["build", "--quiet", "-o", out]);
    expect(result.status).toBe(0);
    const index = JSON.parse(readFileSync(join(out, "index.json"), "utf8")) as {
      entries: Record<string, { type: "story" | "docs" }>;
    };
    const { url, server } = await serveStatic(out, "/some/sub/path/");
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        // Chromium asks the origin's root for /favicon.ico, outside the sub-path: not the build's concern.
        if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) {
          errors.push(`${message.text()} (${page.url()})`);
        }
      });

      // The data Node generates for listNotes is the data the story shows in Chromium.
      const read = (file: string) => JSON.parse(readFileSync(join(dir, "src/api", file), "utf8")) as unknown;
      const fixtures = createFixtures(read("manifest.json") as Manifest, read("contract.json") as ContractSchemas);
      const [first] = fixtures.fixture("listNotes", "200") as Array<{ title: string }>;
      expect(first?.title).toEqual(expect.any(String));
      await page.goto(`${url}iframe.html?id=notes-noteslist--generated&viewMode=story`);
      await page.getByText(first?.title ?? "").waitFor({ timeout: 30_000 });
      const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(worker).toBe(`${url}mockServiceWorker.js`);

      // Every docs page (autodocs and MDX) renders without a console error. Each opens in
      // a fresh context, as a designer's link would, so no earlier page's worker is involved.
      const docs = Object.entries(index.entries).filter(([, entry]) => entry.type === "docs");
      expect(docs.length).toBeGreaterThan(0);
      for (const [id] of docs) {
        const context = await browser.newContext();
        const docsPage = await context.newPage();
        docsPage.on("console", (message) => {
          if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) {
            errors.push(`${message.text()} (${id})`);
          }
        });
        await docsPage.goto(`${url}iframe.html?id=${id}&viewMode=docs`);
        await docsPage.locator("#storybook-docs h1, #storybook-docs h2").first().waitFor({ timeout: 30_000 });
        await context.close();
      }

      // The manager page is inside the worker's scope: reloading it must reach the server,
      // not a story's mocks (which would answer 501). A fresh context, and no check of the
      // story after the reload: MSW's worker unregisters itself when its last page goes
      // away, and a reload races with that (msw reloads the story frame to recover).
      const manager = await (await browser.newContext()).newPage();
      await manager.goto(`${url}?path=/story/notes-noteslist--generated`);
      const story = manager.frameLocator("#storybook-preview-iframe");
      await story.getByText(first?.title ?? "").waitFor();

      // The Scenario menu switches the data of the open story: `empty` gives an empty list.
      await manager.getByRole("button", { name: /^Fixture scenario/ }).click();
      await manager.getByText("empty", { exact: true }).click();
      await story.getByText("Nothing here yet").waitFor();
      await manager.getByRole("button", { name: /^Fixture scenario/ }).click();
      await manager.getByText("default", { exact: true }).click();
      await story.getByText(first?.title ?? "").waitFor();

      const reloaded = await manager.reload();
      expect(reloaded?.status()).toBe(200);
      await manager.getByRole("button", { name: "NotesList" }).or(manager.getByText("NotesList")).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  });

  it("makes `npm run api:check` fail after a contract edit that was not regenerated", () => {
    const contract = join(dir, "openapi/openapi.yaml");
    const edited = readFileSync(contract, "utf8").replace("title: Example Notes API", "title: Example Notes API v2");
    expect(edited).not.toBe(readFileSync(contract, "utf8"));
    copyFileSync(contract, `${contract}.orig`);
    run(dir, "node", ["-e", `require("fs").writeFileSync(${JSON.stringify(contract)}, ${JSON.stringify(edited)})`]);
    const result = run(dir, "npm", ["run", "--silent", "api:check"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "api:check: src/api/manifest.json is out of date with the contract in openapi/. Run `npm run api` and commit the result.",
    );
  });
});
