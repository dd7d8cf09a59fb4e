// Both suites in one run, as `npm test` runs them: the app's (vite.config.ts) and the workbench's
// (packages/workbench/vitest.config.ts) side by side, so that neither waits for the other.
import { defineConfig } from "vitest/config";
import app from "./vite.config.ts";
import { suiteProjects } from "./tests/setup/projects.ts";

export default defineConfig({
  ...app,
  test: { ...app.test, projects: [...suiteProjects("app"), ...suiteProjects("workbench")] },
});
