// A list that pages, for designers and reviewers: each state of "Load more" over the
// gallery's test contract, answered by the stateful fixtures as a server would (Link
// headers, an `X-Total-Count`), with five pets seeded so every picture is the same.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { clinic } from "../../../../tests/contracts/clinic/fixtures.ts";
import { PetsPages } from "../../../../tests/contracts/clinic/pets-pages.tsx";

const PETS = [
  { id: 1, name: "Ada", species: "cat", vaccinated: true },
  { id: 2, name: "Biscuit", species: "dog", vaccinated: true },
  { id: 3, name: "Clover", species: "rabbit", vaccinated: false },
  { id: 4, name: "Dash", species: "dog", vaccinated: true },
  { id: 5, name: "Echo", species: "parrot", vaccinated: false },
] as const;

let failedOnce = false;
/** Answers the second page with the contract's 500 once, then lets the fixtures answer. */
const secondPageFailsOnce = http.get("*/api/pets", ({ request }) => {
  if (failedOnce || new URL(request.url).searchParams.get("page") !== "2") return undefined;
  failedOnce = true;
  return HttpResponse.json(clinic.fixture("listPets", 500), {
    status: 500,
    headers: { "Content-Type": "application/problem+json" },
  });
});

const meta = {
  title: "Contract/Paging",
  component: PetsPages,
  args: { pageSize: 2 },
  parameters: { layout: "padded", msw: { handlers: clinic.handlers } },
  beforeEach: async () => {
    clinic.resources.reset();
    failedOnce = false;
    await clinic.resources.seed("getPet", ...PETS.map((pet) => ({ ...pet })));
  },
} satisfies Meta<typeof PetsPages>;
export default meta;
type Story = StoryObj<typeof meta>;

async function names(canvasElement: HTMLElement) {
  const list = await within(canvasElement).findByRole("list", { name: "Patients" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent?.split(" ")[0]);
}

async function loadMore(canvasElement: HTMLElement, expected: number) {
  await userEvent.click(await within(canvasElement).findByRole("button", { name: "Load more" }));
  await waitFor(async () => expect(await names(canvasElement)).toHaveLength(expected));
}

/** The first page: two of five, and a way to the rest. */
export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    await expect(await names(canvasElement)).toEqual(["Ada", "Biscuit"]);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("2 of 5 shown");
    await expect(within(canvasElement).getByRole("button", { name: "Load more" })).toBeVisible();
  },
};

/** "Load more" appends the next page the `Link` header names. */
export const LoadMore: Story = {
  play: async ({ canvasElement }) => {
    await loadMore(canvasElement, 4);
    await expect(await names(canvasElement)).toEqual(["Ada", "Biscuit", "Clover", "Dash"]);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("4 of 5 shown");
  },
};

/** The last page has no `rel="next"`: the button gives way to the end of the list. */
export const EndOfList: Story = {
  play: async ({ canvasElement }) => {
    await loadMore(canvasElement, 4);
    await loadMore(canvasElement, 5);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("End of the list")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Load more" })).toBeNull();
  },
};

/** The second page fails: what was loaded stays, the error offers a retry, and the retry loads it. */
export const PageTwoFailsThenRetries: Story = {
  parameters: { msw: { handlers: [secondPageFailsOnce, ...clinic.handlers] } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step("the second page fails", async () => {
      await userEvent.click(await canvas.findByRole("button", { name: "Load more" }));
      await expect(await canvas.findByRole("alert")).toHaveTextContent("Couldn't load more patients");
      await expect(await names(canvasElement)).toEqual(["Ada", "Biscuit"]);
    });
    await step("retry loads it", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
      await waitFor(async () => expect(await names(canvasElement)).toHaveLength(4));
      await expect(canvas.queryByRole("alert")).toBeNull();
      await expect(canvas.getByRole("button", { name: "Load more" })).toBeVisible();
    });
  },
};

/** No pets at all: one empty page, no button. */
export const Empty: Story = {
  beforeEach: async () => {
    clinic.resources.reset();
    await clinic.resources.seed("getPet");
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No patients yet")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Load more" })).toBeNull();
  },
};
