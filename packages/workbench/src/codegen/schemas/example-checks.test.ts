import { describe, expect, it } from "vitest";
import type { ContractSchemas, JsonSchema } from "../../contract/contract-types.ts";
import { schemaPointer } from "../../contract/pointer.ts";
import { createValidator } from "../../fixtures/check/validator.ts";
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

// `npm run api` warns about an example the fixtures would then refuse to serve (or the other
// way round) only if both give it one verdict: they share one Ajv configuration.
describe("an example's verdict", () => {
  /** Each case: a schema, and its examples with the verdict the contract gives each (true: it keeps the schema). */
  const cases: Record<string, { schema: JsonSchema; examples: Array<[example: unknown, keeps: boolean]> }> = {
    int32: {
      schema: { type: "integer", format: "int32" },
      examples: [
        [2147483647, true],
        [2147483648, false],
        [-2147483649, false],
      ],
    },
    // `constructor` is on every object's prototype: only an own property answers `required`.
    inheritedRequired: {
      schema: { type: "object", required: ["constructor"] },
      examples: [
        [{}, false],
        [{ constructor: "made here" }, true],
      ],
    },
    // `toString` is inherited, not written: the example has no such property to check.
    inheritedProperty: {
      schema: { type: "object", properties: { toString: { type: "string" } } },
      examples: [
        [{}, true],
        [{ toString: 42 }, false],
      ],
    },
    pattern: {
      schema: { type: "string", pattern: "^[a-z]+-[0-9]+$" },
      examples: [
        ["pet-7", true],
        ["Pet 7", false],
      ],
    },
  };
  const names = Object.keys(cases);
  const document = {
    openapi: "3.1.0",
    $schema: "https://json-schema.org/draft/2020-12/schema",
    components: { schemas: {} },
    operations: Object.fromEntries(
      names.map((name) => [
        name,
        {
          parameters: [],
          requestBody: null,
          responses: {
            "200": {
              content: {
                "application/json": { schema: cases[name]!.schema, examples: cases[name]!.examples.map(([e]) => e) },
              },
            },
          },
        },
      ]),
    ),
  } satisfies ContractSchemas;
  const exampleSites = names.map((name) => ({
    contract: `/operations/${name}/responses/200/content/application~1json`,
    count: cases[name]!.examples.length,
  }));

  it.each(names)("of %s is the same in npm run api's check and in the fixtures, and the contract's", (name) => {
    const site = names.indexOf(name);
    const { broken } = findBrokenExamples(document, exampleSites, 10_000);
    const validator = createValidator(document);
    const pointer = schemaPointer(name, "responses", "200", "content", "application/json", "schema");
    const verdicts = cases[name]!.examples.map(([example, keeps], index) => ({
      example,
      keeps,
      api: !broken.some((each) => each.site === site && each.index === index),
      fixtures: validator.check(pointer, example).length === 0,
    }));
    expect(verdicts).toEqual(verdicts.map((each) => ({ ...each, api: each.keeps, fixtures: each.keeps })));
  });
});
