import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../contract/contract-types";
import { fieldsOf, shapeOf } from "./schema-shape";

describe("a schema whose names Object.prototype also has", () => {
  // Parsed from text, as contract.json is: `__proto__` is an own key.
  const schemas = JSON.parse(
    JSON.stringify({
      constructor: {
        allOf: [{ $ref: "#/components/schemas/__proto__" }],
        properties: { hasOwnProperty: { type: "string", title: "Own" } },
      },
      ["__proto__"]: {
        type: "object",
        properties: { ["__proto__"]: { type: "integer" }, valueOf: { type: "string" } },
      },
    }),
  ) as Record<string, JsonSchema>;

  it("follows references to them and keeps each property", () => {
    const value = JSON.parse('{"__proto__": 1, "hasOwnProperty": "x"}') as Record<string, unknown>;
    const shape = shapeOf({ $ref: "#/components/schemas/constructor" }, value, schemas);
    expect(shape.properties.map(([name]) => name)).toEqual(["__proto__", "valueOf", "hasOwnProperty"]);
    // Only what the value holds as its own: it inherits `valueOf`, it does not have one.
    expect(fieldsOf(shape, value).map(([name]) => name)).toEqual(["__proto__", "hasOwnProperty"]);
  });

  it("knows no schema by a name the contract does not declare", () => {
    expect(shapeOf({ $ref: "#/components/schemas/toString" }, {}, schemas).properties).toEqual([]);
  });
});
