// Both suites in one run, as `npm test` runs them: the app's (vite.config.ts) and the workbench's
// (packages/workbench/vitest.config.ts) side by side, so that neither waits for the other.
import { defineConfig } from "vitest/config";
import app from "./vite.config.ts";
import { suiteProjects } from "./tests/setup/projects.ts";

export default defineConfig({
  ...app,
  test: {
    ...app.test,
    // Vitest's default, one file at a time on two cores: the end-to-end files, which must run one at
    // a time, then run beside the story pages instead of after every other file (decision 41).
    maxWorkers: undefined,
    projects: [...suiteProjects("app"), ...suiteProjects("workbench")],
  },
});
