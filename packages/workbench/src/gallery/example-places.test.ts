import { describe, expect, it } from "vitest";
import type { ContractSchemas } from "../contract/contract-types.ts";
import { createValidator } from "../fixtures/check/validator.ts";
import { examplePlaces } from "./example-places.ts";

const contract: ContractSchemas = {
  openapi: "3.1.0",
  $schema: "https://json-schema.org/draft/2020-12/schema",
  components: {
    schemas: {
      PetList: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
      Category: { type: "object", properties: { name: { type: "string", examples: ["Dogs"] } } },
      Pet: {
        type: "object",
        properties: {
          name: { type: "string", examples: ["doggie"] },
          age: { type: "integer", minimum: 0, examples: [-1] },
          category: { $ref: "#/components/schemas/Category" },
        },
      },
    },
  },
  operations: {},
};
const source = { contract, validator: createValidator(contract) };
const PET = "#/components/schemas/Pet";

describe("examplePlaces", () => {
  it("names the values that are their schema's example, nested ones and a list's first item", () => {
    expect(examplePlaces(source, PET, { name: "doggie", age: 3, category: { name: "Dogs" } }, [])).toEqual([
      "Name",
      "Category › Name",
    ]);
    const list = [{ name: "doggie" }, { name: "doggie" }];
    expect(examplePlaces(source, "#/components/schemas/PetList", list, [])).toEqual(["first item › Name"]);
  });

  it("names none that differ, nor an example that breaks its own schema", () => {
    expect(examplePlaces(source, PET, { name: "Rex", age: -1, category: { name: "Cats" } }, [])).toEqual([]);
  });

  it("says the whole answer when the body is one of the response's examples", () => {
    const body = { name: "Rex" };
    expect(examplePlaces(source, PET, body, [{ name: "Other" }, { name: "Rex" }])).toEqual(["the whole answer"]);
  });
});
