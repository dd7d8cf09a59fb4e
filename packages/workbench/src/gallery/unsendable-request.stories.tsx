// A story whose operation no request can call as its contract describes it: Jira's bodies
// require a property that their own `additionalProperties: false` forbids. The gallery shows
// why and sends nothing, so the story passes every check without exchanging a request the
// contract itself makes invalid.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { createFixtures } from "../fixtures/contract-fixtures.ts";
import { oneOperationContract } from "../fixtures/inline-contracts.ts";
import { galleryStory, type GalleryArgs } from "./gallery-story.tsx";

const { manifest, contract } = oneOperationContract("createIssue", "/issues", { type: "object" });
const [operation] = manifest.operations;
if (operation === undefined || contract.operations.createIssue === undefined) throw new Error("no inline operation");
operation.method = "post";
contract.operations.createIssue.requestBody = {
  required: true,
  content: {
    "application/json": {
      schema: { type: "object", required: ["fields"], properties: { update: {} }, additionalProperties: false },
      examples: [],
    },
  },
};
const issues = createFixtures(manifest, contract);

const meta = {
  title: "Workbench internals/Unsendable request",
  parameters: { layout: "padded" },
} satisfies Meta<GalleryArgs>;
export default meta;
type Story = StoryObj<GalleryArgs>;

const created = galleryStory("createIssue", "200", { source: issues, mocks: issues });

/** The reason names the property and the place; nothing was exchanged, so nothing is checked. */
export const RequiredBodyNoValueSatisfies: Story = {
  ...created,
  play: async (context) => {
    await created.play?.(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("No request can keep the contract, so none is sent:")).toBeVisible();
    await expect(
      canvas.getByText(/^its request body cannot be sent, since no value satisfies its schema: .*fields/),
    ).toBeVisible();
    await expect(canvas.getByRole("status")).toHaveAttribute("data-verdict", "none");
  },
};
