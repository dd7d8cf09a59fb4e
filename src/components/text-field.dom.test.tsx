import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { TextField } from "@/components/text-field.tsx";

describe("TextField", () => {
  it("labels the input and passes typing through", async () => {
    const onChange = vi.fn();
    render(<TextField label="Display name" onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "Display name" });
    await userEvent.type(input, "Ada");
    expect(input).toHaveValue("Ada");
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it("focuses the input when the label is clicked", async () => {
    render(<TextField label="Display name" />);
    await userEvent.click(screen.getByText("Display name"));
    expect(screen.getByRole("textbox", { name: "Display name" })).toHaveFocus();
  });

  it("is valid and undescribed without hint or error", () => {
    render(<TextField label="Display name" />);
    const input = screen.getByRole("textbox", { name: "Display name" });
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("describes the input with its hint", () => {
    render(<TextField label="Display name" hint="Shown next to your comments." />);
    expect(screen.getByRole("textbox", { name: "Display name" })).toHaveAccessibleDescription(
      "Shown next to your comments.",
    );
  });

  it("marks the input invalid and describes it with hint then error", () => {
    render(<TextField label="Display name" hint="Shown publicly." error="This name is taken." />);
    const input = screen.getByRole("textbox", { name: "Display name" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Shown publicly. This name is taken.");
    expect(input.closest(".text-field")).toHaveAttribute("data-invalid", "true");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("treats an empty error as no error", () => {
    render(<TextField label="Display name" error="" />);
    expect(screen.getByRole("textbox", { name: "Display name" })).not.toHaveAttribute("aria-invalid");
  });

  it("keeps a caller's aria-describedby and id", () => {
    render(
      <>
        <p id="external">Applies to the whole form.</p>
        <TextField label="Email" id="email" hint="Work address." aria-describedby="external" />
      </>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("id", "email");
    expect(input).toHaveAccessibleDescription("Applies to the whole form. Work address.");
  });

  it("gives each instance its own ids", () => {
    render(
      <>
        <TextField label="First" hint="One" />
        <TextField label="Second" hint="Two" />
      </>,
    );
    expect(screen.getByRole("textbox", { name: "First" })).toHaveAccessibleDescription("One");
    expect(screen.getByRole("textbox", { name: "Second" })).toHaveAccessibleDescription("Two");
  });

  it("forwards ref and native props to the input", () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField ref={ref} label="Email" type="email" required disabled />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(ref.current).toBe(input);
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
    expect(input.closest(".text-field")).toHaveAttribute("data-disabled", "true");
  });
});
