// Exercises listPets 200 (the default fixture) and listPets 500 (an override): two pairs.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { fixtures } from "#mocks/fixtures.ts";
import { PetsList } from "./pets-list.tsx";

const meta = { title: "Pets/PetsList", component: PetsList } satisfies Meta<typeof PetsList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Patients" });
    // Names repeat in a long list of real-looking pets: the first row shows the first pet.
    const [first] = within(list).getAllByRole("listitem");
    await expect(first?.textContent).toBe(fixtures.fixture("listPets", 200)[0]?.name ?? "no pet generated");
    await expect(first).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [fixtures.respond("listPets", 500)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Couldn't load the patients")).toBeVisible();
  },
};
