import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { msw } from "msw/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { contractWatch } from "./scripts/lib/vite-plugin-contract.ts";
import { CHROMIUM_ARGS, findChromium } from "./tests/setup/chromium.ts";

const src = fileURLToPath(new URL("./src", import.meta.url));

/** Real Chromium (the system's), headless, for every browser test. */
const browser = {
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } }),
  instances: [{ browser: "chromium" as const }],
};

export default defineConfig({
  // msw() serves the mock Service Worker to `npm run dev` without a copy in public/,
  // so the production build never contains it.
  // contractWatch() regenerates from openapi/ on save while `npm start` or `npm run dev` runs.
  plugins: [react(), msw(), contractWatch({ root: fileURLToPath(new URL(".", import.meta.url)) })],
  resolve: { alias: { "@": src } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/unit.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "types",
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ["src/**/*.test-d.{ts,tsx}", "tests/**/*.test-d.{ts,tsx}"],
            tsconfig: "tsconfig.json",
          },
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
        test: {
          name: "storybook",
          browser,
          globalSetup: ["tests/setup/require-chromium.ts"],
          setupFiles: ["tests/setup/storybook.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["tests/**/*.test.ts", "scripts/**/*.test.ts"],
          globalSetup: ["tests/setup/require-chromium.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
