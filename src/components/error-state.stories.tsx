import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ApiError } from "@contract-workbench/runtime";
import { ErrorState } from "@/components/error-state.tsx";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";

const meta = {
  title: "Foundations/ErrorState",
  component: ErrorState,
  tags: ["autodocs"],
  args: {
    error: new ApiError({
      kind: "network",
      message: "GET /api/items could not reach the server (Failed to fetch)",
      method: "GET",
      url: "/api/items",
    }),
    onRetry: fn(),
  },
  argTypes: { error: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "36rem" }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Network: Story = {
  play: async ({ args, canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "network");
    await expect(within(alert).getByRole("heading", { name: "Can't reach the server" })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    // Called with no arguments: a stray click event would be misread by `refetch(options)`.
    await expect(args.onRetry).toHaveBeenCalledWith();
  },
};

export const Timeout: Story = {
  args: {
    error: new ApiError({ kind: "timeout", message: "GET /api/items timed out", method: "GET", url: "/api/items" }),
  },
  play: async ({ args, canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "timeout");
    await expect(within(alert).getByRole("heading", { name: "The server took too long" })).toBeInTheDocument();
    // Keyboard path: the Retry button is the first stop.
    await userEvent.tab();
    await expectFocusVisible(within(alert).getByRole("button", { name: "Retry" }));
    await userEvent.keyboard("{Enter}");
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Aborted: Story = {
  args: {
    error: new ApiError({ kind: "aborted", message: "GET /api/items was cancelled", method: "GET", url: "/api/items" }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "aborted");
    await expect(within(alert).getByRole("heading", { name: "The request was cancelled" })).toBeInTheDocument();
  },
};

export const Malformed: Story = {
  args: {
    error: new ApiError({
      kind: "malformed",
      message: "GET /api/items answered HTTP 200 with a body that is not valid JSON (text/html)",
      method: "GET",
      url: "/api/items",
      status: 200,
      body: "<!doctype html><p>Welcome",
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "malformed");
    await expect(
      within(alert).getByRole("heading", { name: "The server sent an unexpected response" }),
    ).toBeInTheDocument();
  },
};

export const Problem: Story = {
  args: {
    error: new ApiError({
      kind: "problem",
      message: "Item not found",
      method: "GET",
      url: "/api/items/42",
      status: 404,
      problem: {
        type: "https://example.com/problems/not-found",
        title: "Item not found",
        detail: "There is no item with id 42. It may have been deleted.",
        status: 404,
        instance: "/api/items/42",
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "problem");
    await expect(within(alert).getByRole("heading", { name: "Item not found" })).toBeInTheDocument();
    await expect(within(alert).getByText("There is no item with id 42. It may have been deleted.")).toBeVisible();
  },
};

export const TechnicalDetails: Story = {
  args: Problem.args,
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    const instance = within(alert).getByText("/api/items/42");
    await expect(instance).not.toBeVisible();
    await userEvent.click(within(alert).getByText("Technical details"));
    await expect(instance).toBeVisible();
    await expect(within(alert).getByText("GET /api/items/42")).toBeVisible();
    await expect(within(alert).getByText("https://example.com/problems/not-found")).toBeVisible();
    await expect(within(alert).getByText("404")).toBeVisible();
  },
};

/** Keyboard only: Tab reaches Retry (Space presses it), then the technical details. */
export const KeyboardOnly: Story = {
  args: Problem.args,
  play: async ({ args, canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await userEvent.tab();
    await expectFocusVisible(within(alert).getByRole("button", { name: "Retry" }));
    await userEvent.keyboard(" ");
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    // The native <summary> is the next stop, with the same ring. Opening it with Enter is
    // the browser's own behaviour for a real key press, which user-event does not emulate.
    await userEvent.tab();
    await expectFocusVisible(within(alert).getByText("Technical details"));
  },
};

export const Http401: Story = {
  args: {
    error: new ApiError({
      kind: "http",
      message: "GET /api/me failed with HTTP 401",
      method: "GET",
      url: "/api/me",
      status: 401,
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "http");
    await expect(within(alert).getByRole("heading", { name: "You need to sign in" })).toBeInTheDocument();
  },
};

export const Http403: Story = {
  args: {
    error: new ApiError({
      kind: "http",
      message: "DELETE /api/items/42 failed with HTTP 403",
      method: "DELETE",
      url: "/api/items/42",
      status: 403,
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(within(alert).getByRole("heading", { name: "You don't have access to this" })).toBeInTheDocument();
  },
};

export const Http404: Story = {
  args: {
    error: new ApiError({
      kind: "http",
      message: "GET /api/items/42 failed with HTTP 404 Not Found",
      method: "GET",
      url: "/api/items/42",
      status: 404,
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "http");
    await expect(within(alert).getByRole("heading", { name: "We couldn't find that" })).toBeInTheDocument();
  },
};

export const Http500: Story = {
  args: {
    error: new ApiError({
      kind: "http",
      message: "GET /api/items failed with HTTP 500 Internal Server Error",
      method: "GET",
      url: "/api/items",
      status: 500,
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "http");
    await expect(within(alert).getByRole("heading", { name: "Something went wrong (HTTP 500)" })).toBeInTheDocument();
    await expect(within(alert).getByText(/usually temporary/)).toBeVisible();
  },
};

export const UnknownThrownValue: Story = {
  args: { error: "kaboom" },
  play: async ({ canvasElement }) => {
    // Not from the network: a bug must not read as a connection problem.
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveAttribute("data-kind", "unknown");
    await expect(within(alert).getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    await userEvent.click(within(alert).getByText("Technical details"));
    await expect(within(alert).getByText(/kaboom/)).toBeVisible();
  },
};

export const WithoutRetry: Story = {
  args: { onRetry: undefined },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(within(alert).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  },
};

export const CustomTitle: Story = {
  args: { title: "Couldn't load your items", headingLevel: 3 },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(
      within(alert).getByRole("heading", { level: 3, name: "Couldn't load your items" }),
    ).toBeInTheDocument();
    // The explanation still comes from the error kind.
    await expect(within(alert).getByText("Check your internet connection and try again.")).toBeVisible();
  },
};

/**
 * Right to left: the thick edge marks the start of the alert, which is now its right side.
 * (The copy is the component's own, in English; the layout is what this story checks.)
 */
export const RightToLeft: Story = {
  globals: { direction: "rtl" },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(getComputedStyle(alert).borderRightWidth).toBe("4px");
    await expect(getComputedStyle(alert).borderLeftWidth).toBe("1px");
  },
};

export const LongContent: Story = {
  args: {
    error: new ApiError({
      kind: "problem",
      message: "Validation failed",
      method: "POST",
      url: "/api/items/with/a/rather/long/path/that/keeps/going/and/going/until/it/has/to/wrap?query=also-long",
      status: 422,
      problem: {
        title: "The item could not be saved because several of its fields did not pass validation on the server",
        detail:
          "The name is longer than 200 characters, the due date is in the past, and the assignee no longer belongs to this workspace. Fix these and save again.",
        status: 422,
        instance: "/api/items/with/a/rather/long/path/that/keeps/going/and/going/until/it/has/to/wrap",
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await userEvent.click(within(alert).getByText("Technical details"));
    // Long URLs must wrap inside the alert rather than make the page scroll sideways.
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
  },
};

/** The long problem on a phone (375 px): everything still wraps inside the alert and the page. */
export const Phone: Story = {
  args: LongContent.args,
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await userEvent.click(within(alert).getByText("Technical details"));
    await expect(window.innerWidth).toBe(375);
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
