// A story that names one of the contract's examples: the gallery's test contract gives
// getPet's 200 two named examples, and the default answers the first; this story answers
// the second by name, as a story of one's own would, and checks the screen shows it.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { clinic } from "../../../../tests/contracts/clinic/fixtures.ts";
import { clinicGallery } from "../../tests/storybook/clinic-gallery.ts";
import { galleryStory, type GalleryArgs } from "./gallery-story.tsx";

const meta = {
  title: "Workbench internals/Named example",
  parameters: { layout: "padded" },
} satisfies Meta<GalleryArgs>;
export default meta;
type Story = StoryObj<GalleryArgs>;

const pet = galleryStory("getPet", "200", clinicGallery);
const handler = 'parameters: { msw: { handlers: [fixtures.respondExample("getPet", 200, "mittens")] } }';

/** getPet answers the contract's example named `mittens`, the second of its 200's two. */
export const SecondExampleByName: Story = {
  ...pet,
  parameters: {
    ...pet.parameters,
    msw: { handlers: [clinic.respondExample("getPet", 200, "mittens")] },
    docs: { codePanel: true, source: { code: handler, language: "ts" } },
  },
  play: async (context) => {
    await pet.play?.(context);
    const canvas = within(context.canvasElement);
    const mittens = clinic.example("getPet", 200, "mittens");
    await expect(await canvas.findByText(mittens.name)).toBeVisible();
    await expect(canvas.queryByText(clinic.example("getPet", 200, "rex").name)).toBeNull();
  },
};
