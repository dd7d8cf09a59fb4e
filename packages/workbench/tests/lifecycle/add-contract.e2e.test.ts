// Adding a contract is one registry entry plus its document. In a scratch copy (this file's
// own: it changes the registry), a small third-party service (a weather API) gets its document
// and its entry in contracts.config.ts, nothing else; after `npm run api` it is generated and
// type-checked, its fixtures answer in the Node tests and count in contract coverage, the
// gallery (Storybook's index) shows its operations and renders them, and `npm run dev` serves
// its mocked answer.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CoverageReportFile } from "@contract-workbench/workbench/coverage";
import { startDevServer, startStorybook } from "../../../../tests/harness/dev-server.ts";
import { makeScratchCopy, removeScratchCopy, run } from "../../../../tests/harness/scratch-copy.ts";
import { sharedChromium } from "../../../../tests/harness/shared.ts";
import { indexEntries } from "../../../../tests/harness/storybook-walk.ts";

const DOCUMENT = "mocks/weather/weather.openapi.yaml";
const FORECAST = { city: "Basel", celsius: 21.5, sky: "sunny" };

const WEATHER = `openapi: 3.1.0
info: { title: Weather, version: 1.0.0 }
servers: [{ url: "https://weather.example/v1" }]
paths:
  /forecast/{city}:
    get:
      operationId: getForecast
      tags: [forecast]
      parameters:
        - { name: city, in: path, required: true, schema: { type: string } }
      responses:
        "200":
          description: The forecast.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Forecast" }
              example: ${JSON.stringify(FORECAST)}
        "404":
          description: No such city.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Problem" }
components:
  schemas:
    Forecast:
      type: object
      required: [city, celsius, sky]
      properties:
        city: { type: string }
        celsius: { type: number }
        sky: { type: string, enum: [sunny, cloudy, rain] }
    Problem:
      type: object
      required: [title]
      properties:
        title: { type: string }
`;

/** The one entry: a service, its document and its generated folder. */
const ENTRY = `  weather: { role: "service", source: "${DOCUMENT}", generated: "mocks/weather/generated" },\n`;

/** A test of the app's author, calling the service as the app would: the Node mock setup answers it. */
const NODE_TEST = `import { expect, it } from "vitest";

it("reads the forecast from the weather service", async () => {
  const response = await fetch("https://weather.example/v1/forecast/Basel");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(${JSON.stringify(FORECAST)});
});
`;

describe("adding a contract with one registry entry and its document", () => {
  let dir = "";
  let browser: Browser | undefined;

  beforeAll(async () => {
    dir = makeScratchCopy("add-contract");
    mkdirSync(join(dir, "mocks/weather"), { recursive: true });
    writeFileSync(join(dir, DOCUMENT), WEATHER);
    const config = readFileSync(join(dir, "contracts.config.ts"), "utf8");
    const end = config.lastIndexOf("});");
    writeFileSync(join(dir, "contracts.config.ts"), config.slice(0, end) + ENTRY + config.slice(end));
    const api = run(dir, "npm", ["run", "--silent", "api"]);
    if (api.status !== 0) throw new Error(`npm run api failed:\n${api.stdout}\n${api.stderr}`);
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await browser?.close();
    removeScratchCopy(dir);
  });

  it("is generated, with a typed fixtures module, and the whole project still type-checks", () => {
    const fixtures = readFileSync(join(dir, "mocks/weather/generated/fixtures.ts"), "utf8");
    expect(fixtures).toContain("export const fixtures = createFixtures<operations>(");
    expect(readFileSync(join(dir, "mocks/generated/mocked-contracts.ts"), "utf8")).toContain(
      '{ name: "weather", fixtures: weather, handlers: weather.handlers, ownData: true }',
    );
    const check = run(dir, "npm", ["run", "--silent", "api:check"]);
    expect(check.status, check.stderr).toBe(0);
    const types = run(dir, "npm", ["run", "--silent", "typecheck"]);
    expect(types.status, types.stdout + types.stderr).toBe(0);
  });

  it("answers the Node tests and counts in contract coverage, in a section of its own", () => {
    mkdirSync(join(dir, "src/features/weather"), { recursive: true });
    writeFileSync(join(dir, "src/features/weather/forecast.dom.test.ts"), NODE_TEST);
    const tests = run(dir, "vitest", ["run", "--project", "dom", "src/features/weather"]);
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
    const coverage = run(dir, "npm", ["run", "--silent", "coverage:contract"]);
    expect(coverage.status, coverage.stderr).toBe(0);
    expect(coverage.stdout).toContain("coverage:contract: weather: Weather 1.0.0");
    const report = JSON.parse(readFileSync(join(dir, "coverage/contract-coverage.json"), "utf8")) as CoverageReportFile;
    // This repository's registry has no `weather`: the scratch copy's report is read by its title.
    const weather = report.services.find((section) => section.contract.title === "Weather");
    expect<string | undefined>(weather?.service).toBe("weather");
    expect(weather?.operations.map((operation) => operation.operationId)).toEqual(["getForecast"]);
    expect(weather?.operations[0]?.statuses).toEqual([
      { status: "200", coveredBy: [expect.stringContaining("reads the forecast from the weather service")] },
      { status: "404", coveredBy: [] },
    ]);
  });

  it("is in the gallery: Storybook indexes its operations and renders each response, valid", async () => {
    const storybook = await startStorybook(dir);
    try {
      const gallery = (await indexEntries(storybook.url)).filter((entry) => entry.title.startsWith("Gallery/weather/"));
      expect(gallery.map((entry) => [entry.title, entry.name])).toEqual([
        ["Gallery/weather/forecast/getForecast", "200"],
        ["Gallery/weather/forecast/getForecast", "404"],
      ]);
      const page = await browser!.newPage();
      for (const entry of gallery) {
        await page.goto(`${storybook.url}iframe.html?id=${entry.id}&viewMode=story`);
        // The first story compiles the preview on a busy machine: generous.
        await expect
          .poll(() => page.locator(".operation-response__result").getAttribute("data-state"), { timeout: 90_000 })
          .toBe(entry.name === "200" ? "success" : "error");
        const verdict = page.locator("[data-verdict]");
        expect(await verdict.getAttribute("data-verdict"), `${entry.id}: ${await verdict.textContent()}`).toBe("valid");
      }
      await page.close();
    } finally {
      storybook.child.kill();
    }
  });

  it("is answered in npm run dev by its fixtures", async () => {
    const { url, child } = await startDevServer(dir);
    const page = await browser!.newPage();
    try {
      await page.goto(url);
      await page.getByRole("heading", { name: "Contract status" }).waitFor();
      const answer = await page.evaluate(async () => {
        const response = await fetch("https://weather.example/v1/forecast/Basel");
        return { status: response.status, body: (await response.json()) as unknown };
      });
      expect(answer).toEqual({ status: 200, body: FORECAST });
    } finally {
      await page.close();
      child.kill();
    }
  });
});
