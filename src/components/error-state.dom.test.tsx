import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError, type ApiErrorKind } from "@contract-workbench/runtime";
import { ErrorState } from "@/components/error-state.tsx";

function apiError(kind: ApiErrorKind, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({ kind, message: `${kind} failure`, method: "GET", url: "/api/things", ...extra });
}

describe("ErrorState", () => {
  it.each([
    ["network", "Can't reach the server"],
    ["timeout", "The server took too long"],
    ["aborted", "The request was cancelled"],
    ["malformed", "The server sent an unexpected response"],
  ] as const)("explains a %s error", (kind, title) => {
    render(<ErrorState error={apiError(kind)} />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveAttribute("data-kind", kind);
    expect(within(alert).getByRole("heading", { level: 2, name: title })).toBeInTheDocument();
  });

  it("uses the server's problem title and detail", () => {
    const error = apiError("problem", {
      status: 409,
      problem: { title: "Name already taken", detail: "Pick another name.", status: 409 },
    });
    render(<ErrorState error={error} />);
    expect(screen.getByRole("heading", { name: "Name already taken" })).toBeInTheDocument();
    expect(screen.getByText("Pick another name.")).toBeInTheDocument();
  });

  it("falls back to the status when problem details have no title", () => {
    render(<ErrorState error={apiError("problem", { status: 404, problem: { status: 404 } })} />);
    expect(screen.getByRole("heading", { name: "We couldn't find that" })).toBeInTheDocument();
  });

  it.each([
    [401, "You need to sign in"],
    [403, "You don't have access to this"],
    [404, "We couldn't find that"],
    [503, "Something went wrong (HTTP 503)"],
    [418, "Something went wrong (HTTP 418)"],
  ])("explains HTTP %i", (status, title) => {
    render(<ErrorState error={apiError("http", { status })} />);
    expect(screen.getByRole("alert")).toHaveAttribute("data-kind", "http");
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
  });

  it("says a 5xx is temporary", () => {
    render(<ErrorState error={apiError("http", { status: 502 })} />);
    expect(screen.getByText(/usually temporary/)).toBeInTheDocument();
  });

  it("normalises values that are not ApiErrors", () => {
    render(<ErrorState error={new TypeError("Failed to fetch")} />);
    expect(screen.getByRole("alert")).toHaveAttribute("data-kind", "network");
  });

  it("does not call a crash a connection problem", () => {
    render(<ErrorState error={new TypeError("Cannot read properties of undefined (reading 'name')")} />);
    expect(screen.getByRole("alert")).toHaveAttribute("data-kind", "unknown");
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
  });

  it("normalises a timeout DOMException", () => {
    render(<ErrorState error={new DOMException("signal timed out", "TimeoutError")} />);
    expect(screen.getByRole("alert")).toHaveAttribute("data-kind", "timeout");
  });

  it("lets the caller replace the title and heading level", () => {
    render(<ErrorState error={apiError("network")} title="Couldn't load things" headingLevel={3} />);
    expect(screen.getByRole("heading", { level: 3, name: "Couldn't load things" })).toBeInTheDocument();
    expect(screen.queryByText("Can't reach the server")).not.toBeInTheDocument();
  });

  it("offers Retry only when onRetry is given, and calls it without arguments", async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorState error={apiError("network")} />);
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();

    rerender(<ErrorState error={apiError("network")} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith();
  });

  it("shows technical details on demand", async () => {
    const error = apiError("problem", {
      method: "DELETE",
      url: "/api/things/7",
      status: 409,
      problem: { title: "Conflict", type: "https://example.com/problems/conflict", instance: "/log/abc123" },
    });
    render(<ErrorState error={error} />);
    const details = screen.getByText("Technical details").closest("details");
    expect(details).not.toHaveAttribute("open");

    await userEvent.click(screen.getByText("Technical details"));
    expect(details).toHaveAttribute("open");
    expect(screen.getByText("DELETE /api/things/7")).toBeInTheDocument();
    expect(screen.getByText("409")).toBeInTheDocument();
    expect(screen.getByText("https://example.com/problems/conflict")).toBeInTheDocument();
    expect(screen.getByText("/log/abc123")).toBeInTheDocument();
  });

  it("renders extra actions after Retry", () => {
    render(
      <ErrorState error={apiError("network")} onRetry={() => {}}>
        <a href="/status">Service status</a>
      </ErrorState>,
    );
    const retry = screen.getByRole("button", { name: "Retry" });
    const link = screen.getByRole("link", { name: "Service status" });
    expect(retry.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
