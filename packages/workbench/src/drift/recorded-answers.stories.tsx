// What a real server answered, replayed: a HAR exported from the browser's devtools
// (clinic-session.har, against the gallery's test contract) read by the same import as
// `npm run fixtures:import`, so its answers that keep the contract are served in the
// `recorded` scenario, with every credential gone, and the one that breaks it is left out.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { importHar } from "./har-import.ts";
import { clinic, clinicContract, clinicManifest } from "../../../../tests/contracts/clinic/fixtures.ts";
import { PetsPages } from "../../../../tests/contracts/clinic/pets-pages.tsx";
import session from "./clinic-session.har?raw";

const meta = {
  title: "Contract/Recorded answers",
  component: PetsPages,
  args: { pageSize: 2 },
  parameters: { layout: "padded", msw: { handlers: clinic.handlers } },
  globals: { scenario: "recorded" },
  beforeEach: async () => {
    clinic.resources.reset();
    const { recording, rejected } = await importHar("clinic-session.har", session, {
      manifest: clinicManifest,
      contract: clinicContract,
    });
    // The second exchange lacks a required name: reported, not kept.
    await expect(rejected).toEqual([
      expect.stringContaining("GET /pets/{petId} (getPet) → 200 response body at /name"),
    ]);
    clinic.replayRecording(recording);
    return () => clinic.replayRecording({});
  },
} satisfies Meta<typeof PetsPages>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list as the server answered it, and nothing of the session's credentials. */
export const FromAHar: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Patients" });
    const names = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent?.split(" ")[0]);
    await expect(names).toEqual(["Pepper", "Juniper"]);
    await expect(canvasElement.textContent).not.toContain("recorded-story-secret");
  },
};
