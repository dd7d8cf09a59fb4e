import { describe, expect, it } from "vitest";
import { findBrokenExamples } from "./example-checks.ts";

/** A media type of contract.json: its schema and its examples. */
const media = (schema: object, examples: unknown[]) => ({ schema, examples });

const contract = {
  $schema: "https://spec.openapis.org/oas/3.1/dialect/base",
  components: {
    schemas: { Code: { type: "string", pattern: "^[0-9]{4}$" } },
  },
  operations: {
    first: { content: { "application/json": media({ $ref: "#/components/schemas/Code" }, ["1981"]) } },
    // The same schema as `first`, by value: one validator serves both.
    second: { content: { "application/json": media({ $ref: "#/components/schemas/Code" }, ["2024", "soon"]) } },
    // Nearly the same schemas: each keeps its own validator.
    short: { content: { "application/json": media({ type: "string", maxLength: 3 }, ["abcd"]) } },
    long: { content: { "application/json": media({ type: "string", maxLength: 5 }, ["abcd"]) } },
  },
};

const sites = ["first", "second", "short", "long"].map((name) => ({
  contract: `/operations/${name}/content/application~1json`,
  count: contract.operations[name as keyof typeof contract.operations].content["application/json"].examples.length,
}));

describe("findBrokenExamples", () => {
  it("names each broken example by its own site, when sites share a schema or nearly do", () => {
    expect(findBrokenExamples(contract, sites, 10_000)).toEqual({
      broken: [
        { site: 1, index: 1, at: '/ must match pattern "^[0-9]{4}$"' },
        { site: 2, index: 0, at: "/ must NOT have more than 3 characters" },
      ],
      checked: 5,
      unchecked: 0,
    });
  });

  it("leaves the sites after the time allowed unchecked, and counts their examples", () => {
    expect(findBrokenExamples(contract, sites, -1)).toEqual({ broken: [], checked: 0, unchecked: 5 });
  });
});
