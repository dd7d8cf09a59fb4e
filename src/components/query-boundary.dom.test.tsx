import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "@contract-workbench/runtime";
import { QueryBoundary } from "@/components/query-boundary.tsx";
import type { QueryBoundaryProps } from "@/components/query-boundary.tsx";

type ListProps = Omit<QueryBoundaryProps<string[] | null, Error>, "query" | "children"> & {
  queryFn: () => Promise<string[] | null>;
};

function List({ queryFn, ...props }: ListProps) {
  const query = useQuery({ queryKey: ["list"], queryFn });
  return (
    <QueryBoundary {...props} query={query} data-testid="boundary">
      {(items) => (
        <ul>
          {items?.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryBoundary>
  );
}

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const notFound = new ApiError({
  kind: "problem",
  message: "List not found",
  status: 404,
  problem: { title: "List not found", detail: "It may have been deleted.", status: 404 },
});

describe("QueryBoundary", () => {
  it("shows a busy spinner while pending", () => {
    renderWithClient(<List queryFn={() => new Promise(() => {})} />);
    const boundary = screen.getByTestId("boundary");
    expect(boundary).toHaveAttribute("data-state", "loading");
    expect(boundary).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
  });

  it("renders a custom loading node", () => {
    renderWithClient(<List queryFn={() => new Promise(() => {})} loading={<p>Fetching list…</p>} />);
    expect(screen.getByText("Fetching list…")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("renders the data through children", async () => {
    renderWithClient(<List queryFn={() => Promise.resolve(["Alpha", "Beta"])} />);
    expect(await screen.findAllByRole("listitem")).toHaveLength(2);
    const boundary = screen.getByTestId("boundary");
    expect(boundary).toHaveAttribute("data-state", "success");
    expect(boundary).not.toHaveAttribute("aria-busy");
  });

  it("shows the default empty state for an empty array", async () => {
    renderWithClient(<List queryFn={() => Promise.resolve([])} />);
    expect(await screen.findByRole("heading", { name: "Nothing here yet" })).toBeInTheDocument();
    expect(screen.getByTestId("boundary")).toHaveAttribute("data-state", "empty");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("treats null as empty", async () => {
    renderWithClient(<List queryFn={() => Promise.resolve(null)} />);
    expect(await screen.findByRole("heading", { name: "Nothing here yet" })).toBeInTheDocument();
  });

  it("uses a custom empty node and isEmpty", async () => {
    renderWithClient(
      <List
        queryFn={() => Promise.resolve(["placeholder"])}
        isEmpty={(items) => items?.every((item) => item === "placeholder") ?? true}
        empty={<p>No real items</p>}
      />,
    );
    expect(await screen.findByText("No real items")).toBeInTheDocument();
    expect(screen.queryByText("placeholder")).not.toBeInTheDocument();
  });

  it("shows the error with a custom title", async () => {
    renderWithClient(<List queryFn={() => Promise.reject(notFound)} errorTitle="Couldn't load the list" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveAttribute("data-kind", "problem");
    expect(screen.getByRole("heading", { name: "Couldn't load the list" })).toBeInTheDocument();
    expect(screen.getByTestId("boundary")).toHaveAttribute("data-state", "error");
  });

  it("refetches on Retry and shows the data once it arrives", async () => {
    const queryFn = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(notFound).mockResolvedValueOnce(["Alpha"]);
    renderWithClient(<List queryFn={queryFn} />);
    await userEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Alpha")).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
  it("renders its default states at the heading level it is given", async () => {
    renderWithClient(<List queryFn={() => Promise.resolve([])} headingLevel={3} />);
    expect(await screen.findByRole("heading", { level: 3, name: "Nothing here yet" })).toBeInTheDocument();
  });
});
