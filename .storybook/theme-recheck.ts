// What a second theme re-checks (docs/decisions/0040-a-second-theme-rechecks-what-it-changes.md):
// a theme changes colours, so axe runs only the rules that read them there; the structural rules
// run once, in the light theme, which every story passes too.
import type { A11yParameters } from "@storybook/addon-a11y";

/** The global the dark story project sets (tests/setup/projects.ts); the Storybook UI never does. */
export const THEME_RECHECK_GLOBAL = "themeRecheck";

/** The axe rules whose verdict a theme can change: text contrast, and links told apart by colour alone. */
export const THEME_RULES = ["color-contrast", "link-in-text-block"] as const;

/**
 * The story's `a11y` parameters for this run: unchanged, unless the project re-checks a theme and
 * the story runs in no other project (the gallery's batches run in one theme only, so all rules).
 */
export function a11yForRun(
  a11y: A11yParameters | undefined,
  globals: Record<string, unknown>,
  runsOnce: boolean,
): A11yParameters | undefined {
  if (globals[THEME_RECHECK_GLOBAL] !== true || runsOnce) return a11y;
  return { ...a11y, options: { ...a11y?.options, runOnly: { type: "rule", values: [...THEME_RULES] } } };
}
