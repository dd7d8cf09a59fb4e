import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { http } from "@/api/mocks/http";
import { NotesList } from "./notes-list";

const meta = { title: "Notes/NotesList", component: NotesList } satisfies Meta<typeof NotesList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ query, response }) =>
          response(200).json([
            { id: "n1", title: "Fixture note from the example contract" },
            { id: "n2", title: `limit=${query.get("limit")}` },
          ]),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Notes" });
    await expect(within(list).getByText("Fixture note from the example contract")).toBeVisible();
    await expect(within(list).getByText("limit=20")).toBeVisible();
  },
};

export const ServerProblem: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ response }) =>
          response(500).json(
            { title: "Notes are unavailable", status: 500, detail: "The notes store is down." },
            { headers: { "Content-Type": "application/problem+json" } },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole("alert");
    await expect(alert).toHaveTextContent(/Notes are unavailable/);
  },
};

/** No fixture on purpose: this story must fail, naming the request. */
export const Unmocked: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("alert");
  },
};
