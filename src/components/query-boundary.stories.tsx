import type { Meta, StoryObj } from "@storybook/react-vite";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ApiError } from "@contract-workbench/runtime";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";
import { QueryBoundary } from "@/components/query-boundary.tsx";
import type { QueryBoundaryProps } from "@/components/query-boundary.tsx";

/** What one fetch does: never settle, resolve with items, or reject with an error. */
type Outcome = "pending" | { data: string[] } | { error: ApiError };

interface QueryBoundaryDemoProps extends Omit<QueryBoundaryProps<string[], ApiError>, "query" | "children"> {
  /** One outcome per fetch, in order; the last one repeats. */
  outcomes: readonly Outcome[];
}

/** A queryFn that plays `outcomes` in order, one per fetch, repeating the last. */
function scriptedQueryFn(outcomes: readonly Outcome[]): () => Promise<string[]> {
  let fetches = 0;
  return () => {
    const outcome = outcomes[Math.min(fetches, outcomes.length - 1)] ?? "pending";
    fetches += 1;
    if (outcome === "pending") return new Promise<string[]>(() => {});
    return "error" in outcome ? Promise.reject(outcome.error) : Promise.resolve(outcome.data);
  };
}

/**
 * Runs a real `useQuery` against a local queryFn (no network), so each story shows
 * QueryBoundary driven by genuine TanStack Query state rather than a hand-made object.
 */
function QueryBoundaryDemo({ outcomes, ...props }: QueryBoundaryDemoProps) {
  // Per-instance key and script: a docs page renders every story at once.
  const key = useId();
  const [queryFn] = useState(() => scriptedQueryFn(outcomes));
  const query = useQuery<string[], ApiError>({ queryKey: ["query-boundary-demo", key], queryFn });
  return (
    <QueryBoundary {...props} query={query}>
      {(items) => (
        <ul aria-label="Items">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryBoundary>
  );
}

const unavailable = new ApiError({
  kind: "problem",
  message: "Service unavailable",
  method: "GET",
  url: "/api/items",
  status: 503,
  problem: {
    title: "The items service is unavailable",
    detail: "It is restarting after an update. Try again in a minute.",
    status: 503,
  },
});

const meta = {
  title: "Foundations/QueryBoundary",
  component: QueryBoundaryDemo,
  tags: ["autodocs"],
  args: { outcomes: ["pending"] },
  argTypes: { outcomes: { control: false } },
  parameters: {
    docs: {
      description: {
        component:
          "`QueryBoundary` renders the loading, error, empty and success states of any TanStack Query result. " +
          "These stories drive it with a real `useQuery` and a local queryFn; the controls are the boundary's own props.\n\n" +
          "**When to use**: around every query result a screen shows, so that each state looks and behaves the same " +
          'everywhere. Give `errorTitle` in the words of the screen ("Couldn\'t load your orders"), `empty` when an ' +
          "empty list needs its own explanation or action, and `headingLevel` to fit the page's outline.",
      },
    },
  },
} satisfies Meta<typeof QueryBoundaryDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole("status");
    await expect(status).toHaveTextContent("Loading…");
    const boundary = status.closest("[data-state]");
    await expect(boundary).toHaveAttribute("data-state", "loading");
    await expect(boundary).toHaveAttribute("aria-busy", "true");
  },
};

export const CustomLoading: Story = {
  args: { loading: <p>Fetching your items…</p> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Fetching your items…")).toBeVisible();
    await expect(canvas.queryByRole("status")).not.toBeInTheDocument();
  },
};

export const Errored: Story = {
  name: "Error",
  args: { outcomes: [{ error: unavailable }], errorTitle: "Couldn't load your items" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "problem");
    await expect(within(alert).getByRole("heading", { name: "Couldn't load your items" })).toBeInTheDocument();
    await expect(alert.closest("[data-state]")).toHaveAttribute("data-state", "error");
    await expect(alert.closest("[data-state]")).not.toHaveAttribute("aria-busy");
  },
};

export const RetryRecovers: Story = {
  args: { outcomes: [{ error: unavailable }, { data: ["Alpha", "Beta"] }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const retry = await canvas.findByRole("button", { name: "Retry" });
    // Keyboard only: Tab reaches Retry with a visible focus ring, Enter refetches.
    await userEvent.tab();
    await expectFocusVisible(retry);
    await userEvent.keyboard("{Enter}");
    const list = await canvas.findByRole("list", { name: "Items" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { outcomes: [{ data: [] }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole("heading", { name: "Nothing here yet" });
    await expect(heading.closest("[data-state]")).toHaveAttribute("data-state", "empty");
    await expect(canvas.queryByRole("list")).not.toBeInTheDocument();
  },
};

export const CustomEmpty: Story = {
  args: { outcomes: [{ data: [] }], empty: <p>You haven't added any items.</p> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("You haven't added any items.")).toBeVisible();
    await expect(canvas.queryByRole("heading", { name: "Nothing here yet" })).not.toBeInTheDocument();
  },
};

export const Success: Story = {
  args: { outcomes: [{ data: ["Alpha", "Beta", "Gamma"] }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Items" });
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Alpha", "Beta", "Gamma"]);
    await waitFor(() => expect(list.closest("[data-state]")).toHaveAttribute("data-state", "success"));
    await expect(list.closest("[data-state]")).not.toHaveAttribute("aria-busy");
  },
};

const manyItems = Array.from(
  { length: 40 },
  (_, index) => `Item ${index + 1}: a longer name that shows how the boundary copes with a big, wordy result set`,
);

export const LongContent: Story = {
  args: { outcomes: [{ data: manyItems }] },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Items" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(40);
    await expect(within(list).getByText(/^Item 40:/)).toBeInTheDocument();
  },
};
