import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { clinic, clinicContract, schemaRef } from "../../../../tests/contracts/clinic/fixtures.ts";
import { MAX_ROWS, SchemaView } from "./schema-view.tsx";

// Data generated from the gallery's test contract (tests/contracts/clinic/openapi.yaml)
// by the same fixtures the product's contract gets: what the gallery shows, one shape each.
const schemas = clinicContract.components.schemas;
const owner = clinic.fixture("getOwner", 200);
// A dozen rows: enough to read as a table, few enough for axe to check quickly (ManyRows has more).
const pets = clinic.fixture("listPets", 200).slice(0, 12);
const problem = clinic.fixture("createPet", 422);

const meta = {
  title: "Workbench internals/SchemaView",
  component: SchemaView,
  args: { schemas, label: "Response body" },
  parameters: { layout: "padded" },
} satisfies Meta<typeof SchemaView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An object as labelled fields, in the contract's order; a nested object as a group; a nested array of objects as a table. */
export const NestedObject: Story = {
  args: { value: owner, schema: schemaRef("Owner") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const labels = Array.from(canvasElement.querySelectorAll(".schema-view > dl > div > dt"), (dt) => dt.textContent);
    await expect(labels.slice(0, 3)).toEqual(["ID", "Full name", "Email"]);
    await expect(canvas.getByText(owner.fullName)).toBeVisible();
    await expect(canvas.getByRole("link", { name: owner.email })).toHaveAttribute("href", `mailto:${owner.email}`);
    // memberSince is a date-time: shown as people read it, the exact value kept for machines.
    await expect(canvasElement.querySelector(`time[datetime="${owner.memberSince}"]`)).toHaveTextContent(/UTC$/);
    await expect(canvas.getByRole("table", { name: "Pets" })).toBeVisible();
  },
};

/** An array of objects as a table: one column per property, nested objects inline, lists of scalars joined. */
export const TableOfObjects: Story = {
  args: {
    value: pets,
    schema: clinicContract.operations.listPets?.responses["200"]?.content["application/json"]?.schema,
  },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Response body" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    await expect(headers.slice(0, 5)).toEqual(["ID", "Name", "Species", "Birth date", "Vaccinated"]);
    await expect(table.querySelectorAll("tbody tr")).toHaveLength(pets.length);
    // The table scrolls sideways in its own region, which a keyboard can reach.
    await expect(within(canvasElement).getByRole("region", { name: "Response body" })).toHaveAttribute("tabindex", "0");
  },
};

/**
 * Tables with the same name in different places (GitHub's branch protection lists `users`
 * twice): each region is named by where it is, so a screen reader tells them apart and axe's
 * landmark-unique holds.
 */
export const SameNamesInDifferentPlaces: Story = {
  args: {
    value: {
      reviewers: { users: [{ login: "ada" }] },
      bypass: { users: [{ login: "grace" }] },
    },
    schema: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Reviewers › Users" })).toHaveTextContent("ada");
    await expect(canvas.getByRole("region", { name: "Bypass › Users" })).toHaveTextContent("grace");
  },
};

/** A list of scalars; booleans as Yes/No, enums as badges, null as `null` (an explicit empty value). */
export const Scalars: Story = {
  args: {
    value: { tags: ["indoor", "senior"], vaccinated: false, species: "cat", notes: null, weightKg: 4.25 },
    schema: schemaRef("Pet"),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("list", { name: "Tags" })).toHaveTextContent("indoorsenior");
    await expect(canvas.getByText("No")).toBeVisible();
    await expect(canvas.getByText("cat")).toHaveClass("schema-view__enum");
    await expect(canvas.getByText("null")).toHaveClass("schema-view__null");
    await expect(canvas.queryByText("None")).toBeNull();
    await expect(canvas.getByText("4.25")).toBeVisible();
  },
};

/** Problem details with an extension member (field errors): every member shown. */
export const ProblemDetails: Story = {
  args: { value: problem, schema: schemaRef("ValidationProblem") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Unprocessable Content")).toBeVisible();
    await expect(canvas.getByRole("table", { name: "Errors" })).toBeVisible();
  },
};

/** A text body (text/plain) keeps its line breaks. */
export const Text: Story = {
  args: { value: "Booster due in March.\nAllergic to chicken.", schema: { type: "string" }, label: "Notes" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Booster due in March/)).toHaveClass("schema-view__text");
  },
};

/** An empty collection says so instead of rendering an empty table. */
export const EmptyCollection: Story = {
  args: {
    value: [],
    schema: clinicContract.operations.listPets?.responses["200"]?.content["application/json"]?.schema,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No items")).toBeVisible();
  },
};

/** Long text from the `long-text` scenario wraps inside the page instead of widening it. */
export const LongText: Story = {
  args: { value: clinic.fixture("getOwner", 200, "long-text"), schema: schemaRef("Owner") },
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement }) => {
    const fields = canvasElement.querySelector(".schema-view > dl");
    await expect(fields).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** More rows than a table shows: the first ones, and how many there are in all. */
export const ManyRows: Story = {
  args: {
    value: Array.from({ length: MAX_ROWS + 20 }, (_, index) => ({ id: index + 1, name: `Pet ${index + 1}` })),
    schema: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("tbody tr")).toHaveLength(MAX_ROWS);
    await expect(within(canvasElement).getByText(`Showing the first ${MAX_ROWS} of ${MAX_ROWS + 20}.`)).toBeVisible();
  },
};
