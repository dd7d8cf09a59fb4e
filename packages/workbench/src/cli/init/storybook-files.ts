// What `init` writes for an app that has no Storybook of its own.

/** The devDependencies the files below import, at the versions this workbench is tested with. */
export const STORYBOOK_DEV_DEPENDENCIES: Record<string, string> = {
  storybook: "10.6.7",
  "@storybook/react-vite": "10.6.7",
  // The Contract/Coverage page is MDX, which Storybook's docs addon compiles.
  "@storybook/addon-docs": "10.6.7",
  // Every story checked by axe, as Storybook's own initializer sets an app up.
  "@storybook/addon-a11y": "10.6.7",
  msw: "3.0.5",
  "msw-storybook-addon": "3.0.3",
};

/** What the app's suite (`contract-workbench test`) runs its stories with: Storybook's Vitest addon in Chromium. */
export const TEST_DEV_DEPENDENCIES: Record<string, string> = {
  vitest: "5.1.1",
  "@vitest/browser": "5.1.1",
  "@vitest/browser-playwright": "5.1.1",
  "@storybook/addon-vitest": "10.6.7",
  playwright: "1.65.1",
};

const VITEST_CONFIG = `import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

// The app's suite (\`npm test\`, which runs \`contract-workbench test\`): every story, the contract's
// gallery among them, as a test in Chromium; each exchange is checked against the contract, and
// what the hand-written stories reached is recorded for \`contract-workbench coverage\`.
const chromium = process.env.CHROMIUM_PATH;

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      reporters: ["default", "@contract-workbench/workbench/coverage/reporter"],
      projects: [
        {
          extends: true,
          plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
          test: {
            name: "storybook",
            setupFiles: ["./.storybook/vitest.setup.ts"],
            browser: {
              enabled: true,
              headless: true,
              // A system Chromium (CHROMIUM_PATH), else Playwright's own (\`npx playwright install chromium\`).
              provider: playwright(chromium ? { launchOptions: { executablePath: chromium } } : {}),
              instances: [{ browser: "chromium" }],
            },
          },
        },
      ],
    },
  }),
);
`;

const VITEST_SETUP = `import { recordContractCoverage } from "@contract-workbench/workbench/coverage";
import { GALLERY_TAG } from "@contract-workbench/workbench/gallery";

// What each hand-written story exercised, for \`contract-workbench coverage\`; the gallery's stories
// call every operation by construction, which says nothing about the screens.
recordContractCoverage({
  ignore: (context) => (context as { story?: { tags: string[] } }).story?.tags.includes(GALLERY_TAG) ?? false,
});
`;

const MAIN = `import { defineMain } from "@storybook/react-vite/node";

export default defineMain({
  framework: "@storybook/react-vite",
  // The app's own stories; the contract gallery and the Contract pages come with the workbench's preset.
  stories: ["../src/**/*.mdx", "../src/**/*.stories.@(ts|tsx)"],
  // The preset renders through the binding in ./product.ts (its \`product\` option names another file).
  addons: [
    "@storybook/addon-docs",
    "@storybook/addon-a11y",
    "@storybook/addon-vitest",
    "@contract-workbench/workbench/storybook",
  ],
  // The mock Service Worker, which \`contract-workbench api\` copies here from the app's msw.
  staticDirs: ["./public"],
  core: { disableTelemetry: true },
});
`;

const PREVIEW = `import type { Preview } from "@storybook/react-vite";
import { QueryClientProvider } from "@tanstack/react-query";
import { setupWorker } from "msw/browser";
import { mswLoader } from "msw-storybook-addon/csf3";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "@contract-workbench/runtime";
import { unhandledPolicy } from "@contract-workbench/workbench/fixtures";
import { takeWorkerUpdateRace } from "@contract-workbench/workbench/fixtures/browser";
import { fixturesSession } from "#mocks/fixtures-session.ts";
import { fixtures } from "#mocks/generated/fixtures.ts";

/** The contract's fixtures answer every request in the browser; each exchange is checked against the contract. */
async function startMockWorker() {
  const worker = setupWorker(...fixtures.handlers);
  fixtures.observe(worker.events);
  const script = new URL("mockServiceWorker.js", document.baseURI);
  // MSW's start updates the worker unawaited; a page closing meanwhile must not fail the story.
  takeWorkerUpdateRace(window, script.href);
  await worker.start({
    quiet: true,
    serviceWorker: { url: script.pathname },
    onUnhandledFrame: unhandledPolicy(fixturesSession, (request) => fixtures.operationFor(request)),
  });
  return worker;
}

/** A fresh cache per story, retries off: every story starts from nothing and shows errors at once. */
function FreshQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient({ retry: false }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const preview: Preview = {
  // Each story starts from the fixtures' default data.
  loaders: [mswLoader(startMockWorker), () => fixtures.resources.reset()],
  // An accessibility violation fails the story's test, not only a line in the Accessibility panel.
  parameters: { a11y: { test: "error" } },
  // From a terminal (\`vitest run\`; Storybook's test widget sets "true") nobody reads axe's report of
  // what passed: it keeps the details of violations only, which fail the story as before, and a large
  // gallery runs faster.
  beforeEach: ({ parameters }) => {
    if (import.meta.env.VITEST_STORYBOOK === "false") {
      parameters.a11y = { ...parameters.a11y, options: { ...parameters.a11y?.options, resultTypes: ["violations"] } };
    }
  },
  decorators: [
    (Story) => (
      <FreshQueryClient>
        <Story />
      </FreshQueryClient>
    ),
  ],
  // A mocked answer that breaks the contract, or a request nothing answers, fails the story.
  afterEach: async () => {
    await fixtures.settled();
    const problems = fixturesSession.takeProblems();
    if (problems.length > 0) throw new Error(problems.join("\\n"));
  },
};

export default preview;
`;

const PRODUCT = `// What this app lends the contract workbench's gallery and pages: its hooks, its contract's
// fixtures, and the components they render with. The package's default components stand in
// until the app has its own: export the app's Button, EmptyState, … from here instead.
export { api, manifest } from "../src/api/index.ts";
export { fixtures } from "#mocks/generated/fixtures.ts";
export {
  Button,
  EmptyState,
  ErrorState,
  Spinner,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from "@contract-workbench/workbench/ui";

/**
 * No identity provider yet: the stories of operations that require credentials render without
 * signing in, and say so. An app with one exports \`{ loadIdentity, SessionProvider, useSession,
 * fixtures, seededUsers, manifest }\` here (the workbench's gallery README).
 */
export const identity = undefined;
`;

/** The Storybook files of an app that has none, by path relative to the app's root. */
export function storybookFiles(): Record<string, string> {
  return { ".storybook/main.ts": MAIN, ".storybook/preview.tsx": PREVIEW, ".storybook/product.ts": PRODUCT };
}

/** The app's test setup beside a Storybook init wrote: its stories as tests in Chromium, coverage recorded. */
export function testFiles(): Record<string, string> {
  return { "vitest.config.ts": VITEST_CONFIG, ".storybook/vitest.setup.ts": VITEST_SETUP };
}
