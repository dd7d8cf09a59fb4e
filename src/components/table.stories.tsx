import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/table.tsx";

const meta = {
  title: "Foundations/Table",
  component: Table,
  tags: ["autodocs"],
  // Table adds no props of its own to the native <table>'s: these are the ones that matter.
  argTypes: {
    "aria-labelledby": {
      description: "The id of the heading that names the table, when no `TableCaption` does.",
      control: false,
      table: { type: { summary: "string" } },
    },
    className: {
      description: "Classes beside the table's own `table` class.",
      control: false,
      table: { type: { summary: "string" } },
    },
  },
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

const operations = [
  { method: "GET", path: "/things", operation: "listThings", tags: "things" },
  { method: "POST", path: "/things", operation: "createThing", tags: "things" },
  { method: "GET", path: "/things/{id}", operation: "getThing", tags: "things" },
  { method: "DELETE", path: "/things/{id}", operation: "deleteThing", tags: "things, admin" },
];

/** Column headers only, named by a visually hidden caption: the contract overview's shape. */
export const ColumnHeaders: Story = {
  render: (args) => (
    <Table {...args}>
      <TableCaption visuallyHidden>Operations in the contract</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Method</TableHead>
          <TableHead>Path</TableHead>
          <TableHead>Operation</TableHead>
          <TableHead>Tags</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {operations.map((row) => (
          <TableRow key={`${row.method} ${row.path}`}>
            <TableCell>
              <code>{row.method}</code>
            </TableCell>
            <TableCell>
              <code>{row.path}</code>
            </TableCell>
            <TableCell>{row.operation}</TableCell>
            <TableCell>{row.tags}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Operations in the contract" });
    await expect(within(table).getAllByRole("columnheader")).toHaveLength(4);
    await expect(within(table).getAllByRole("row")).toHaveLength(operations.length + 1);
    await expect(within(table).getByRole("cell", { name: "getThing" })).toBeVisible();
  },
};

/** A visible caption and a header cell starting each row: the mock data panel's shape. */
export const RowHeaders: Story = {
  render: (args) => (
    <Table {...args}>
      <TableCaption>Resources and their records</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Resource</TableHead>
          <TableHead>Records</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableHead>owners</TableHead>
          <TableCell>3</TableCell>
        </TableRow>
        <TableRow>
          <TableHead>pets</TableHead>
          <TableCell>12</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Resources and their records" });
    await expect(within(table).getByText("Resources and their records")).toBeVisible();
    await expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["owners", "pets"]);
  },
};

/**
 * Right to left with Hebrew copy: cells start on the right, as the text does. Code stays
 * left to right (`dir="ltr"`), so `--space-2` does not read as `space-2--`.
 */
export const RightToLeft: Story = {
  globals: { direction: "rtl" },
  render: (args) => (
    <Table {...args}>
      <TableCaption visuallyHidden>אסימוני עיצוב</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>אסימון</TableHead>
          <TableHead>ערך</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>
            <code dir="ltr">--space-2</code>
          </TableCell>
          <TableCell>
            <code dir="ltr">0.5rem</code>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByRole("columnheader", { name: "אסימון" });
    await expect(getComputedStyle(header).textAlign).toBe("start");
    await expect(within(canvasElement).getByText("--space-2")).toBeVisible();
    await expect(header.getBoundingClientRect().right).toBeGreaterThan(
      within(canvasElement).getByRole("columnheader", { name: "ערך" }).getBoundingClientRect().right,
    );
  },
};
