import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";
import { TextField } from "@/components/text-field.tsx";

const meta = {
  title: "Foundations/TextField",
  component: TextField,
  tags: ["autodocs"],
  args: { label: "Display name", onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "24rem" }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard only: Tab reaches the input, the focus ring shows, typing fills it. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Display name" });
    await userEvent.tab();
    await expectFocusVisible(input);
    await userEvent.keyboard("Ada");
    await expect(input).toHaveValue("Ada");
    await expect(args.onChange).toHaveBeenCalledTimes(3);
    await expect(input).not.toHaveAttribute("aria-invalid");
  },
};

export const WithHint: Story = {
  args: { hint: "Shown next to your comments." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Display name" });
    await expect(input).toHaveAccessibleDescription("Shown next to your comments.");
  },
};

export const WithError: Story = {
  args: { defaultValue: "a", error: "Use at least 2 characters." },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement);
    const input = field.getByRole("textbox", { name: "Display name" });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Use at least 2 characters.");
    await expect(canvasElement.querySelector(".text-field")).toHaveAttribute("data-invalid", "true");
    // Deliberately not an alert: the message is read when the field gets focus.
    await expect(field.queryByRole("alert")).not.toBeInTheDocument();
  },
};

export const WithHintAndError: Story = {
  args: { hint: "Shown next to your comments.", error: "This name is taken." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Display name" });
    await expect(input).toHaveAccessibleDescription("Shown next to your comments. This name is taken.");
  },
};

export const Required: Story = {
  args: { required: true, label: "Email", type: "email", autoComplete: "email" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute("type", "email");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Ada Lovelace" },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Display name" });
    await expect(input).toBeDisabled();
    await userEvent.type(input, "x");
    await expect(input).toHaveValue("Ada Lovelace");
    await expect(args.onChange).not.toHaveBeenCalled();
    // A disabled field is not a tab stop.
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};

/** Right to left, with Hebrew copy: label, input text, hint and error all start at the right edge. */
export const RightToLeft: Story = {
  args: { label: "שם תצוגה", hint: "מוצג ליד התגובות שלך.", error: "השם הזה תפוס.", defaultValue: "עדה" },
  globals: { direction: "rtl" },
  play: async ({ canvasElement }) => {
    const field = canvasElement.querySelector(".text-field")!.getBoundingClientRect();
    const label = within(canvasElement).getByText("שם תצוגה");
    const range = document.createRange();
    range.selectNodeContents(label);
    // The label's text (not its box, which spans the field) ends at the field's right edge.
    await expect(Math.abs(range.getBoundingClientRect().right - field.right)).toBeLessThan(1);
    await expect(getComputedStyle(within(canvasElement).getByRole("textbox")).direction).toBe("rtl");
    // The Hebrew glyphs come from the bundled face, not from whatever the machine has.
    await expect(await document.fonts.load('1rem "Noto Sans Hebrew Variable"', "שם תצוגה")).not.toHaveLength(0);
  },
};

export const LongContent: Story = {
  args: {
    label: "The name other people see next to your comments, reviews and shared lists across the workspace",
    hint: "You can change it at any time. Changes apply to past comments too, which can take a few minutes to show everywhere.",
    error: "That name is too long: keep it under 40 characters so it fits in notifications and narrow layouts.",
    defaultValue: "A very long display name that goes well past the limit",
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /other people see/ });
    await expect(input).toHaveAccessibleDescription(/keep it under 40 characters/);
    // Long copy wraps inside the field instead of widening it.
    await expect(canvasElement.querySelector(".text-field")?.scrollWidth).toBeLessThanOrEqual(384);
  },
};
