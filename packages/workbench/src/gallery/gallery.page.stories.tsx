import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { manifest } from "virtual:contract-workbench/product";
import { galleryGroups, GalleryOverview } from "./gallery-overview.tsx";

/**
 * The contract gallery. This page is its front; its other stories, one per operation ×
 * declared status under "Gallery", are generated from src/api/manifest.json by
 * packages/workbench/src/gallery/contract-gallery.ts (docs/decisions/0009-contract-gallery-and-coverage.md):
 * Storybook lists them through an indexer and loads them from one small module per
 * operation; under Vitest they are added to this module, so each runs as a test.
 */
const meta = {
  title: "Contract/Gallery",
  // Literal, as Storybook reads tags from the source; the same tag as every gallery story (GALLERY_TAG).
  tags: ["gallery"],
  // The manifest is the page's data, not an arg: as one, a large contract's would be sent to the
  // manager and offered in Controls as JSON to edit.
  parameters: { layout: "padded" },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the gallery holds for the contract in openapi/ today. */
export const Overview: Story = {
  render: () => <GalleryOverview manifest={manifest} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Contract gallery" })).toBeVisible();
    if (manifest.operations.length === 0) {
      await expect(canvas.getByRole("heading", { name: "No operations yet" })).toBeVisible();
    } else {
      // Plain DOM: one row per folder, and a large contract has dozens.
      const tags = new Set(galleryGroups(manifest));
      await expect(canvasElement.querySelectorAll("tbody tr")).toHaveLength(tags.size);
    }
  },
};
