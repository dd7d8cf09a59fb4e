// How one gallery story is built: the contract gallery's modules (generated from the
// operation manifest by workbench/gallery/contract-gallery.ts) hold one call of `galleryStory`
// per operation × declared status, and nothing else.
import type { StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import type { Fixtures } from "../fixtures/contract-fixtures";
import { fixtures } from "../product";
import { GALLERY_TAG } from "./gallery-tag";
import { OperationResponse, type GallerySource } from "./operation-response";

interface GalleryArgs {
  operationId: string;
  status: string;
}

// The gallery is written against the manifest at run time, not against the generated
// types (which, for the product's empty contract, accept no operation at all).
const source = fixtures as unknown as GallerySource;
const mocks = fixtures as unknown as Fixtures;

/** The annotations every gallery module's default export spreads. */
export const galleryMeta = {
  tags: [GALLERY_TAG, "!autodocs"],
  parameters: { layout: "padded" },
};

/**
 * A designer sees the response without doing anything, so the story's test only waits
 * for it, then reads the verdict: what arrived must match the contract (offline, in the
 * workbench's Scenario menu, nothing arrives and there is nothing to match).
 */
const play: NonNullable<StoryObj<GalleryArgs>["play"]> = async ({ canvasElement, globals }) => {
  await waitFor(
    () => {
      const state = canvasElement.querySelector(".operation-response__result")?.getAttribute("data-state");
      if (state === undefined || state === null || state === "loading")
        throw new Error("The response has not arrived.");
    },
    // The `slow` scenario holds every answer for 1.5 s.
    { timeout: 10_000 },
  );
  const verdict = canvasElement.querySelector("[data-verdict]");
  await expect(verdict).toBeVisible();
  await expect(verdict).not.toHaveAttribute("data-verdict", "invalid");
  if (globals.scenario !== "offline") {
    await expect(canvasElement.querySelector(".operation-response__result")).toHaveAttribute(
      "data-state",
      expect.stringMatching(/^(success|error)$/),
    );
  }
};

/**
 * The story of one operation's response with one declared status: the operation's
 * handler answers with that status (the contract's data, in the Scenario menu's state)
 * and the response is shown through the app's hooks and client.
 *
 * @example
 * export const status_404 = { ...galleryStory("getPet", "404"), name: "404" };
 */
export function galleryStory(operationId: string, status: string): StoryObj<GalleryArgs> {
  return {
    args: { operationId, status },
    parameters: { msw: { handlers: [mocks.respond(operationId, status)] } },
    render: (args) => <OperationResponse source={source} operationId={args.operationId} status={args.status} />,
    play,
  };
}
