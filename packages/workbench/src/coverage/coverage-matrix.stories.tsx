import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { identity } from "virtual:contract-workbench/product";
import { clinicManifest } from "../../../../tests/contracts/clinic/fixtures.ts";
import { coverageReport } from "./coverage-report.ts";
import { CoverageMatrix } from "./coverage-matrix.tsx";

// Reports computed, as `npm run coverage:contract` computes them, for the gallery's test
// contract (tests/contracts/clinic/openapi.yaml: 24 pairs) and recorded runs made up here.
const always = () => true;
const partly = coverageReport(
  clinicManifest,
  [
    {
      version: 1,
      project: "storybook",
      modules: {
        "src/features/pets/pets-list.stories.tsx": {
          tests: {
            Default: [{ operationId: "listPets", status: "200" }],
            "Server error": [{ operationId: "listPets", status: "500" }],
          },
        },
      },
    },
    {
      version: 1,
      project: "unit",
      modules: {
        "src/features/pets/pet-card.test.tsx": {
          tests: {
            "PetCard > shows the pet": [{ operationId: "getPet", status: "200" }],
            "PetCard > says when it is gone": [
              { operationId: "getPet", status: "404" },
              { operationId: "listPets", status: "200" },
            ],
          },
        },
      },
    },
  ],
  0,
  always,
);

const meta = {
  title: "Workbench internals/CoverageMatrix",
  component: CoverageMatrix,
  parameters: { layout: "padded" },
} satisfies Meta<typeof CoverageMatrix>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Some pairs covered: each covered cell counts the tests that exercised it. */
export const PartlyCovered: Story = {
  args: { report: partly },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Covered 4 of 24 operation×status pairs/)).toBeVisible();
    const listPets = canvas.getByRole("row", { name: /listPets/ });
    await expect(within(listPets).getByRole("cell", { name: "✓ 2 covered by 2 tests" })).toBeVisible();
    await expect(within(listPets).getByRole("cell", { name: "✗ not covered" })).toBeVisible();
    await expect(canvas.getAllByRole("row")).toHaveLength(clinicManifest.operations.length + 1);
  },
};

/** Below the threshold: the summary says that the test run fails. */
export const BelowThreshold: Story = {
  args: { report: { ...partly, threshold: 50, passed: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/below the threshold, so the test run fails/)).toBeVisible();
  },
};

/** Before the first test run nothing is recorded, and the page says how to record. */
export const NotRecordedYet: Story = {
  args: { report: coverageReport(clinicManifest, [], 0, always) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No test run recorded yet/)).toBeVisible();
  },
};

/** The product's contract today: no operations, so nothing to cover. */
export const EmptyContract: Story = {
  args: {
    report: coverageReport(
      { title: "API", version: "0.0.0", openapi: "3.1.0", operations: [], schemas: [] },
      [],
      0,
      always,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Nothing to cover yet" })).toBeVisible();
    await expect(canvas.getByText(/^Covered 0 of 0 operation×status pairs \(100\.0%; threshold 0%\)/)).toBeVisible();
  },
};

/** A service's document (the identity provider's endpoints): counted the same way, for information, with no threshold. */
export const ServiceDocument: Story = {
  args: {
    report: coverageReport(
      identity?.manifest ?? { title: "Identity", version: "0", openapi: "3.1.0", operations: [], schemas: [] },
      [
        {
          version: 1,
          project: "unit",
          modules: {
            "src/app/identity.test.tsx": {
              tests: {
                "identity in the app > signs up": [{ contract: "identity", operationId: "signUp", status: "200" }],
                // The product's own operation of the same name counts for the product only.
                "identity in the app > lists": [{ operationId: "signUp", status: "400" }],
              },
            },
          },
        },
      ],
      0,
      always,
      "identity",
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(/^Covered 1 of 10 operation×status pairs \(10\.0%; a service's document, no threshold\)\.$/),
    ).toBeVisible();
    const signUp = canvas.getByRole("row", { name: /signUp/ });
    await expect(within(signUp).getByRole("cell", { name: "✓ 1 covered by 1 test" })).toBeVisible();
    await expect(within(signUp).getByRole("cell", { name: "✗ not covered" })).toBeVisible();
  },
};
