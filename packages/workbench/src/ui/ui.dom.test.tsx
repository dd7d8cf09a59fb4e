import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@contract-workbench/runtime";
import { Button } from "./button.tsx";
import { EmptyState } from "./empty-state.tsx";
import { ErrorState } from "./error-state.tsx";
import { Spinner } from "./spinner.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "./table.tsx";
import { TextField } from "./text-field.tsx";

describe("the package's default components", () => {
  it("Button never submits by accident, and while loading stays focusable, says busy and ignores clicks", () => {
    const clicked = vi.fn();
    render(
      <Button loading onClick={clicked}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveAttribute("type", "button");
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).not.toBeDisabled();
    fireEvent.click(button);
    expect(clicked).not.toHaveBeenCalled();
  });

  it("Spinner and EmptyState say what they are to assistive technology", () => {
    render(
      <>
        <Spinner label="Calling listPets…" />
        <EmptyState headingLevel={3} title="No content" description="HTTP 204: no body." />
      </>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Calling listPets…");
    expect(screen.getByRole("heading", { level: 3, name: "No content" })).toBeVisible();
  });

  it("ErrorState is an alert naming the status, with a retry that gets no event", () => {
    const retried = vi.fn();
    const error = new ApiError({ kind: "http", status: 503, message: "GET /pets answered 503" });
    render(<ErrorState error={error} onRetry={retried} />);
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Something went wrong (HTTP 503)" })).toBeVisible();
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(retried).toHaveBeenCalledWith();
  });

  it("Table's header cells are column headers in its header and row headers in its body", () => {
    render(
      <Table>
        <TableCaption visuallyHidden>Folders</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Folder</TableHead>
            <TableHead>Operations</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableHead>pets</TableHead>
            <TableCell>3</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole("table", { name: "Folders" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Folder", "Operations"]);
    expect(screen.getByRole("rowheader", { name: "pets" })).toBeInTheDocument();
  });

  it("TextField labels its input and describes it with its hint, then its error", () => {
    render(<TextField label="Email" hint="We never share it." error="Enter an email address." />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("We never share it. Enter an email address.");
  });
});
