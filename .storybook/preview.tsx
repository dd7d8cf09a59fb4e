import type { A11yParameters } from "@storybook/addon-a11y";
import type { Preview } from "@storybook/react-vite";
import { QueryClientProvider } from "@tanstack/react-query";
import { mswLoader } from "msw-storybook-addon/csf3";
import { useState, type ReactNode } from "react";
import { configure } from "storybook/test";
import { keepMocking, startMockWorker } from "#mocks/browser.ts";
import { fixturesSession } from "#mocks/fixtures-session.ts";
import { mockedContracts } from "#mocks/generated/mocked-contracts.ts";
import { createQueryClient } from "@contract-workbench/runtime";
import { GALLERY_THEME_TAG } from "@contract-workbench/workbench/gallery";
import "@/styles/tokens.css";
import { a11yForRun } from "./theme-recheck.ts";
import { scenarioGlobalType, withContractViolations, withScenario } from "./scenario.tsx";
import { globalTypes, initialGlobals, viewportOptions, withWorkbenchGlobals } from "./workbench.tsx";

/** A fresh cache per story, retries off: every story starts from nothing and shows errors at once. */
function FreshQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient({ retry: false }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

// A mocked answer can come later than Testing Library's 1 s default while a dev server compiles:
// a story still showing "Loading…" must not fail for it. Stories that wait longer say so.
configure({ asyncUtilTimeout: 10_000 });

// In Vitest the tester page is not at the root but the worker is served there;
// everywhere else the worker sits beside iframe.html (which may be under a sub-path).
const workerUrl = import.meta.env.VITEST ? "/mockServiceWorker.js" : "mockServiceWorker.js";

const preview: Preview = {
  // Each story starts from the default data: what another story created, changed or deleted is gone
  // (in every contract whose answers are its fixtures' data; the registry, contracts.config.ts, lists them).
  // Before each story but the first (whose start checks it), the mock worker is checked to
  // still answer this page, and taken back when it stopped (packages/workbench/src/fixtures/worker/worker-liveness.ts).
  loaders: [
    mswLoader(() => startMockWorker(workerUrl)),
    () => keepMocking(),
    () => {
      for (const { fixtures, ownData } of mockedContracts) if (ownData) fixtures.resources.reset();
    },
  ],
  globalTypes: { ...globalTypes, ...scenarioGlobalType },
  initialGlobals: { ...initialGlobals, scenario: "default" },
  decorators: [
    (Story) => (
      <FreshQueryClient>
        <Story />
      </FreshQueryClient>
    ),
    withScenario,
    withContractViolations,
    withWorkbenchGlobals,
  ],
  parameters: {
    // An accessibility violation fails the story's test, not just a warning in the panel.
    a11y: { test: "error" },
    viewport: { options: viewportOptions },
    // A designer's order: the pages read first, then the components; the workbench's own
    // components (coverage matrix, schema view), in all their states, last and apart.
    options: {
      storySort: {
        order: [
          "Introduction",
          "Contract",
          ["Overview", "Gallery", "Coverage", "Mock data", "Paging", "Recorded answers", "*"],
          "Gallery",
          "Foundations",
          ["Tokens", "*"],
          "*",
          "Workbench internals",
        ],
      },
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  // Read by addon-a11y after the story: the dark project re-checks only what a theme changes,
  // but for the gallery's batches that run in the dark project alone; a run from the command line
  // keeps the violations' details only.
  beforeEach: ({ parameters, globals, tags }) => {
    const a11y = parameters.a11y as A11yParameters | undefined;
    parameters.a11y = a11yForRun(a11y, {
      globals,
      runsOnce: tags.includes(GALLERY_THEME_TAG.dark),
      standalone: import.meta.env.VITEST_STORYBOOK === "false",
    });
  },
  // msw-storybook-addon 3 still passes msw 2's `onUnhandledRequest`, which msw 3
  // ignores; our worker fails unhandled requests itself, and this makes the story fail.
  // Contract violations (a fixture or override that breaks the contract) fail it too.
  afterEach: async () => {
    for (const { fixtures } of mockedContracts) await fixtures.settled();
    const problems = fixturesSession.takeProblems();
    if (problems.length > 0) throw new Error(problems.join("\n"));
  },
};

export default preview;
