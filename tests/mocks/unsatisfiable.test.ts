// A schema no value satisfies (an empty `enum`) does not crash the fixtures with the
// generator's stack trace: the answer that needs it is a located violation, and the
// other operations answer as usual. The contract is built as contract.json holds it
// (`npm run api` warns about an empty enum; it does not make it valid).
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { describe, expect, it, vi } from "vitest";
import type { ContractSchemas, JsonSchema } from "@/api/contract-types";
import type { Manifest } from "@/api/manifest-types";
import { createFixtures } from "@/api/mocks/contract-fixtures";
import { formatViolation, takeViolations } from "@/api/mocks/violations";

const json = (schema: JsonSchema) => ({ content: { "application/json": { schema, examples: [] } } });
const operation = (operationId: string, path: string) => ({
  operationId,
  method: "get" as const,
  path,
  summary: null,
  tags: [],
  parameters: [],
  requestBody: null,
  responses: [{ status: "200", mediaTypes: ["application/json"] }],
  security: [],
});
const manifest: Manifest = {
  title: "Unsatisfiable",
  version: "1",
  openapi: "3.1.0",
  schemas: [{ name: "Kind", hash: "k" }],
  operations: [operation("getKind", "/kind"), operation("getInline", "/inline"), operation("getName", "/name")],
};
const contract: ContractSchemas = {
  openapi: "3.1.0",
  $schema: "https://json-schema.org/draft/2020-12/schema",
  components: { schemas: { Kind: { type: "string", enum: [] } } },
  operations: {
    getKind: {
      parameters: [],
      requestBody: null,
      responses: { "200": json({ type: "object", properties: { kind: { $ref: "#/components/schemas/Kind" } } }) },
    },
    getInline: {
      parameters: [],
      requestBody: null,
      responses: { "200": json({ type: "array", items: { enum: [] } }) },
    },
    getName: { parameters: [], requestBody: null, responses: { "200": json({ type: "string", maxLength: 3 }) } },
  },
};

describe("an empty enum", () => {
  it("is a violation naming where it is, not a stack trace, and the rest still answers", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fixtures = createFixtures(manifest, contract);
    expect(fixtures.fixture("getKind", "200")).toBeUndefined();
    expect(fixtures.fixture("getInline", "200")).toBeUndefined();
    expect(fixtures.fixture("getName", "200")).toEqual(expect.any(String));
    expect(takeViolations().map(formatViolation)).toEqual([
      "getKind → 200 fixture data: expected a schema some value satisfies, got an empty enum at " +
        "#/components/schemas/Kind/enum, which no value satisfies",
      "getInline → 200 fixture data: expected a schema some value satisfies, got an empty enum at " +
        "#/operations/getInline/responses/200/content/application~1json/schema/items/enum, which no value satisfies",
    ]);
    vi.restoreAllMocks();
  });
});

describe("an empty enum in an exchange a handler answers", () => {
  it("fails the exchange naming where the empty enum is", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fixtures = createFixtures(manifest, contract);
    const server = setupServer(http.get("*/kind", () => HttpResponse.json({ kind: "a" })));
    fixtures.observe(server.events);
    server.listen({ onUnhandledFrame: "error" });
    try {
      await fetch("http://api.test/kind");
      await fixtures.settled();
    } finally {
      server.close();
    }
    expect(takeViolations().map(formatViolation)).toEqual([
      "getKind → 200 response body: expected a schema the validator can compile, got an empty enum at " +
        "#/components/schemas/Kind/enum, #/operations/getInline/responses/200/content/application~1json/schema/items/enum, " +
        "which no value satisfies",
    ]);
    vi.restoreAllMocks();
  });
});
