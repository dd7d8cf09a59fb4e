// Where visual baselines live and which stories have them; read by vite.config.ts (Node),
// the capture setup (browser) and the update script, so they never disagree.

export type Theme = "light" | "dark";

/** The themes every story is captured in, one Vitest project each. */
export const THEMES: readonly Theme[] = ["light", "dark"];

/** The Vitest project that runs every story in `theme` (the light one keeps the plain name). */
export function storyProject(theme: Theme): string {
  return theme === "light" ? "storybook" : `storybook-${theme}`;
}

/** Committed baselines, one folder per browser and platform (`chromium-linux`). */
export const BASELINE_DIR = "tests/visual/baselines";

/** Actual and diff images of a failed comparison (git-ignored). */
export const OUTPUT_DIR = ".cache/visual";

/**
 * Stories whose pixels follow the API contract rather than the design: the contract
 * overview, the mock data page, the gallery's, coverage's and fixtures' own stories, and the mock
 * worker's. They
 * change whenever the contract does, which `npm run api:check` and their play functions already
 * police (docs/decisions/0008). The paging and recorded-answers pages draw a fixed test
 * contract's list with the product's components: they have baselines.
 */
const CONTRACT_STORIES = [
  /\/src\/app\/contract-overview\.stories\.tsx$/,
  /\/packages\/workbench\/src\/mock-data\/mock-data\.stories\.tsx$/,
  /\/packages\/workbench\/src\/(gallery|coverage|fixtures)\//,
  /\/mocks\/worker-liveness\.stories\.tsx$/,
];

/** Whether the stories of this file are compared with baselines. */
export function isCoveredByBaselines(storyFile: string): boolean {
  const path = storyFile.replaceAll("\\", "/");
  return !CONTRACT_STORIES.some((pattern) => pattern.test(path));
}
