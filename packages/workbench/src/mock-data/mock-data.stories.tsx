// The stateful fixtures, for designers: the store of a contract (resources, record counts,
// reset) and a whole flow against it (create, see it listed, rename, delete). Shown with
// the resources test contract (tests/contracts/pet-registry/openapi.yaml): the product's
// contract is empty today, so its store has nothing to show yet (the Product story).
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { fixtures as registry } from "../../../../tests/contracts/pet-registry/generated/fixtures.ts";
import { fixtures } from "virtual:contract-workbench/product";
import { OwnersFlow } from "../../../../tests/contracts/pet-registry/owners-flow.tsx";
import { StorePanel } from "./store-panel.tsx";

const meta = {
  title: "Contract/Mock data",
  parameters: { layout: "padded", msw: { handlers: registry.handlers } },
  beforeEach: () => registry.resources.reset(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Create an owner, see it listed, rename it, delete it: each step answered from the store. */
export const Flow: Story = {
  beforeEach: async () => {
    // One typed line: the records this story starts from, instead of the default data.
    await registry.resources.seed("getOwner", {
      id: "o-ada",
      name: "Ada Lovelace",
      city: "London",
      createdAt: "2026-01-05T09:00:00Z",
    });
  },
  render: () => <OwnersFlow />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Owners" });
    await expect(await within(list).findByText("Ada Lovelace (London)")).toBeVisible();

    await userEvent.type(canvas.getByLabelText("Name"), "Grace Hopper");
    await userEvent.type(canvas.getByLabelText("City"), "Arlington");
    await userEvent.click(canvas.getByRole("button", { name: "Add owner" }));
    await expect(await within(list).findByText("Grace Hopper (Arlington)")).toBeVisible();
    await expect(canvas.getByRole("status")).toHaveTextContent("Added Grace Hopper");

    await userEvent.click(canvas.getByRole("button", { name: "Rename Grace Hopper" }));
    const field = await canvas.findByLabelText("New name");
    await userEvent.clear(field);
    await userEvent.type(field, "Grace Brewster Hopper");
    await userEvent.click(canvas.getByRole("button", { name: "Save" }));
    await expect(await within(list).findByText("Grace Brewster Hopper (Arlington)")).toBeVisible();

    await userEvent.click(canvas.getByRole("button", { name: "Delete Ada Lovelace" }));
    await waitFor(() => expect(within(list).queryByText("Ada Lovelace (London)")).toBeNull());
    await expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    await expect(registry.resources.records("Owner").map((owner) => owner.name)).toEqual(["Grace Brewster Hopper"]);
  },
};

/** The store: each resource the contract forms, its key and record count; reset brings the default data back. */
export const Store: Story = {
  render: () => <StorePanel resources={registry.resources} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("table", { name: "Resources and their records" });
    await waitFor(() => expect(canvasElement.querySelector("[data-ready='true']")).not.toBeNull());
    const rows = within(table).getAllByRole("row").slice(1);
    await expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Owner", "Pet", "tag"]);
    const owners = registry.resources.records("Owner").length;
    await expect(owners).toBeGreaterThan(0);
    const ownerRow = rows[0] as HTMLElement;
    await expect(within(ownerRow).getByText(String(owners))).toBeVisible();

    await registry.resources.seed("getOwner", {
      id: "o-1",
      name: "Only owner",
      city: "Lyon",
      createdAt: "2026-01-05T09:00:00Z",
    });
    await waitFor(() => expect(ownerRow.querySelectorAll("td")[1]).toHaveTextContent("1"));
    await userEvent.click(canvas.getByRole("button", { name: "Reset to the default data" }));
    await waitFor(() => expect(ownerRow.querySelectorAll("td")[1]).toHaveTextContent(String(owners)));
  },
};

/** The product contract's store: empty until the contract has resources. */
export const Product: Story = {
  render: () => <StorePanel resources={fixtures.resources} title="Product mock data store" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Product mock data store" })).toBeVisible();
    if (fixtures.resources.models.length === 0) {
      await expect(canvas.getByText(/forms no resources yet/)).toBeVisible();
    } else {
      await expect(canvas.getAllByRole("row")).toHaveLength(fixtures.resources.models.length + 1);
    }
  },
};
