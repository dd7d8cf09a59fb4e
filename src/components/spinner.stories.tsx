import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Spinner } from "@/components/spinner.tsx";

const meta = {
  title: "Foundations/Spinner",
  component: Spinner,
  tags: ["autodocs"],
  args: {},
  argTypes: { size: { control: "inline-radio", options: ["sm", "md", "lg"] } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveTextContent("Loading…");
    await expect(status).toHaveAttribute("data-size", "md");
  },
};

export const CustomLabel: Story = {
  args: { label: "Loading comments…" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading comments…");
  },
};

export const Small: Story = {
  args: { size: "sm" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveAttribute("data-size", "sm");
  },
};

export const Large: Story = {
  args: { size: "lg" },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveAttribute("data-size", "lg");
    // 2.5rem at the default 16px root size.
    await expect(status.getBoundingClientRect().height).toBeGreaterThanOrEqual(40);
  },
};

export const InlineWithText: Story = {
  render: (args) => (
    <p>
      Fetching the latest version <Spinner {...args} size="sm" label="Fetching the latest version" />
    </p>
  ),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status");
    // The label text is visually hidden, not removed, so screen readers still get it.
    const label = within(status).getByText("Fetching the latest version");
    await expect(label).toHaveClass("visually-hidden");
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
