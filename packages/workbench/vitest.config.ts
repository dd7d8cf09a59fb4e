// The workbench's own suite (`npm test` here, `npm run test:workbench` at the repository's root):
// the packages' proofs, run from the repository's root with the app's Vite configuration, since
// they build, serve and copy that app (docs/scripts.md, "Two suites").
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import app from "../../vite.config.ts";
import { suiteProjects } from "../../tests/setup/projects.ts";

export default defineConfig({
  ...app,
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: { ...app.test, projects: suiteProjects("workbench") },
});
