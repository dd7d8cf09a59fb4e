// Any valid name works: operationIds, schema names, tags and property names equal
// to Object.prototype's (`__proto__`, `constructor`, `hasOwnProperty`, …) go through
// the fixtures (default answers, overrides, sample requests, scenarios) and the
// contract check. The contract is read from JSON text, as `contract.json` is, so
// `__proto__` is an own key as it is in the file.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@/api/contract-types";
import type { Manifest, ManifestOperation } from "@/api/manifest-types";
import { createFixtures } from "@/api/mocks/contract-fixtures";
import { setScenario } from "@/api/mocks/scenarios";
import { unhandledPolicy } from "@/api/mocks/unhandled";
import { formatViolation, takeViolations } from "@/api/mocks/violations";

const BASE = "http://api.test";
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "hasOwnProperty", "valueOf", "toString", "prototype"];

const properties = Object.fromEntries(
  PROTOTYPE_NAMES.map((name) => [name, { type: "string", minLength: 1, maxLength: 20 }]),
);
const thing = { type: "object", required: PROTOTYPE_NAMES, properties, additionalProperties: false };
const json = (ref: string) => ({
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` }, examples: [] } },
});

function operation(operationId: string, path: string): ManifestOperation {
  return {
    operationId,
    method: "get",
    path,
    summary: null,
    tags: [operationId],
    parameters: [{ name: "constructor", in: "query", required: true }],
    requestBody: null,
    responses: [
      { status: "200", mediaTypes: ["application/json"] },
      { status: "404", mediaTypes: ["application/json"] },
    ],
    security: [],
  };
}

const ids = ["__proto__", "constructor", "toString"];
const manifest: Manifest = {
  title: "Prototype names",
  version: "1",
  openapi: "3.1.0",
  operations: ids.map((id, index) => operation(id, `/things${index}`)),
  schemas: PROTOTYPE_NAMES.map((name) => ({ name, hash: name })),
};
// Built as text and parsed, as the fixtures read contract.json: `__proto__` stays an own key.
const contract = JSON.parse(
  JSON.stringify({
    openapi: "3.1.0",
    $schema: "https://json-schema.org/draft/2020-12/schema",
    components: { schemas: Object.fromEntries(PROTOTYPE_NAMES.map((name) => [`${name}`, thing])) },
    operations: Object.fromEntries(
      ids.map((id) => [
        `${id}`,
        {
          parameters: [{ name: "constructor", in: "query", required: true, schema: { type: "integer", minimum: 1 } }],
          requestBody: null,
          responses: { "200": json(id), "404": json("valueOf") },
        },
      ]),
    ),
  }),
) as ContractSchemas;

describe("names that Object.prototype also has", () => {
  const fixtures = createFixtures(manifest, contract);
  const server = setupServer(...fixtures.handlers);
  beforeAll(() => {
    fixtures.observe(server.events);
    server.listen({ onUnhandledFrame: unhandledPolicy((request) => fixtures.operationFor(request)) });
  });
  afterEach(async () => {
    await fixtures.settled();
    server.resetHandlers(...fixtures.handlers);
    setScenario("default");
  });
  afterAll(() => server.close());

  it("keeps every such name in the contract as read", () => {
    expect(Object.keys(contract.operations)).toEqual(ids);
    expect(Object.keys(contract.components.schemas)).toEqual(PROTOTYPE_NAMES);
  });

  it.each(ids)("serves operation %s a default answer with every property", (id) => {
    const body = fixtures.fixture(id, "200") as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...PROTOTYPE_NAMES].sort());
    for (const name of PROTOTYPE_NAMES)
      expect(typeof Object.getOwnPropertyDescriptor(body, name)?.value).toBe("string");
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(takeViolations().map(formatViolation)).toEqual([]);
  });

  it.each(ids)("answers and checks requests for operation %s, its overrides and scenarios", async (id) => {
    const index = ids.indexOf(id);
    const answer = await fetch(`${BASE}/things${index}?constructor=2`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    for (const name of PROTOTYPE_NAMES) expect(text).toContain(`"${name}":"`);

    server.use(fixtures.respond(id, 404));
    expect((await fetch(`${BASE}/things${index}?constructor=2`)).status).toBe(404);
    setScenario("long-text");
    expect((await fetch(`${BASE}/things${index}?constructor=2`)).status).toBe(404);
    await fixtures.settled();
    expect(takeViolations().map(formatViolation)).toEqual([]);

    // A value missing a required `hasOwnProperty`, or a `constructor` query of the wrong type, is a violation.
    const partial = JSON.parse(text) as Record<string, unknown>;
    Reflect.deleteProperty(partial, "hasOwnProperty");
    server.use(fixtures.respond(id, 200, partial));
    await fetch(`${BASE}/things${index}?constructor=zero`);
    await fixtures.settled();
    expect(takeViolations().map(formatViolation)).toEqual([
      `${id} request query at constructor: expected type integer, got "zero"`,
      `${id} → 200 response body at /hasOwnProperty: expected a value (required), got nothing`,
    ]);
  });

  it.each(ids)("gives a sample request for operation %s", (id) => {
    expect(fixtures.sampleRequest(id).params.query).toEqual({ constructor: expect.any(Number) as number });
  });

  it("knows no operation named like a prototype member the contract does not declare", () => {
    expect(() => fixtures.fixture("hasOwnProperty", "200")).toThrow(
      '[mocks] The contract has no operation "hasOwnProperty".',
    );
    expect(() => fixtures.fixture("toString", "valueOf" as never)).not.toThrow();
  });

  it.each(PROTOTYPE_NAMES)("checks a value against the schema named %s", (name) => {
    const pointer = `#/components/schemas/${name}`;
    // `{}` lacks each of them, though it inherits `constructor` and the others.
    expect(fixtures.validator.check(pointer, {})).toContainEqual({
      pointer: "/constructor",
      expected: "a value (required)",
      actual: "nothing",
    });
    const wrong = JSON.parse(JSON.stringify(Object.fromEntries(PROTOTYPE_NAMES.map((key) => [key, "x"])))) as object;
    Object.defineProperty(wrong, "__proto__", { value: 1, enumerable: true });
    expect(fixtures.validator.check(pointer, wrong)).toEqual([
      { pointer: "/__proto__", expected: "type string", actual: "1" },
    ]);
    expect(fixtures.validator.check(pointer, Object.fromEntries(PROTOTYPE_NAMES.map((key) => [key, "x"])))).toEqual([]);
  });
});
