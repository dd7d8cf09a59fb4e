import { describe, expect, it } from "vitest";
import { a11yForRun, THEME_RECHECK_GLOBAL, THEME_RULES } from "../../.storybook/theme-recheck.ts";

const recheck = { theme: "dark", [THEME_RECHECK_GLOBAL]: true };

describe("what a second theme re-checks with axe", () => {
  it("runs every rule in the light project, and in the Storybook UI whatever the theme", () => {
    const a11y = { test: "error" as const, options: { rules: { region: { enabled: false } } } };
    expect(a11yForRun(a11y, { theme: "light" }, false)).toBe(a11y);
    expect(a11yForRun(a11y, { theme: "dark" }, false)).toBe(a11y);
  });

  it("runs only the colour rules in the dark project, keeping the story's other parameters", () => {
    const a11y = { test: "error" as const, options: { rules: { region: { enabled: false } } } };
    expect(a11yForRun(a11y, recheck, false)).toEqual({
      test: "error",
      options: { rules: { region: { enabled: false } }, runOnly: { type: "rule", values: [...THEME_RULES] } },
    });
    expect(a11yForRun(undefined, recheck, false)).toEqual({
      options: { runOnly: { type: "rule", values: ["color-contrast", "link-in-text-block"] } },
    });
  });

  it("runs every rule on a story the dark project alone runs (a gallery batch)", () => {
    const a11y = { test: "error" as const };
    expect(a11yForRun(a11y, recheck, true)).toBe(a11y);
  });
});
