import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse } from "msw";
import { expect, within } from "storybook/test";
import { fixtures } from "#mocks/fixtures.ts";
import { http } from "#mocks/http.ts";
import { NotesList } from "./notes-list.tsx";

const meta = { title: "Notes/NotesList", component: NotesList } satisfies Meta<typeof NotesList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No override: the default fixture, generated from the contract's Note schema. */
export const Generated: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Notes" });
    const first = fixtures.fixture("listNotes", 200)[0];
    await expect(within(list).getByText(first?.title ?? "no note generated")).toBeVisible();
  },
};

/** A one-line override, typed by the contract. */
export const Overridden: Story = {
  parameters: {
    msw: {
      handlers: [fixtures.respond("listNotes", 200, [{ id: "n1", title: "Fixture note from the example contract" }])],
    },
  },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Notes" });
    await expect(within(list).getByText("Fixture note from the example contract")).toBeVisible();
  },
};

/** The same story in the `empty` scenario, chosen per story. */
export const Empty: Story = {
  globals: { scenario: "empty" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Nothing here yet")).toBeVisible();
  },
};

/** A hand-written openapi-msw handler: the query it receives is the client's. */
export const ServerProblem: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ query, response }) =>
          response(500).json(
            {
              title: "Notes are unavailable",
              status: 500,
              detail: `The notes store is down (limit=${query.get("limit")}).`,
            },
            { headers: { "Content-Type": "application/problem+json" } },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole("alert");
    await expect(alert).toHaveTextContent(/Notes are unavailable/);
    await expect(alert).toHaveTextContent(/limit=20/);
  },
};

/** Default fixtures off and no handler: this story must fail, naming the operation. */
export const Unmocked: Story = {
  parameters: { defaultFixtures: false },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("alert");
  },
};

/** An override that breaks the contract (an id must be a string): this story must fail, and say where. */
export const BrokenOverride: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/notes", ({ response }) => response.untyped(HttpResponse.json([{ id: 7, title: "Seven" }]))),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("list", { name: "Notes" });
    await expect(await within(canvasElement).findByRole("alert", { name: "Contract violations" })).toBeVisible();
  },
};
