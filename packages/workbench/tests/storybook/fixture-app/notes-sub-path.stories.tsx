// Copied into src/features/notes/ of a scratch copy whose contract is the example
// contract, for packages/workbench/tests/storybook/static-storybook.e2e.test.ts: three stories whose content only
// the mocked API can supply, opened from a static build served under a sub-path.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { http } from "#mocks/http.ts";
import { NotesList } from "./notes-list.tsx";

const meta = { title: "SubPath/Notes", component: NotesList } satisfies Meta<typeof NotesList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Listed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ response }) =>
          response(200).json([
            { id: "s1", title: "First note, served from a sub-path" },
            { id: "s2", title: "Second note, from the same fixture" },
          ]),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Notes" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  },
};

export const Single: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ query, response }) =>
          response(200).json([{ id: "s3", title: `The only note (limit=${query.get("limit")})` }]),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("The only note (limit=20)")).toBeVisible();
  },
};

export const ServerProblem: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ response }) =>
          response(500).json(
            { title: "Notes are unavailable under the sub-path", status: 500 },
            { headers: { "Content-Type": "application/problem+json" } },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(/unavailable under the sub-path/);
  },
};
