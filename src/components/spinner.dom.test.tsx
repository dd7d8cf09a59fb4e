import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Spinner } from "@/components/spinner.tsx";

describe("Spinner", () => {
  it("is a status region with a default label", () => {
    render(<Spinner />);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Loading…");
    expect(status).toHaveAttribute("data-size", "md");
  });

  it("announces a custom label in a visually hidden element", () => {
    render(<Spinner label="Loading comments…" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading comments…");
    expect(screen.getByText("Loading comments…")).toHaveClass("visually-hidden");
  });

  it("keeps the visual indicator out of the accessibility tree", () => {
    render(<Spinner size="lg" />);
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("data-size", "lg");
    expect(status.querySelector(".spinner__indicator")).toHaveAttribute("aria-hidden", "true");
  });

  it("can be hidden when something else already announces the wait", () => {
    render(<Spinner aria-hidden="true" className="inline" />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("status", { hidden: true })).toHaveClass("spinner", "inline");
  });
});
