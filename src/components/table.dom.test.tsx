import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/table.tsx";

function Resources({ captionHidden = false }: { captionHidden?: boolean }) {
  return (
    <Table data-testid="table" className="extra">
      <TableCaption visuallyHidden={captionHidden}>Resources</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Resource</TableHead>
          <TableHead>Records</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow data-resource="pets">
          <TableHead>pets</TableHead>
          <TableCell>12</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

describe("Table", () => {
  it("is a native table named by its caption", () => {
    render(<Resources />);
    const table = screen.getByRole("table", { name: "Resources" });
    expect(table.tagName).toBe("TABLE");
    expect(table).toHaveAttribute("data-testid", "table");
    expect(table).toHaveClass("table", "extra");
  });

  it("makes a header cell a column header in the header and a row header in the body", () => {
    render(<Resources />);
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Resource", "Records"]);
    const rowHeader = screen.getByRole("rowheader", { name: "pets" });
    expect(rowHeader).toHaveAttribute("scope", "row");
    expect(screen.getByRole("columnheader", { name: "Resource" })).toHaveAttribute("scope", "col");
  });

  it("keeps a scope it is given", () => {
    render(
      <Table>
        <TableBody>
          <TableRow>
            <TableHead scope="col">Alone</TableHead>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole("columnheader", { name: "Alone" })).toHaveAttribute("scope", "col");
  });

  it("passes native props to rows and cells", () => {
    render(<Resources />);
    const row = screen.getByRole("row", { name: "pets 12" });
    expect(row).toHaveAttribute("data-resource", "pets");
    expect(within(row).getByRole("cell", { name: "12" })).toHaveClass("table__cell");
  });

  it("hides the caption visually only when asked, keeping the name", () => {
    const { unmount } = render(<Resources />);
    expect(screen.getByText("Resources")).not.toHaveClass("visually-hidden");
    unmount();
    render(<Resources captionHidden />);
    expect(screen.getByText("Resources")).toHaveClass("visually-hidden");
    expect(screen.getByRole("table", { name: "Resources" })).toBeInTheDocument();
  });
});
