// The Vitest projects of the repository's two suites (docs/scripts.md, "Two suites"): the app's
// (what `contract-workbench init` gives a team as its `npm test`: the product's tests, its stories in
// Chromium, the contract's gallery) and the workbench's (the packages' own proofs: scratch copies,
// nested builds, walks, hostile input, the adoption test). vite.config.ts runs the app's,
// packages/workbench/vitest.config.ts the workbench's, vitest.repo.config.ts both in one run.
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, type TestProjectInlineConfiguration } from "vitest/config";
import { GALLERY_THEME_TAG } from "@contract-workbench/workbench/gallery";
import { THEME_RECHECK_GLOBAL } from "../../.storybook/theme-recheck.ts";
import { CHROMIUM_ARGS, findChromium } from "../harness/chromium.ts";
import { BASELINE_DIR, OUTPUT_DIR, storyProject, THEMES, type Theme } from "../visual/baselines.ts";
import { compareScreenshots } from "../visual/compare.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const storybookConfigDir = join(root, ".storybook");

/**
 * Real Chromium (the system's), headless, for every browser test. A fresh object per
 * project: Vitest names the instances in place, so two projects must not share them.
 */
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } }),
  instances: [{ browser: "chromium" as const }],
  expect: {
    // Visual baselines (tests/visual/capture.ts, docs/decisions/0008-visual-baselines.md).
    toMatchScreenshot: {
      // Vitest's own pixelmatch comparator decides (it skips decoding when the PNGs are
      // byte-identical, the usual case); ours only redraws a failed size change as a diff.
      comparators: { "any-size": compareScreenshots },
      screenshotOptions: { animations: "disabled" as const, caret: "hide" as const, scale: "css" as const },
      // How long two captures in a row may take to agree: a story can settle later than Vitest's
      // 5 s default while other work shares the processor; one that never settles fails at 30 s.
      timeout: 30_000,
      resolveScreenshotPath: ({ arg, ext, root, browserName, platform }: PathData) =>
        join(root, BASELINE_DIR, `${browserName}-${platform}`, `${arg}${ext}`),
      resolveDiffPath: ({ arg, ext, root }: PathData) => join(root, OUTPUT_DIR, `${arg}${ext}`),
    },
  },
});

interface PathData {
  arg: string;
  ext: string;
  root: string;
  browserName: string;
  platform: string;
}

/** The light project checks everything; another theme re-checks what a theme changes (.storybook/theme-recheck.ts). */
const projectGlobals = (theme: Theme) => (theme === "light" ? { theme } : { theme, [THEME_RECHECK_GLOBAL]: true });

/**
 * Every story as a test in Chromium, in one theme: play function, axe, console errors,
 * unhandled requests, then its visual baseline. One project per theme, as
 * @storybook/addon-vitest recommends, so a dark story is rendered dark from the start
 * and axe checks its contrast too. The dark project re-checks what a theme changes: axe's colour
 * rules, after the play function, and the dark baseline; the structural rules run in light.
 *
 * The contract gallery (one generated story per operation × declared status, thousands
 * on a large contract) runs each story once, in one theme: its batches alternate between
 * the two projects (GALLERY_THEME_TAG). Its stories render the same
 * components as the hand-written ones, which both themes check, and their data does not
 * change with the theme (docs/scripts.md, "What is checked where").
 */
function storybookProject(theme: Theme): TestProjectInlineConfiguration {
  const other = GALLERY_THEME_TAG[theme === "light" ? "dark" : "light"];
  const tags = { tags: { exclude: [other] } };
  return {
    extends: true,
    plugins: [storybookTest({ configDir: storybookConfigDir, initialGlobals: projectGlobals(theme), ...tags })],
    test: {
      name: storyProject(theme),
      browser: browser(),
      provide: { visualTheme: theme },
      globalSetup: ["tests/setup/require-chromium.ts"],
      setupFiles: ["tests/setup/storybook.ts", "tests/visual/capture.ts"],
      // A real contract's overview is a table of a thousand operations or more, and a gallery
      // batch renders twenty responses: axe takes tens of seconds on them on two busy cores,
      // more than Vitest's default 15 s allows. 120 s, as the e2e project has.
      testTimeout: 120_000,
    },
  };
}

/**
 * Which project runs a test is read from its file name, never from a list of paths
 * (docs/decisions/0022-test-projects-and-shared-setups.md), and each project is named for what
 * it runs: `x.test.ts` modules in Node, no servers, no browser (`node`); `x.dom.test.ts(x)` jsdom
 * (`dom`); `x.dom-isolated.test.ts(x)` jsdom with a module graph of its own (`dom-isolated`);
 * `x.e2e.test.ts` commands, dev servers, Chromium, scratch copies (`e2e`); `x.emulator.test.ts`
 * the Firebase Auth emulator (`emulator`); `x.test-d.ts` types (`types`).
 */
const TESTS = {
  node: "*.test.{ts,tsx}",
  dom: "*.dom.test.{ts,tsx}",
  "dom-isolated": "*.dom-isolated.test.{ts,tsx}",
  e2e: "*.e2e.test.ts",
  emulator: "*.emulator.test.ts",
  types: "*.test-d.{ts,tsx}",
} as const;
type Layer = keyof typeof TESTS;
/** Which folders hold each suite's tests: the app's own, and the packages' with the repository's tooling. */
const SUITE_FOLDERS = {
  app: "{src,mocks,stories,tests}",
  workbench: "{packages,scripts,tooling,tests/repository}",
} as const;
/** The repository's own tooling proofs (its lint zones, its compilers, its baselines' update) are not the app's. */
const NOT_THE_SUITES = { app: ["tests/repository/**"], workbench: [] } as const;
export type Suite = keyof typeof SUITE_FOLDERS;
/** A workbench project's name: the app's layer names stay as an adopting app has them. */
const named = (layer: string, suite: Suite) => (suite === "app" ? layer : `workbench:${layer}`);

/**
 * A layer's files in the folders that hold tests (not the scratch copies in .cache/, nor
 * the fixture apps that tests copy into one and run there).
 */
const testsOf = (layer: Layer, suite: Suite) => [`${SUITE_FOLDERS[suite]}/**/${TESTS[layer]}`];
const NOT_TESTS_HERE = [...configDefaults.exclude, "**/fixture-app/**"];
/** What a suite's projects leave out: what is no test here, and the other suite's files in its folders. */
const excluded = (suite: Suite) => [...NOT_TESTS_HERE, ...NOT_THE_SUITES[suite]];
/** The plain `x.test.ts` matches every other layer's name too: those are not the `node` project's. */
const LAYERED = (["dom", "dom-isolated", "e2e", "emulator"] as const).map((layer) => `**/${TESTS[layer]}`);

/**
 * The unit layers (`node`, `dom`, `dom-isolated`) use every core in every run, the whole run's
 * included, whose default is one worker (decision 43): Vitest runs them in a group before the
 * files that go one at a time, so on one worker they held back the end-to-end chain, the run's
 * critical path, for as long as they took.
 */
const UNIT_WORKERS = "100%";

/**
 * The jsdom projects: components and the API layer, the network answered by MSW in Node.
 * `dom-isolated` files each get a module graph of their own: they load the app's singletons
 * (the identity SDK's one Auth instance, analytics' consent and recorder) or patch globals
 * (fake-indexeddb, Firebase's app registry), which would carry over into the next file of a
 * shared graph.
 */
function domProject(name: "dom" | "dom-isolated", isolated: boolean, suite: Suite): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: named(name, suite),
      environment: "jsdom",
      include: testsOf(name, suite),
      exclude: excluded(suite),
      setupFiles: ["tests/setup/dom.ts"],
      maxWorkers: UNIT_WORKERS,
      // A fresh module graph and jsdom per file cost about 0.8 s a file for 0.1 s of tests: the
      // files that need none share one (Vitest's "per-file isolation settings" recipe).
      isolate: isolated,
      // A whole flow (the app signing up through the identity SDK) is many mocked round trips:
      // Vitest's default 5 s is a deadline a shared processor can miss; a hung flow still fails.
      testTimeout: 20_000,
    },
  };
}

/** One suite's projects, each layer as the file names say. */
export function suiteProjects(suite: Suite): TestProjectInlineConfiguration[] {
  return [
    domProject("dom", false, suite),
    domProject("dom-isolated", true, suite),
    {
      extends: true,
      test: {
        name: named("types", suite),
        include: [],
        typecheck: {
          enabled: true,
          only: true,
          include: testsOf("types", suite),
          exclude: excluded(suite),
          tsconfig: "tsconfig.json",
          // TypeScript 7's native compiler, as `npm run typecheck` (5.9 stays for openapi-typescript's
          // API only): the same diagnostics (tests/repository/typecheck.e2e.test.ts) in about a third of the time.
          checker: join(root, "node_modules", "typescript7", "bin", "tsc"),
        },
      },
    },
    // `storybook` (light) and `storybook-dark`: the app's Storybook, whichever suite asks.
    ...(suite === "app" ? THEMES.map(storybookProject) : []),
    {
      // Plain `x.test.ts`: modules in Node (the workbench's generation, fixtures, coverage, the
      // gallery's index, the API layer, the harness's own helpers): no servers, no browser, no
      // module state of a file's own, so the files share one module graph, as the `dom` files do.
      extends: true,
      test: {
        name: named("node", suite),
        environment: "node",
        include: testsOf("node", suite),
        exclude: [...excluded(suite), ...LAYERED],
        isolate: false,
        maxWorkers: UNIT_WORKERS,
        // The property tests and the batches over a large contract's pairs take seconds beside
        // the whole suite: Vitest's default 5 s is too tight.
        testTimeout: 30_000,
      },
    },
    {
      // End to end: the commands as a developer runs them (`npm run api`, the dev servers, the
      // builds, Storybook in Chromium, in scratch copies).
      extends: true,
      test: {
        name: named("e2e", suite),
        environment: "node",
        include: testsOf("e2e", suite),
        exclude: excluded(suite),
        // The setups the files share (a scratch copy per contract, its static Storybook and dev
        // servers, one Chromium), each made when a file first asks for it (tests/harness/shared.ts).
        globalSetup: ["tests/setup/require-chromium.ts", "tests/setup/shared-setups.ts"],
        // One file at a time, wherever it runs: the files share dev servers, and a file that proves
        // a dev server reloads on a watched change reloads every page that server serves.
        fileParallelism: false,
        testTimeout: 120_000,
        hookTimeout: 240_000,
      },
    },
    {
      // The identity fixtures against the real provider (the Firebase Auth emulator),
      // started once per run in the background by its globalSetup.
      extends: true,
      test: {
        name: named("emulator", suite),
        environment: "node",
        include: testsOf("emulator", suite),
        exclude: excluded(suite),
        globalSetup: ["tests/setup/require-chromium.ts", "tests/setup/auth-emulator.ts"],
        // One emulator, whose accounts the agreement tests clear: one file at a time.
        fileParallelism: false,
        testTimeout: 120_000,
        hookTimeout: 240_000,
      },
    },
  ];
}
