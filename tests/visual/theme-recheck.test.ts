import { describe, expect, it } from "vitest";
import { a11yForRun, THEME_RECHECK_GLOBAL, THEME_RULES } from "../../.storybook/theme-recheck.ts";

const recheck = { theme: "dark", [THEME_RECHECK_GLOBAL]: true };
const inTheUi = { runsOnce: false, standalone: false };

describe("what a story's axe check does in a run", () => {
  it("runs every rule in the light project, and in the Storybook UI whatever the theme", () => {
    const a11y = { test: "error" as const, options: { rules: { region: { enabled: false } } } };
    expect(a11yForRun(a11y, { ...inTheUi, globals: { theme: "light" } })).toBe(a11y);
    expect(a11yForRun(a11y, { ...inTheUi, globals: { theme: "dark" } })).toBe(a11y);
  });

  it("runs only the colour rules in the dark project, keeping the story's other parameters", () => {
    const a11y = { test: "error" as const, options: { rules: { region: { enabled: false } } } };
    expect(a11yForRun(a11y, { ...inTheUi, globals: recheck })).toEqual({
      test: "error",
      options: { rules: { region: { enabled: false } }, runOnly: { type: "rule", values: [...THEME_RULES] } },
    });
    expect(a11yForRun(undefined, { ...inTheUi, globals: recheck })).toEqual({
      options: { runOnly: { type: "rule", values: ["color-contrast", "link-in-text-block"] } },
    });
  });

  it("runs every rule on a story the dark project alone runs (a gallery batch)", () => {
    const a11y = { test: "error" as const };
    expect(a11yForRun(a11y, { globals: recheck, runsOnce: true, standalone: false })).toBe(a11y);
  });

  it("keeps the violations' details only in a run from the command line, the rules chosen as before", () => {
    const a11y = { test: "error" as const, options: { rules: { region: { enabled: false } } } };
    expect(a11yForRun(a11y, { globals: { theme: "light" }, runsOnce: false, standalone: true })).toEqual({
      test: "error",
      options: { rules: { region: { enabled: false } }, resultTypes: ["violations"] },
    });
    expect(a11yForRun(a11y, { globals: recheck, runsOnce: false, standalone: true })).toEqual({
      test: "error",
      options: {
        rules: { region: { enabled: false } },
        resultTypes: ["violations"],
        runOnly: { type: "rule", values: [...THEME_RULES] },
      },
    });
  });
});
