import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { clinicContract, schemaRef } from "../../../../tests/contracts/clinic/fixtures.ts";
import { labelOf, shapeOf } from "./schema-shape.ts";
import { MAX_ROWS, SchemaView } from "./schema-view.tsx";

const schemas = clinicContract.components.schemas;

describe("labelOf", () => {
  it("puts property names in words, with acronyms in capitals, and prefers the schema's title", () => {
    expect(labelOf("birthDate")).toBe("Birth date");
    expect(labelOf("birth_date")).toBe("Birth date");
    expect(labelOf("photoURL")).toBe("Photo URL");
    expect(labelOf("ownerId")).toBe("Owner ID");
    expect(labelOf("weightKg", "Weight (kg)")).toBe("Weight (kg)");
  });
});

describe("shapeOf", () => {
  it("follows references and merges allOf, so problem details keep their extension members", () => {
    const shape = shapeOf(schemaRef("ValidationProblem"), {}, schemas);
    expect(shape.properties.map(([name]) => name)).toEqual(["type", "title", "status", "detail", "instance", "errors"]);
  });

  it("picks the oneOf branch that fits the value", () => {
    const schema = {
      oneOf: [
        { type: "object", required: ["card"], properties: { card: { type: "string" } } },
        { type: "object", required: ["iban"], properties: { iban: { type: "string", title: "IBAN" } } },
      ],
    };
    expect(shapeOf(schema, { iban: "DE89" }, schemas).properties.map(([name]) => name)).toEqual(["iban"]);
  });

  it("gives an empty shape for a reference it cannot follow, and the view falls back on the data", () => {
    expect(shapeOf({ $ref: "#/components/schemas/Missing" }, 1, schemas).type).toBeUndefined();
    render(<SchemaView label="Body" value={{ count: 3 }} schema={{ $ref: "#/components/schemas/Missing" }} />);
    expect(screen.getByText("Count")).toBeInTheDocument();
    expect(screen.getByText("3")).toBeInTheDocument();
  });
});

describe("SchemaView", () => {
  it("labels an object's fields in the contract's order, then fields the contract does not name", () => {
    render(
      <SchemaView
        label="Response body"
        schemas={schemas}
        schema={schemaRef("OwnerSummary")}
        value={{ nickname: "Bo", fullName: "Bo Diddley", id: "own_abcdefgh" }}
      />,
    );
    const labels = screen.getAllByRole("term").map((term) => term.textContent);
    expect(labels).toEqual(["ID", "Full name", "Nickname"]);
    expect(screen.getAllByRole("definition").map((value) => value.textContent)).toEqual([
      "own_abcdefgh",
      "Bo Diddley",
      "Bo",
    ]);
  });

  it("shows dates for people and keeps the exact value, and booleans as Yes or No", () => {
    render(
      <SchemaView
        label="Response body"
        schemas={schemas}
        schema={schemaRef("Pet")}
        value={{ id: 1, name: "Rex", species: "dog", vaccinated: true, birthDate: "2020-02-29" }}
      />,
    );
    const born = screen.getByText("Feb 29, 2020");
    expect(born.tagName).toBe("TIME");
    expect(born).toHaveAttribute("datetime", "2020-02-29");
    expect(screen.getByText("Yes")).toBeInTheDocument();
  });

  it("shows an array of objects as a table and caps its rows, saying how many there are", () => {
    const rows = Array.from({ length: MAX_ROWS + 5 }, (_, index) => ({ id: index, name: `Pet ${index}` }));
    render(<SchemaView label="Pets" value={rows} />);
    const table = screen.getByRole("table", { name: "Pets" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["ID", "Name"]);
    expect(within(table).getAllByRole("row")).toHaveLength(MAX_ROWS + 1);
    expect(screen.getByText(`Showing the first ${MAX_ROWS} of ${MAX_ROWS + 5}.`)).toBeInTheDocument();
  });

  it("shows an array of scalars as a list and an empty one as such", () => {
    const { rerender } = render(<SchemaView label="Tags" value={["a", "b"]} />);
    expect(within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem")).toHaveLength(2);
    rerender(<SchemaView label="Tags" value={[]} />);
    expect(screen.getByText("No items")).toBeInTheDocument();
  });

  it("shows null as an explicit empty value, and a field a row lacks apart from it", () => {
    render(<SchemaView label="Pets" value={[{ name: "Rex", notes: null }, { name: "Bo" }]} />);
    const [, first, second] = within(screen.getByRole("table", { name: "Pets" })).getAllByRole("row");
    expect(within(first!).getByText("null")).toHaveClass("schema-view__null");
    expect(within(second!).getByText("not given")).toHaveClass("visually-hidden");
    expect(screen.queryByText("None")).not.toBeInTheDocument();
  });

  it("stops at a depth and shows the rest as JSON, so recursive data cannot hang the page", () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let level = 0; level < 10; level++) deep = { child: deep };
    render(<SchemaView label="Tree" value={deep} />);
    expect(screen.getByText(/\{"child":\{"child":/)).toBeInTheDocument();
  });
});
