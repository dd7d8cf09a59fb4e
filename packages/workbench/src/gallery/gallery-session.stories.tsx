import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { clinicGallery } from "../../tests/storybook/clinic-gallery.ts";
import { galleryStory, type GalleryArgs } from "./gallery-story.tsx";

// The product's contract is empty, so its gallery has no story of an operation that
// requires credentials yet: these are the gallery's own stories (`galleryStory`, exactly
// as a generated module calls it) for the gallery's test contract, whose `deletePet`
// requires `bearer` and declares a 401 (tests/storybook/clinic-gallery.ts).
const meta = {
  title: "Workbench internals/Gallery session",
  parameters: { layout: "padded" },
} satisfies Meta<GalleryArgs>;
export default meta;
type Story = StoryObj<GalleryArgs>;

const refused = galleryStory("deletePet", "401", clinicGallery);

/**
 * A 401 to a call made signed in: the client refreshes the token once, retries, is
 * refused again and ends the session. The banner says the session expired; the response
 * below still shows the 401's body for designers, and that it matches the contract.
 */
export const RefusedThenExpired: Story = {
  ...refused,
  play: async (context) => {
    await refused.play?.(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Session expired.")).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
    await expect(canvas.getByText("Matches the contract (401, application/problem+json).")).toBeVisible();
  },
};

/** Any other answer to a call made signed in leaves the session as it was. */
export const SignedIn: Story = {
  ...galleryStory("deletePet", "204", clinicGallery),
};

/** An operation that needs no credentials runs with no session and no banner. */
export const NoCredentialsNeeded: Story = {
  ...galleryStory("getPet", "404", clinicGallery),
};
