import { describe, expect, it } from "vitest";
import { readDocument } from "./served-contract.ts";

describe("readDocument", () => {
  const schemes = { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "api_key" } } } };

  it("reads a .json document as JSON, and one that is not strict JSON as YAML reads it", () => {
    expect(readDocument(JSON.stringify(schemes), "openapi/openapi.json")).toEqual(schemes);
    // A trailing comma and a comment: JSON.parse refuses both, YAML (the generator's reader) takes them.
    const loose =
      '{"components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "api_key",}}}} # note';
    expect(readDocument(loose, "openapi/openapi.json")).toEqual(schemes);
  });

  it("reads a YAML document as YAML", () => {
    const yaml = "components:\n  securitySchemes:\n    key: { type: apiKey, in: header, name: api_key }\n";
    expect(readDocument(yaml, "openapi/openapi.yaml")).toEqual(schemes);
  });
});
