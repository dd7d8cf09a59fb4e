import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "@/components/button.tsx";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";

const meta = {
  title: "Foundations/Button",
  component: Button,
  tags: ["autodocs"],
  args: { children: "Save changes", onClick: fn() },
  argTypes: {
    variant: { control: "inline-radio", options: ["primary", "secondary", "ghost", "danger"] },
    size: { control: "inline-radio", options: ["sm", "md"] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Save changes" });
    await expect(button).toHaveAttribute("type", "button");
    await expect(button).toHaveAttribute("data-variant", "primary");
    await expect(button).toHaveAttribute("data-size", "md");
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  args: { variant: "secondary", children: "Cancel" },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Cancel" });
    await expect(button).toHaveAttribute("data-variant", "secondary");
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Ghost: Story = {
  args: { variant: "ghost", children: "Show more" },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Show more" });
    await expect(button).toHaveAttribute("data-variant", "ghost");
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Danger: Story = {
  args: { variant: "danger", children: "Delete" },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Delete" });
    await expect(button).toHaveAttribute("data-variant", "danger");
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Small: Story = {
  args: { size: "sm", children: "Edit" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Edit" })).toHaveAttribute("data-size", "sm");
  },
};

/** Keyboard only: Tab reaches the button, the focus ring shows, Enter and Space press it. */
export const KeyboardActivation: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Save changes" });
    await userEvent.tab();
    await expectFocusVisible(button);
    await userEvent.keyboard("{Enter}");
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(" ");
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Save changes" });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    // A disabled button is not a tab stop.
    await userEvent.tab();
    await expect(button).not.toHaveFocus();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    // The spinner is decorative here, so the accessible name is still just the label.
    const button = within(canvasElement).getByRole("button", { name: "Save changes" });
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(button).toHaveAttribute("data-loading", "true");
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    await expect(button).toHaveFocus();
    // Still a tab stop (aria-disabled, not disabled), and Enter does nothing while busy.
    button.blur();
    await userEvent.tab();
    await expectFocusVisible(button);
    await userEvent.keyboard("{Enter}");
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Right to left, with Hebrew copy: the spinner leads the label, so it sits on the right. */
export const RightToLeft: Story = {
  args: { loading: true, children: "שמירת שינויים" },
  globals: { direction: "rtl" },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "שמירת שינויים" });
    await expect(getComputedStyle(button).direction).toBe("rtl");
    const spinner = button.querySelector(".button__spinner")!.getBoundingClientRect();
    const box = button.getBoundingClientRect();
    await expect(spinner.left).toBeGreaterThan(box.left + box.width / 2);
  },
};

export const LongContent: Story = {
  args: {
    children: "Save changes and notify every subscriber of this list about the new version right away",
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "20rem" }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: /notify every subscriber/ });
    // The label must wrap inside the container instead of overflowing it.
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};
