import { expect } from "storybook/test";

/**
 * For keyboard play functions: `element` has focus and shows it. It must match
 * `:focus-visible` (the browser decided focus came from the keyboard) and draw the
 * project's focus ring, an outline (src/styles/tokens.css), so a restyle that removes
 * or hides the ring fails the story instead of passing unnoticed.
 */
export async function expectFocusVisible(element: Element): Promise<void> {
  await expect(element).toHaveFocus();
  await expect(element.matches(":focus-visible"), "the focused element matches :focus-visible").toBe(true);
  const { outlineStyle, outlineWidth, outlineColor } = getComputedStyle(element);
  const ring = `outline: ${outlineStyle} ${outlineWidth} ${outlineColor}`;
  await expect(outlineStyle, `the focus ring is drawn (${ring})`).not.toBe("none");
  await expect(Number.parseFloat(outlineWidth), `the focus ring has a width (${ring})`).toBeGreaterThanOrEqual(2);
  await expect(outlineColor, `the focus ring has a colour (${ring})`).not.toBe("rgba(0, 0, 0, 0)");
}
