import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EmptyState } from "@/components/empty-state.tsx";

describe("EmptyState", () => {
  it("renders the title as a level-2 heading by default", () => {
    render(<EmptyState title="No items" />);
    expect(screen.getByRole("heading", { level: 2, name: "No items" })).toBeInTheDocument();
  });

  it("uses the heading level it is given", () => {
    render(<EmptyState title="No items" headingLevel={4} />);
    expect(screen.getByRole("heading", { level: 4, name: "No items" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2 })).not.toBeInTheDocument();
  });

  it("shows the description", () => {
    render(<EmptyState title="No items" description="Add one to get started." />);
    expect(screen.getByText("Add one to get started.")).toBeInTheDocument();
  });

  it("renders actions that work", async () => {
    const onAdd = vi.fn();
    render(
      <EmptyState title="No items">
        <button type="button" onClick={onAdd}>
          Add item
        </button>
      </EmptyState>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Add item" }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it("renders no action area without children", () => {
    const { container } = render(<EmptyState title="No items" />);
    expect(container.querySelector(".empty-state__actions")).toBeNull();
  });

  it("hides the icon from assistive technology", () => {
    render(<EmptyState title="No items" icon={<svg data-testid="icon" />} />);
    expect(screen.getByTestId("icon").parentElement).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("heading", { name: "No items" })).toBeInTheDocument();
  });
});
