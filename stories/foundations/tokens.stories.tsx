import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { readTokens, TokenCatalogue } from "./token-catalogue.tsx";

/** Design tokens, rendered from the stylesheet the components use. Switch the theme in the toolbar. */
const meta = {
  title: "Foundations/Tokens",
  component: TokenCatalogue,
  parameters: { layout: "fullscreen" },
  render: (_args, { globals }) => <TokenCatalogue theme={String(globals.theme)} />,
} satisfies Meta<typeof TokenCatalogue>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The token a row shows, and the value the page really resolves for it now. */
function rowValue(canvasElement: HTMLElement, name: string) {
  const row = canvasElement.querySelector(`tr[data-token="${name}"]`);
  const computed = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return { shown: row?.querySelectorAll("code")[1]?.textContent, computed };
}

export const Light: Story = {
  globals: { theme: "light" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const title of ["Colour roles", "Spacing", "Radius", "Type", "Elevation", "Focus", "Motion"]) {
      await expect(canvas.getByRole("heading", { name: title })).toBeVisible();
    }
    // Every token of the stylesheet is listed, with the value the page resolves.
    const tokens = readTokens();
    await expect(tokens.length).toBeGreaterThan(20);
    await expect(canvasElement.querySelectorAll("tr[data-token]")).toHaveLength(tokens.length);
    const background = rowValue(canvasElement, "--color-bg");
    await expect(background.shown).toBe(background.computed);
    // Resolved by the browser: the token's text differs between builds (`#ffffff`, `#fff`).
    await expect(getComputedStyle(document.body).backgroundColor).toBe("rgb(255, 255, 255)");
    // The type tokens name faces the project bundles (woff2 files in the build), not system fonts.
    for (const family of ['"Inter Variable"', '"JetBrains Mono Variable"']) {
      await expect(await document.fonts.load(`1rem ${family}`, "Aa")).not.toHaveLength(0);
    }
    await expect(getComputedStyle(document.body).fontFamily).toMatch(/^"Inter Variable"/);
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    const background = rowValue(canvasElement, "--color-bg");
    await expect(background.shown).toBe(background.computed);
    await expect(getComputedStyle(document.body).backgroundColor).not.toBe("rgb(255, 255, 255)");
    // Elevation has its own dark values: a shadow alone barely shows on a dark page, so a
    // faint 1px edge (a spread-only shadow) separates the surface. (Matched on its geometry:
    // a production build rewrites the colour's notation.)
    const shadow = rowValue(canvasElement, "--shadow-md");
    await expect(shadow.shown).toBe(shadow.computed);
    await expect(shadow.computed).toMatch(/\b0 0 0 1px\b/);
  },
};

export const ReducedMotion: Story = {
  globals: { motion: "reduced" },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveAttribute("data-motion", "reduced");
    // Zero in any notation (`0ms` here, `0s` once a production build has minified it).
    await expect(Number.parseFloat(rowValue(canvasElement, "--duration-fast").shown ?? "")).toBe(0);
  },
};

export const RightToLeft: Story = {
  globals: { direction: "rtl" },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    const header = canvasElement.querySelector("th");
    await expect(header && getComputedStyle(header).direction).toBe("rtl");
  },
};
