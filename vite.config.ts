import react from "@vitejs/plugin-react";
import { msw } from "msw/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { contractWatch } from "@contract-workbench/workbench/vite";
import { ignoreScratchCopies } from "./tooling/dev-watch.ts";
import { suiteProjects } from "./tests/setup/projects.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const src = fileURLToPath(new URL("./src", import.meta.url));

export default defineConfig({
  // msw() serves the mock Service Worker to `npm run dev` without a copy in public/,
  // so the production build never contains it.
  // contractWatch() regenerates from openapi/ on save while `npm start` or `npm run dev` runs.
  plugins: [react(), msw(), contractWatch({ root })],
  resolve: {
    alias: {
      "@": src,
      // What the app lends the workbench package's gallery and pages (.storybook/product.ts).
      "virtual:contract-workbench/product": fileURLToPath(new URL("./.storybook/product.ts", import.meta.url)),
    },
  },
  server: { watch: { ignored: [ignoreScratchCopies(root)] } },
  test: {
    // The app's suite (tests/setup/projects.ts); the workbench's is packages/workbench/vitest.config.ts.
    // The contract coverage reporter keeps what each test exercised for `npm run coverage:contract`.
    reporters: ["default", "@contract-workbench/workbench/coverage/reporter"],
    // `expect.poll` gives up after 1 s by default: a browser under a full suite's load can take longer to render.
    expect: { poll: { timeout: 15_000 } },
    // Every core: Vitest's default (cores − 1) is one file at a time on two (decision 41).
    maxWorkers: "100%",
    projects: suiteProjects("app"),
  },
});
