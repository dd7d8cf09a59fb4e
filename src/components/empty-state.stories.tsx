import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "@/components/button.tsx";
import { EmptyState } from "@/components/empty-state.tsx";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";

const meta = {
  title: "Foundations/EmptyState",
  component: EmptyState,
  tags: ["autodocs"],
  args: { title: "No saved searches yet" },
  argTypes: { headingLevel: { control: "inline-radio", options: [1, 2, 3, 4, 5, 6] } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2, name: "No saved searches yet" })).toBeInTheDocument();
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument();
  },
};

export const WithDescription: Story = {
  args: { description: "Save a search to get back to it in one click." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Save a search to get back to it in one click.")).toBeVisible();
  },
};

const onCreate = fn();

export const WithAction: Story = {
  args: {
    description: "Save a search to get back to it in one click.",
    children: <Button onClick={onCreate}>Create a search</Button>,
  },
  play: async ({ canvasElement }) => {
    onCreate.mockClear();
    const button = within(canvasElement).getByRole("button", { name: "Create a search" });
    await userEvent.tab();
    await expectFocusVisible(button);
    await userEvent.keyboard("{Enter}");
    await expect(onCreate).toHaveBeenCalledTimes(1);
  },
};

/**
 * An outline star. Icons are drawn as SVG rather than as text glyphs: a symbol the
 * bundled fonts lack would come from whatever font the machine has.
 */
const starIcon = (
  <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
    <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" strokeLinejoin="round" />
  </svg>
);

export const WithIcon: Story = {
  args: { icon: starIcon, description: "Star an item to keep it here." },
  play: async ({ canvasElement }) => {
    // The icon is decoration: it must not leak into the heading or be read out.
    await expect(within(canvasElement).getByRole("heading", { name: "No saved searches yet" })).toBeInTheDocument();
    const icon = canvasElement.querySelector("svg");
    await expect(icon?.closest("[aria-hidden]")).toHaveAttribute("aria-hidden", "true");
  },
};

export const HeadingLevel3: Story = {
  args: { headingLevel: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 3, name: "No saved searches yet" })).toBeInTheDocument();
    await expect(canvas.queryByRole("heading", { level: 2 })).not.toBeInTheDocument();
  },
};

export const LongContent: Story = {
  args: {
    title: "Nothing matches every one of the eleven filters you have applied to this rather long list",
    description:
      "Filters combine with AND, so each one narrows the results further. Remove a few, or save this combination to be told when something new matches it.",
    children: (
      <>
        <Button variant="secondary">Clear all filters</Button>
        <Button variant="ghost">Save this combination</Button>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "20rem" }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("button")).toHaveLength(2);
    // Long text wraps inside the narrow container: nothing scrolls sideways.
    const container = canvas.getByRole("heading", { name: /eleven filters/ }).closest("div[style]");
    await expect(container).not.toBeNull();
    await expect(container!.scrollWidth).toBeLessThanOrEqual(container!.clientWidth);
  },
};

/** The long content on a phone (375 px), without the narrow container: nothing scrolls sideways. */
export const Phone: Story = {
  args: LongContent.args,
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("button")).toHaveLength(2);
    await expect(window.innerWidth).toBe(375);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
