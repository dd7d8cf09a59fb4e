// Property: whatever the seed and scenario, data generated from a schema of the
// contract validates against that schema. Over every named schema and every
// response body of the tests' contracts (3.1 and 3.0) and the example contract.
import { assert, constantFrom, nat, property } from "fast-check";
import { describe, expect, it } from "vitest";
import { createFixtureData, type DataScenario } from "@/api/mocks/fixture-data";
import { schemaPointer } from "@/api/mocks/exchange-check";
import { createValidator, pointerSegment } from "@/api/mocks/validator";
import { generatedContract, loadContract, TEST_CONTRACTS } from "./contracts.ts";

const SCENARIOS: DataScenario[] = ["default", "empty", "many", "long-text"];
const contracts = [
  ...(await Promise.all(TEST_CONTRACTS.map(loadContract))),
  generatedContract("tests/example-contract/generated"),
];

describe.each(contracts.map((loaded) => [loaded.name, loaded] as const))("data generated for %s", (_name, loaded) => {
  const validator = createValidator(loaded.contract);
  const data = createFixtureData(loaded.contract, validator);
  const pointers = [
    ...Object.keys(loaded.contract.components.schemas).map((name) => `#/components/schemas/${pointerSegment(name)}`),
    ...Object.entries(loaded.contract.operations).flatMap(([id, operation]) => [
      ...Object.entries(operation.responses).flatMap(([status, response]) =>
        Object.entries(response.content)
          .filter(([, media]) => media.schema !== undefined)
          .map(([mediaType]) => schemaPointer(id, "responses", status, "content", mediaType, "schema")),
      ),
      ...Object.entries(operation.requestBody?.content ?? {})
        .filter(([, media]) => media.schema !== undefined)
        .map(([mediaType]) => schemaPointer(id, "requestBody", "content", mediaType, "schema")),
      ...operation.parameters.flatMap((parameter, index) =>
        parameter.schema === undefined ? [] : [schemaPointer(id, "parameters", String(index), "schema")],
      ),
    ]),
  ];

  it("has schemas to generate from", () => {
    expect(pointers.length).toBeGreaterThan(3);
  });

  it.each(pointers)("always validates against %s", (pointer) => {
    assert(
      property(nat({ max: 2 ** 31 }), constantFrom(...SCENARIOS), (seed, scenario) => {
        const { value, failures } = data.generate(pointer, { seed, scenario });
        expect(failures, JSON.stringify(value)).toEqual([]);
        expect(validator.check(pointer, value)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
