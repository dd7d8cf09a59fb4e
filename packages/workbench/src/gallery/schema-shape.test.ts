import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../contract/contract-types.ts";
import { allowsString, fieldsOf, shapeOf } from "./schema-shape.ts";

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

describe("allowsString", () => {
  const schemas: Record<string, JsonSchema> = {
    Event: { oneOf: [{ $ref: "#/components/schemas/Done" }, { type: "object", properties: { delta: {} } }] },
    Done: { type: "object", required: ["type"], properties: { type: { const: "done" } } },
    Label: { type: ["string", "null"], maxLength: 20 },
  };
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it("is true where a string is allowed: a string type, a reference to one, an open schema, a string branch", () => {
    expect(allowsString({ type: "string" }, schemas)).toBe(true);
    expect(allowsString(ref("Label"), schemas)).toBe(true);
    expect(allowsString({}, schemas)).toBe(true);
    expect(allowsString(undefined, schemas)).toBe(true);
    expect(allowsString({ anyOf: [ref("Done"), { type: "string" }] }, schemas)).toBe(true);
    expect(allowsString({ enum: ["a", 1] }, schemas)).toBe(true);
  });

  it("is false where none is: objects, an event's branches, a number enum, an allOf with an object", () => {
    expect(allowsString(ref("Event"), schemas)).toBe(false);
    expect(allowsString({ properties: { id: {} } }, schemas)).toBe(false);
    expect(allowsString({ enum: [1, 2] }, schemas)).toBe(false);
    expect(allowsString({ allOf: [{ maxLength: 3 }, ref("Done")] }, schemas)).toBe(false);
  });
});
