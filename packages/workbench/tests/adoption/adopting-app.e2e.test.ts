// An app made by create-vite, with no components, no identity provider and no Storybook, adopts
// both packages from their tarballs as a team would: `npx contract-workbench init` (the contract,
// the registry, the runtime's binding, the mocks' session, the scripts, Storybook 10 with the
// workbench's preset), `npm install`, Petstore as its contract, then `npm run api`, its own build
// with the contract's typed hooks, and `storybook build`, whose index holds a gallery story for
// every operation × declared status and the package's own Contract pages; some of them are opened
// in Chromium from the static build. Its `npm test`, what init gave it, passes: every story and
// the gallery in Chromium, each checked by axe, whose violations fail a story. A second init
// changes nothing.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { galleryBatches, galleryPairs } from "../../src/gallery/contract-gallery.ts";
import { SHARED_SPECS } from "../../../../tooling/shared-specs.ts";
import { launchChromium, serveStatic } from "../../../../tests/harness/browser.ts";
import { freePort, startDevServer, untilPrinted } from "../../../../tests/harness/dev-server.ts";
import { findChromium } from "../../../../tests/harness/chromium.ts";
import { run } from "../../../../tests/harness/scratch-copy.ts";
import { sharedPackages } from "../../../../tests/harness/shared.ts";
import { formatFailures, type IndexEntry, openEntriesInPages } from "../../../../tests/harness/storybook-walk.ts";
import {
  createViteApp,
  installInApp,
  packedTarball,
  removeScratchApp,
  runAppScript,
  type ScratchApp,
  writeAppFiles,
} from "./scratch-app.ts";

const PETSTORE = join(SHARED_SPECS, "petstore3.yaml");

/** Opened in Chromium: an operation that requires credentials (Petstore's OAuth) and one that does not. */
const OPENED_OPERATIONS = ["findPetsByStatus", "getOrderById"];

function expectRan(what: string, result: { status: number | null; stdout: string; stderr: string }): void {
  const said = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-30).join("\n");
  expect(result.status, `${what}:\n${said}`).toBe(0);
}

/** A Vitest JSON report's tests, with what @storybook/addon-vitest keeps of a story's run (axe's report among them). */
interface StoryReport {
  testResults: Array<{ assertionResults: Array<{ title: string; meta: { reports?: AxeReport[] } }> }>;
}
interface AxeReport {
  type: string;
  result?: Record<string, Array<{ id: string; nodes: unknown[] }> | undefined>;
}

let app: ScratchApp | undefined;
let index: Record<string, IndexEntry> = {};
let manifest: Manifest | undefined;
let firstInit = "";

/** The workbench's bin as the app has it installed: what `npx contract-workbench` runs. */
function workbench(...args: string[]) {
  return run(app!.dir, "npx", ["--no-install", "contract-workbench", ...args]);
}

/** Every file of the app outside node_modules and its builds, path → text. */
function appFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(app!.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\/(node_modules|dist|storybook-static)(\/|$)/.test(entry.parentPath))
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [file.slice(app!.dir.length + 1), readFileSync(file, "utf8")];
      }),
  );
}

describe.skipIf(!existsSync(PETSTORE))(
  "an app made by create-vite adopts the packages with init (skipped without Petstore in SHARED_SPECS)",
  () => {
    beforeAll(async () => {
      await sharedPackages();
      app = createViteApp("adoption-gallery-");
      installInApp(app.dir, [packedTarball("packages/workbench"), packedTarball("packages/runtime")]);
      const init = workbench("init");
      expectRan("contract-workbench init", init);
      firstInit = init.stdout;
      // What init declared (the runtime's peers, Storybook 10), then the team's contract.
      installInApp(app.dir, []);
      writeAppFiles(app.dir, { "openapi/openapi.yaml": readFileSync(PETSTORE, "utf8") });
      runAppScript(app.dir, "api");
      manifest = JSON.parse(readFileSync(join(app.dir, "src", "api", "manifest.json"), "utf8")) as Manifest;
      const built = run(app.dir, "npx", ["storybook", "build", "--quiet", "-o", "storybook-static"], {
        STORYBOOK_DISABLE_TELEMETRY: "1",
      });
      expectRan("storybook build", built);
      index = (
        JSON.parse(readFileSync(join(app.dir, "storybook-static", "index.json"), "utf8")) as {
          entries: Record<string, IndexEntry>;
        }
      ).entries;
    }, 900_000);

    afterAll(() => removeScratchApp(app));

    it("says what init adds: the contract, the registry, the runtime's binding, Storybook, the scripts", () => {
      for (const file of [
        "openapi/openapi.yaml",
        "contracts.config.ts",
        "src/api/index.ts",
        "mocks/fixtures-session.ts",
        ".storybook/main.ts",
      ]) {
        expect(firstInit).toContain(`create     ${file}`);
      }
      expect(firstInit).toContain('script "api": contract-workbench api');
      expect(firstInit).toMatch(/dependencies openapi-fetch@\d/);
      expect(runAppScript(app!.dir, "api:check")).toContain("generated files match the contracts");
    });

    it("passes its own build (tsc -b, vite build) with the contract's typed hooks", () => {
      writeAppFiles(app!.dir, {
        "src/Pets.tsx": `import { api } from "./api/index.ts";

export function Pets() {
  const pets = api.useQuery("get", "/pet/findByStatus", { params: { query: { status: "available" } } });
  const names: string[] = (pets.data ?? []).map((pet) => pet.name);
  return <ul>{names.map((name) => <li key={name}>{name}</li>)}</ul>;
}

// Petstore has no such path: the hooks carry the contract's types, not any.
export function Misspelt() {
  // @ts-expect-error
  return api.useQuery("get", "/pets/findByStatus");
}
`,
      });
      runAppScript(app!.dir, "build");
    });

    it(
      "passes its own npm test: the generated files checked, every story and gallery story in Chromium, coverage counted",
      { timeout: 600_000 },
      () => {
        // The system's Chromium, as the repository's suites use (tests/setup/require-chromium.ts checked it is there).
        // Its reporters as init set them, and a JSON report beside them: what axe said of each story.
        const report = join(app!.dir, "vitest.json");
        const reporters = ["default", "@contract-workbench/workbench/coverage/reporter", "json"];
        const tested = run(
          app!.dir,
          "npm",
          ["test", "--", ...reporters.map((name) => `--reporter=${name}`), `--outputFile.json=${report}`],
          { CHROMIUM_PATH: findChromium() ?? "", STORYBOOK_DISABLE_TELEMETRY: "1" },
        );
        expectRan("npm test", tested);
        // Every story, the gallery's batches among them, was checked by axe (init's @storybook/addon-a11y).
        const results = (JSON.parse(readFileSync(report, "utf8")) as StoryReport).testResults.flatMap(
          (file) => file.assertionResults,
        );
        const unchecked = results.filter(({ meta }) => !meta.reports?.some((entry) => entry.type === "a11y"));
        expect(unchecked.map(({ title }) => title)).toEqual([]);
        // From the command line axe details violations only (init's preview): a passed rule keeps one node.
        const passes = results.flatMap(({ meta }) =>
          (meta.reports ?? []).flatMap((entry) => (entry.type === "a11y" ? (entry.result?.passes ?? []) : [])),
        );
        expect(passes.length).toBeGreaterThan(0);
        expect(passes.filter((rule) => rule.nodes.length > 1).map((rule) => rule.id)).toEqual([]);
        const said = stripVTControlCharacters(tested.stdout);
        expect(said).toContain("generated files match the contracts");
        // Under `vitest run` the gallery's stories are checked in batches (one test per batch of pairs
        // that share a status); every other story is a test of its own.
        const passed = Number(/Tests\s+(\d+) passed/.exec(said)?.[1] ?? 0);
        const others = Object.values(index).filter(
          (entry) => entry.type === "story" && !entry.importPath.startsWith("virtual:contract-gallery/"),
        );
        expect(passed).toBe(galleryBatches(galleryPairs(manifest!)).length + others.length);
        expect(said).toMatch(/covered 0 of \d+ operation×status pairs/);
      },
    );

    it("fails a story with an accessibility violation, naming the rule", { timeout: 300_000 }, () => {
      const story = "src/Nameless.stories.tsx";
      writeAppFiles(app!.dir, {
        [story]: `import type { Meta, StoryObj } from "@storybook/react-vite";

const meta = { title: "Nameless", render: () => <button type="button" /> } satisfies Meta;
export default meta;

export const Unnamed: StoryObj<typeof meta> = {};
`,
      });
      try {
        const tested = run(app!.dir, "npx", ["vitest", "run", story], {
          CHROMIUM_PATH: findChromium() ?? "",
          STORYBOOK_DISABLE_TELEMETRY: "1",
        });
        expect(tested.status, tested.stdout + tested.stderr).toBe(1);
        expect(stripVTControlCharacters(tested.stdout + tested.stderr)).toContain("button-name");
      } finally {
        rmSync(join(app!.dir, story));
      }
    });

    it(
      "runs its own npm run dev on the fixtures through npm run mock: a preflight, the contract's server path, a token",
      { timeout: 180_000 },
      async () => {
        // The app's entry as a team writes it: the runtime's query client and a stand-in session.
        writeAppFiles(app!.dir, {
          "src/App.tsx": `import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient, setTokenSource } from "@contract-workbench/runtime";
import { Pets } from "./Pets.tsx";

setTokenSource({ getToken: async () => "a-stand-in-token", onExpired: () => {} });
const client = createQueryClient();

export default function App() {
  return <QueryClientProvider client={client}><Pets /></QueryClientProvider>;
}
`,
        });
        const port = await freePort();
        const mock = spawn(
          join(app!.dir, "node_modules", ".bin", "contract-workbench"),
          ["mock", "--port", String(port)],
          {
            cwd: app!.dir,
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        let dev: Awaited<ReturnType<typeof startDevServer>> | undefined;
        const browser = await launchChromium();
        try {
          const logged = await untilPrinted(mock, "mock", (text) => text.includes("mock: product"));
          const base = `http://127.0.0.1:${port}/api/v3`;
          const answer = await fetch(`${base}/pet/findByStatus?status=available`, {
            headers: { Authorization: "Bearer a-stand-in-token" },
          });
          const names = ((await answer.json()) as Array<{ name: string }>).map((pet) => pet.name);
          expect(names.length).toBeGreaterThan(0);
          dev = await startDevServer(app!.dir, { VITE_API_BASE_URL: base });
          const page = await browser.newPage();
          await page.goto(dev.url);
          await page.locator("li").first().waitFor({ timeout: 60_000 });
          expect(await page.locator("li").allTextContents()).toEqual(names);
          // The page's origin is not the server's: the browser asked first, then sent the token.
          expect(logged()).toMatch(/^OPTIONS \/api\/v3\/pet\/findByStatus - 204 /m);
          expect(logged()).toMatch(/^GET \/api\/v3\/pet\/findByStatus findPetsByStatus 200 /m);
        } finally {
          await browser.close();
          dev?.child.kill("SIGTERM");
          mock.kill("SIGTERM");
        }
      },
    );

    it("changes nothing when init runs again", () => {
      const before = appFiles();
      const again = workbench("init");
      expectRan("contract-workbench init, again", again);
      expect(again.stdout).toContain("init: nothing to change");
      expect(appFiles()).toEqual(before);
    });

    it("has the mock Service Worker that contract-workbench api copies from the app's msw, in the build", () => {
      expect(existsSync(join(app!.dir, ".storybook", "public", "mockServiceWorker.js"))).toBe(true);
      expect(existsSync(join(app!.dir, "storybook-static", "mockServiceWorker.js"))).toBe(true);
    });

    it("indexes a gallery story for every operation × declared status of the generated manifest", () => {
      const declared = manifest!.operations.flatMap((operation) =>
        operation.responses.map((response) => `${operation.operationId} ${response.status}`),
      );
      // Petstore: 19 operations, each with its success and error statuses.
      expect(declared.length).toBeGreaterThan(manifest!.operations.length);
      const gallery = Object.values(index).filter((entry) => entry.importPath.startsWith("virtual:contract-gallery/"));
      expect(gallery.map((entry) => `${entry.title.split("/").at(-1)} ${entry.name}`).sort()).toEqual(declared.sort());
      expect(gallery.map((entry) => entry.id).sort()).toEqual(
        galleryPairs(manifest!)
          .map((pair) => pair.id)
          .sort(),
      );
    });

    it("brings the package's own pages from node_modules: the gallery's front page and Contract/Coverage", () => {
      const pages = Object.values(index).filter((entry) => entry.title.startsWith("Contract/"));
      expect(pages.map((entry) => [entry.title, entry.type])).toEqual(
        expect.arrayContaining([
          ["Contract/Gallery", "story"],
          ["Contract/Coverage", "docs"],
        ]),
      );
      for (const page of pages) expect(page.importPath).toContain("node_modules/@contract-workbench/workbench/dist/");
      // The repository's internal demo stories stay out of the package.
      expect(Object.values(index).some((entry) => entry.title.startsWith("Workbench internals/"))).toBe(false);
    });

    it(
      "renders the pages and a secured and an open operation's stories from the static build, each matching the contract",
      { timeout: 300_000 },
      async () => {
        const { url, server } = await serveStatic(join(app!.dir, "storybook-static"), "/");
        const browser = await launchChromium();
        try {
          const opened = Object.values(index).filter(
            (entry) =>
              entry.title.startsWith("Contract/") ||
              OPENED_OPERATIONS.some((operationId) => entry.title.endsWith(`/${operationId}`)),
          );
          expect(opened.length).toBeGreaterThan(2 + OPENED_OPERATIONS.length);
          // Each story's play function waits for the answer and fails on a verdict against the contract.
          const failures = await openEntriesInPages(browser, url, opened, { pages: 1 });
          expect(formatFailures(failures)).toBe("");
          // Without an identity provider, a secured operation's story says that it calls unsigned.
          const page = await browser.newPage();
          const secured = opened.find((entry) => entry.title.endsWith("/findPetsByStatus") && entry.name === "200");
          await page.goto(`${url}iframe.html?id=${secured!.id}&viewMode=story`);
          await page.locator('[data-session="none"]').waitFor();
          await page.locator("[data-verdict]").waitFor();
          expect(await page.locator("[data-verdict]").getAttribute("data-verdict")).not.toBe("invalid");
        } finally {
          await browser.close();
          server.close();
        }
      },
    );
  },
);
