import type { OpenAPI3 } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { buildManifest } from "./manifest.ts";

const answer = { responses: { "204": { description: "done" } } };

describe("the manifest's server paths (what the mock server serves under, besides the root)", () => {
  it("lists each server's path once, from the document, its path items and its operations, without host or closing slash", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "Servers", version: "1" },
      servers: [{ url: "https://{region}.example.com/v1/" }, { url: "/" }, { url: "https://example.com" }],
      paths: {
        "/pets": { servers: [{ url: "//cdn.example.com/v2?x=1" }], get: { operationId: "listPets", ...answer } },
        "/owners": { get: { operationId: "listOwners", servers: [{ url: "api/{tenant}" }], ...answer } },
      },
    } as unknown as OpenAPI3;
    expect(buildManifest(document).servers).toEqual(["/api/{tenant}", "/v1", "/v2"]);
  });

  it("says nothing when every server is at its host's root", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "Root", version: "1" },
      servers: [{ url: "https://example.com/" }],
      paths: { "/pets": { get: { operationId: "listPets", ...answer } } },
    } as unknown as OpenAPI3;
    expect(buildManifest(document)).not.toHaveProperty("servers");
  });
});
