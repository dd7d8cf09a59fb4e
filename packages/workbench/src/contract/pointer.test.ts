// A schema that is nothing but a local `$ref` stands for the schema it names (what the
// fixtures' checks compile once per component); any other schema stands for itself.
import { describe, expect, it } from "vitest";
import { referencedPointer, valueAt } from "./pointer.ts";

const document = {
  operations: {
    getPet: { schema: { $ref: "#/components/schemas/Pet" } },
    listPets: { schema: { $ref: "#/components/schemas/Pet", description: "one pet" } },
    getAlias: { schema: { $ref: "#/components/schemas/Alias" } },
    getMissing: { schema: { $ref: "#/components/schemas/Missing" } },
    getLoop: { schema: { $ref: "#/components/schemas/Loop" } },
  },
  components: {
    schemas: {
      Pet: { type: "object" },
      Alias: { $ref: "#/components/schemas/Pet" },
      Loop: { $ref: "#/operations/getLoop/schema" },
      "a/b": { $ref: "#/components/schemas/Pet" },
      Scoped: { $id: "other", properties: { pet: { $ref: "#/components/schemas/Pet" } } },
    },
  },
};

describe("referencedPointer", () => {
  it("follows a bare reference, and a chain of them, to the schema named", () => {
    expect(referencedPointer(document, "#/operations/getPet/schema")).toBe("#/components/schemas/Pet");
    expect(referencedPointer(document, "#/operations/getAlias/schema")).toBe("#/components/schemas/Pet");
    expect(referencedPointer(document, "#/components/schemas/a~1b")).toBe("#/components/schemas/Pet");
  });

  it("keeps a reference beside other keywords, one below an $id, a missing target and a schema of its own", () => {
    expect(referencedPointer(document, "#/operations/listPets/schema")).toBe("#/operations/listPets/schema");
    expect(referencedPointer(document, "#/components/schemas/Scoped/properties/pet")).toBe(
      "#/components/schemas/Scoped/properties/pet",
    );
    expect(referencedPointer(document, "#/operations/getMissing/schema")).toBe("#/operations/getMissing/schema");
    expect(referencedPointer(document, "#/components/schemas/Pet")).toBe("#/components/schemas/Pet");
    expect(referencedPointer(document, "#/nowhere")).toBe("#/nowhere");
  });

  it("stops on a cycle of references", () => {
    expect(referencedPointer(document, "#/operations/getLoop/schema")).toMatch(/^#\//);
  });
});

describe("valueAt", () => {
  const paths = { "/{authenticator}/{account}": { patch: { schema: { type: "object" } } }, "/100%": { get: 1 } };

  it("reads a `$ref`'s percent-encoded segment as the key it encodes (Conjur's `~1%7Bauthenticator%7D`)", () => {
    expect(valueAt({ paths }, "#/paths/~1%7Bauthenticator%7D~1%7Baccount%7D/patch/schema")).toEqual({
      type: "object",
    });
  });

  it("prefers a key written with its percent sign, and tells a malformed escape's missing key", () => {
    expect(valueAt({ paths }, "#/paths/~1100%/get")).toBe(1);
    expect(valueAt({ paths }, "#/paths/~1%E0%A4%A/get")).toBeUndefined();
  });
});
