// A streamed answer in the gallery, on the streams test contract (OpenAPI 3.2): the chat's events
// arrive one by one (the contract's named example `conversation`, played as the sequence), each
// shown with its data; "Play again" plays them from the start. The gallery of a contract that
// streams (OpenAI's) shows its streams the same way.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { fixtures as streams } from "../../../../tests/contracts/streams/generated/fixtures.ts";
import { galleryStory, type GalleryArgs } from "./gallery-story.tsx";

const meta = {
  title: "Workbench internals/Streamed answer",
  parameters: { layout: "padded" },
} satisfies Meta<GalleryArgs>;
export default meta;
type Story = StoryObj<GalleryArgs>;

const chat = galleryStory("streamChatEvents", "200", { source: streams, mocks: streams });

/** The authors of the events shown, in the order they are listed. */
function authorsShown(canvas: HTMLElement): string[] {
  return Array.from(canvas.querySelectorAll("li[data-index] td, li[data-index] dd"))
    .map((cell) => cell.textContent ?? "")
    .filter((text) => text === "Ada Lovelace" || text === "Charles Babbage");
}

/** The chat's events play in the contract's order; "Play again" plays them again from the first. */
export const ChatEvents: Story = {
  ...chat,
  play: async (context) => {
    await chat.play?.(context);
    const canvas = within(context.canvasElement);
    const conversation = streams.example("streamChatEvents", 200, "conversation");
    const authors = conversation.map((event) => event.data.author);
    await expect(authorsShown(context.canvasElement)).toEqual(authors);
    await expect(canvas.getByText(`${conversation.length} events, the stream ended.`)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Play again" }));
    await waitFor(() => expect(canvas.getByText(/more arriving|Waiting for the first event/)).toBeVisible());
    await waitFor(() => expect(canvas.getByText(`${conversation.length} events, the stream ended.`)).toBeVisible(), {
      timeout: 10_000,
    });
    await expect(authorsShown(context.canvasElement)).toEqual(authors);
  },
};

/** JSON Lines: the log's entries as they are written. */
export const LogLines: Story = galleryStory("streamLogs", "200", { source: streams, mocks: streams });
