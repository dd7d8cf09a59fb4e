import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { manifest } from "@/api/manifest";
import { ContractOverview } from "@/app/contract-overview";

/** What the contract in openapi/ holds now; refreshed by `npm run api`. */
const meta = {
  title: "Contract/Overview",
  component: ContractOverview,
  parameters: { layout: "padded" },
} satisfies Meta<typeof ContractOverview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The contract as it is in the repository today. */
export const Current: Story = {
  args: { manifest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: new RegExp(manifest.title) })).toBeVisible();
    if (manifest.operations.length === 0) {
      await expect(canvas.getByRole("heading", { name: "No operations yet" })).toBeVisible();
      await expect(canvas.getByText(/npm run api/)).toBeVisible();
    } else {
      const rows = canvas.getAllByRole("row");
      await expect(rows).toHaveLength(manifest.operations.length + 1);
    }
  },
};

/** How the page reads once operations arrive (an illustrative manifest, not the product's). */
export const WithOperations: Story = {
  args: {
    manifest: {
      title: "Example API",
      version: "1.2.0",
      openapi: "3.1.0",
      schemas: ["Problem", "Widget"],
      operations: [
        { operationId: "listWidgets", method: "get", path: "/widgets", summary: null, tags: ["widgets"] },
        { operationId: "createWidget", method: "post", path: "/widgets", summary: null, tags: ["widgets"] },
        { operationId: null, method: "delete", path: "/widgets/{id}", summary: "Delete a widget", tags: [] },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("row")).toHaveLength(4);
    await expect(canvas.getByText("listWidgets")).toBeVisible();
    await expect(canvas.getByText("Delete a widget")).toBeVisible();
    await expect(canvas.queryByText("No operations yet")).not.toBeInTheDocument();
  },
};
