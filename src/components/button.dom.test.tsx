import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { Button } from "@/components/button.tsx";

describe("Button", () => {
  it("is a non-submitting primary button by default", () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveAttribute("type", "button");
    expect(button).toHaveAttribute("data-variant", "primary");
    expect(button).toHaveAttribute("data-size", "md");
    expect(button).not.toHaveAttribute("aria-busy");
  });

  it("does not submit its form unless asked to", async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button>Preview</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("exposes variant and size as data attributes", () => {
    render(
      <Button variant="danger" size="sm">
        Delete
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button).toHaveAttribute("data-variant", "danger");
    expect(button).toHaveAttribute("data-size", "sm");
  });

  it("calls onClick from the mouse and the keyboard", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard(" ");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it("is busy, ignores clicks, keeps its name and keeps focus while loading", async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    // The spinner's status role is hidden inside the button, so nothing announces twice.
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await userEvent.click(button);
    await userEvent.keyboard("{Enter}");
    expect(onClick).not.toHaveBeenCalled();
    // Not natively disabled: focus stays where the user left it.
    expect(button).toHaveFocus();
  });

  it("forwards native props, className and ref", () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} className="extra" aria-label="Close dialog" name="close">
        ×
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Close dialog" });
    expect(ref.current).toBe(button);
    expect(button).toHaveClass("button", "extra");
    expect(button).toHaveAttribute("name", "close");
  });
});
