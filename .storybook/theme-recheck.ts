// What a story's axe check does in this run (docs/decisions/0040-a-second-theme-rechecks-what-it-changes.md,
// 0042-a-command-line-run-keeps-axe-s-violations-only.md): a second theme re-checks only the rules
// that read colours (the structural rules run once, in the light theme, which every story passes
// too); a run from the command line keeps the details of violations only, as nobody reads the rest.
import type { A11yParameters } from "@storybook/addon-a11y";

/** The global the dark story project sets (tests/setup/projects.ts); the Storybook UI never does. */
export const THEME_RECHECK_GLOBAL = "themeRecheck";

/** The axe rules whose verdict a theme can change: text contrast, and links told apart by colour alone. */
export const THEME_RULES = ["color-contrast", "link-in-text-block"] as const;

/** Where the story runs: its globals, whether no other project runs it, whether Vitest runs from the command line. */
export interface A11yRun {
  globals: Record<string, unknown>;
  /** The story runs in this project only (a gallery batch of the dark project): every rule. */
  runsOnce: boolean;
  /**
   * `vitest run` from a terminal, not Storybook's test widget (@storybook/addon-vitest sets
   * `VITEST_STORYBOOK` to "false" for it): the report of passed and incomplete rules goes nowhere.
   */
  standalone: boolean;
}

/**
 * The story's `a11y` parameters for this run: unchanged in the Storybook UI; in a run from the
 * command line, axe details the violations only (`resultTypes`: a passed or incomplete rule keeps
 * one node, not all of them, which axe then need not describe and Vitest need not carry); in a
 * project that re-checks a theme, the colour rules only, unless no other project runs the story.
 * Which rules run and what fails are the same either way.
 */
export function a11yForRun(
  a11y: A11yParameters | undefined,
  { globals, runsOnce, standalone }: A11yRun,
): A11yParameters | undefined {
  const recheck = globals[THEME_RECHECK_GLOBAL] === true && !runsOnce;
  if (!recheck && !standalone) return a11y;
  return {
    ...a11y,
    options: {
      ...a11y?.options,
      ...(standalone ? { resultTypes: ["violations"] } : {}),
      ...(recheck ? { runOnly: { type: "rule", values: [...THEME_RULES] } } : {}),
    },
  };
}
