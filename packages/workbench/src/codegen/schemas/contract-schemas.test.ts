import { describe, expect, it } from "vitest";
import type { OpenAPI3 } from "openapi-typescript";
import { buildContractSchemas } from "./contract-schemas.ts";

/** A document holding the given named schemas and one operation returning `body`. */
function document(openapi: string, schemas: Record<string, unknown>, body: unknown = { type: "string" }): OpenAPI3 {
  return {
    openapi,
    info: { title: "t", version: "1" },
    paths: {
      "/x": {
        get: {
          operationId: "getX",
          responses: { "200": { description: "ok", content: { "application/json": { schema: body } } } },
        },
      },
    },
    components: { schemas },
  } as unknown as OpenAPI3;
}

function convert(openapi: string, schema: unknown) {
  return buildContractSchemas(document(openapi, { S: schema })).components.schemas.S;
}

describe("buildContractSchemas, from OpenAPI 3.0", () => {
  it("turns `nullable` into a type that allows null", () => {
    expect(convert("3.0.3", { type: "string", nullable: true })).toEqual({ type: ["string", "null"] });
    expect(convert("3.0.3", { type: "string", enum: ["a"], nullable: true })).toEqual({
      type: ["string", "null"],
      enum: ["a", null],
    });
    expect(convert("3.0.3", { allOf: [{ $ref: "#/components/schemas/S" }], nullable: true })).toEqual({
      anyOf: [{ allOf: [{ $ref: "#/components/schemas/S" }] }, { type: "null" }],
    });
    // The New York Times' GeoFacet: a list of values beside a union null does not pass.
    const union = [{ type: "array", items: {} }, { type: "string" }];
    expect(convert("3.0.3", { enum: [""], oneOf: union, nullable: true })).toEqual({
      anyOf: [{ enum: [""], oneOf: union }, { type: "null" }],
    });
  });

  it("turns boolean exclusive bounds into numbers", () => {
    expect(convert("3.0.3", { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 9 })).toEqual({
      type: "number",
      exclusiveMinimum: 0,
      maximum: 9,
    });
    expect(convert("3.0.3", { type: "number", maximum: 9, exclusiveMaximum: false })).toEqual({
      type: "number",
      maximum: 9,
    });
  });

  it("keeps `example` as `examples` and ignores a reference's siblings, as 3.0 does", () => {
    expect(convert("3.0.3", { type: "string", example: "x" })).toEqual({ type: "string", examples: ["x"] });
    expect(convert("3.0.3", { $ref: "#/components/schemas/S", description: "ignored" })).toEqual({
      $ref: "#/components/schemas/S",
    });
  });
});

describe("buildContractSchemas, from OpenAPI 3.1", () => {
  it("keeps JSON Schema as it is, a reference's siblings included", () => {
    const schema = { type: ["string", "null"], const: "a", $ref: "#/components/schemas/S" };
    expect(convert("3.1.0", schema)).toEqual({ type: ["string", "null"], const: "a", $ref: "#/components/schemas/S" });
  });

  it("keeps formats it can check and renames the others to `x-format`", () => {
    expect(convert("3.1.0", { type: "string", format: "uuid" })).toEqual({ type: "string", format: "uuid" });
    expect(convert("3.1.0", { type: "string", format: "repo.nwo" })).toEqual({
      type: "string",
      "x-format": "repo.nwo",
    });
  });

  it("drops OpenAPI's annotations and extensions", () => {
    expect(convert("3.1.0", { type: "string", xml: { name: "x" }, "x-internal": true })).toEqual({ type: "string" });
  });
});

describe("buildContractSchemas, in both versions", () => {
  it("makes each branch of a discriminated oneOf require its own value (explicit and implicit mapping)", () => {
    const schemas = {
      Pet: {
        oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
        discriminator: { propertyName: "kind", mapping: { kitty: "#/components/schemas/Cat" } },
      },
      Cat: { type: "object" },
      Dog: { type: "object" },
    };
    const { Pet } = buildContractSchemas(document("3.0.3", schemas)).components.schemas;
    expect(Pet).toEqual({
      oneOf: [
        {
          allOf: [
            { $ref: "#/components/schemas/Cat" },
            { type: "object", properties: { kind: { const: "kitty" } }, required: ["kind"] },
          ],
        },
        {
          allOf: [
            { $ref: "#/components/schemas/Dog" },
            { type: "object", properties: { kind: { const: "Dog" } }, required: ["kind"] },
          ],
        },
      ],
    });
  });

  it("takes an unmapped branch's value from its own one-value enum or const, through allOf and $ref", () => {
    const schemas = {
      Event: {
        anyOf: [
          { $ref: "#/components/schemas/Delta" },
          { $ref: "#/components/schemas/Done" },
          { $ref: "#/components/schemas/Failed" },
          { $ref: "#/components/schemas/Other" },
        ],
        discriminator: { propertyName: "type" },
      },
      // A one-value enum on the branch itself.
      Delta: { type: "object", properties: { type: { type: "string", enum: ["audio.delta"] } } },
      // A const, in an allOf part.
      Done: { allOf: [{ type: "object" }, { properties: { type: { const: "audio.done" } } }] },
      // A one-value enum reached through a $ref to the base and a $ref to the property's schema.
      Failed: { allOf: [{ $ref: "#/components/schemas/FailedBase" }] },
      FailedBase: { type: "object", properties: { type: { $ref: "#/components/schemas/FailedType" } } },
      FailedType: { type: "string", enum: ["audio.failed"] },
      // Values of its own that leave its name out (an enum of two): its own values select it, no name is required.
      Other: { type: "object", properties: { type: { type: "string", enum: ["a", "b"] } } },
    };
    const type = (value: string) => ({ type: "object", properties: { type: { const: value } }, required: ["type"] });
    const branch = (name: string, value: string) => ({
      allOf: [{ $ref: `#/components/schemas/${name}` }, type(value)],
    });
    for (const version of ["3.1.0", "3.0.3"]) {
      expect(buildContractSchemas(document(version, schemas)).components.schemas.Event).toEqual({
        anyOf: [
          branch("Delta", "audio.delta"),
          branch("Done", "audio.done"),
          branch("Failed", "audio.failed"),
          { $ref: "#/components/schemas/Other" },
        ],
      });
    }
  });

  it("requires an unmapped branch's name only where the branch allows it (OpenAI's InputItem: a union, a nullable enum)", () => {
    const schemas = {
      InputItem: {
        oneOf: [
          { $ref: "#/components/schemas/Item" },
          { $ref: "#/components/schemas/ItemReference" },
          { $ref: "#/components/schemas/Open" },
          { $ref: "#/components/schemas/Named" },
        ],
        discriminator: { propertyName: "type" },
      },
      // A union whose members each fix their own value: "message" or "call", never "Item".
      Item: { oneOf: [{ $ref: "#/components/schemas/Message" }, { $ref: "#/components/schemas/Call" }] },
      Message: { type: "object", properties: { type: { enum: ["message"] } } },
      Call: { type: "object", properties: { type: { const: "call" } } },
      // "item_reference" or null.
      ItemReference: {
        type: "object",
        properties: { type: { anyOf: [{ type: "string", enum: ["item_reference"] }, { type: "null" }] } },
      },
      // Any string: the name, as the specification says.
      Open: { type: "object", properties: { type: { type: "string" } } },
      // Values that include the name: the name.
      Named: { type: "object", properties: { type: { enum: ["Named", "named"] } } },
    };
    const name = (value: string) => ({
      allOf: [
        { $ref: `#/components/schemas/${value}` },
        { type: "object", properties: { type: { const: value } }, required: ["type"] },
      ],
    });
    expect(buildContractSchemas(document("3.1.0", schemas)).components.schemas.InputItem).toEqual({
      oneOf: [
        { $ref: "#/components/schemas/Item" },
        { $ref: "#/components/schemas/ItemReference" },
        name("Open"),
        name("Named"),
      ],
    });
  });

  it("keeps an explicit mapping over a branch's own value, and reads a 3.1 reference's siblings only in 3.1", () => {
    const schemas = {
      Event: {
        oneOf: [
          { $ref: "#/components/schemas/Delta" },
          { $ref: "#/components/schemas/Plain", properties: { type: { const: "sibling" } } },
        ],
        discriminator: { propertyName: "type", mapping: { delta: "Delta" } },
      },
      Delta: { type: "object", properties: { type: { enum: ["audio.delta"] } } },
      Plain: { type: "object", properties: { type: { type: "string" } } },
    };
    const values = (version: string) => {
      const event = buildContractSchemas(document(version, schemas)).components.schemas.Event as {
        oneOf: Array<{ allOf: [unknown, { properties: { type: unknown } }] }>;
      };
      return event.oneOf.map((branch) => branch.allOf[1].properties.type);
    };
    expect(values("3.1.0")).toEqual([{ const: "delta" }, { const: "sibling" }]);
    expect(values("3.0.3")).toEqual([{ const: "delta" }, { const: "Plain" }]);
  });

  it("turns the inheritance form of a discriminator into a oneOf of the children, which extend a plain base", () => {
    // Bird is mapped, Snake fixes its own value, Fish neither: selected by its name.
    const schemas = {
      Animal: {
        type: "object",
        properties: { kind: { type: "string" } },
        discriminator: { propertyName: "kind", mapping: { bird: "#/components/schemas/Bird" } },
      },
      Bird: { allOf: [{ $ref: "#/components/schemas/Animal" }, { type: "object" }] },
      Fish: { allOf: [{ $ref: "#/components/schemas/Animal" }] },
      Snake: { allOf: [{ $ref: "#/components/schemas/Animal" }, { properties: { kind: { enum: ["snake"] } } }] },
    };
    const converted = buildContractSchemas(document("3.0.3", schemas)).components.schemas;
    const kind = (value: string) => ({ type: "object", properties: { kind: { const: value } }, required: ["kind"] });
    expect(converted.Animal).toEqual({
      oneOf: [
        { allOf: [{ $ref: "#/components/schemas/Bird" }, kind("bird")] },
        { allOf: [{ $ref: "#/components/schemas/Fish" }, kind("Fish")] },
        { allOf: [{ $ref: "#/components/schemas/Snake" }, kind("snake")] },
      ],
    });
    expect(converted.Animal_base).toEqual({ type: "object", properties: { kind: { type: "string" } } });
    expect(converted.Bird).toEqual({ allOf: [{ $ref: "#/components/schemas/Animal_base" }, { type: "object" }] });
  });

  it("hoists a reference to a schema outside the components, so every reference has one form", () => {
    const doc = document("3.1.0", {}, { $ref: "#/paths/~1x/get/parameters/0/schema" });
    (doc.paths?.["/x"] as { get: { parameters: unknown[] } }).get.parameters = [
      { name: "n", in: "query", schema: { type: "integer" } },
    ];
    const converted = buildContractSchemas(doc);
    expect(converted.operations.getX?.responses["200"]?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ref_paths_1x_get_parameters_0_schema",
    });
    expect(converted.components.schemas.ref_paths_1x_get_parameters_0_schema).toEqual({ type: "integer" });
  });

  it("hoists a reference into a named schema (to one of its properties) as well", () => {
    const pet = { type: "object", properties: { id: { type: "integer" } } };
    const converted = buildContractSchemas(
      document("3.1.0", { Pet: pet }, { $ref: "#/components/schemas/Pet/properties/id" }),
    );
    expect(converted.operations.getX?.responses["200"]?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ref_components_schemas_Pet_properties_id",
    });
    expect(converted.components.schemas.ref_components_schemas_Pet_properties_id).toEqual({ type: "integer" });
    expect(converted.components.schemas.Pet).toEqual(pet);
  });

  it("gathers each operation's parameters (path-level ones too), bodies and examples", () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/things/{id}": {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          put: {
            operationId: "putThing",
            parameters: [{ name: "dryRun", in: "query", schema: { type: "boolean" } }],
            requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { type: "object" },
                    example: { a: 1 },
                    examples: { named: { value: { b: 2 } }, external: { externalValue: "https://x.test/e.json" } },
                  },
                },
              },
              "204": { description: "no body" },
            },
          },
        },
      },
    } as unknown as OpenAPI3;
    expect(buildContractSchemas(doc).operations.putThing).toEqual({
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        { name: "dryRun", in: "query", required: false, schema: { type: "boolean" } },
      ],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" }, examples: [] } } },
      responses: {
        "200": {
          content: {
            // The unnamed `example` has no name; an `externalValue` is not served, so not named.
            "application/json": {
              schema: { type: "object" },
              examples: [{ a: 1 }, { b: 2 }],
              exampleNames: [null, "named"],
            },
          },
        },
        "204": { content: {} },
      },
    });
  });
});

describe("buildContractSchemas, response headers", () => {
  it("keeps a header's own examples (`example`, then `examples`), and none when it has none", () => {
    const doc = document("3.1.0", {});
    const get = (doc.paths?.["/x"] as unknown as { get: { responses: Record<string, Record<string, unknown>> } }).get;
    get.responses["200"] = {
      description: "ok",
      headers: {
        "X-Tier": { required: true, schema: { type: "string" }, example: "gold", examples: { b: { value: "silver" } } },
        "X-Plain": { schema: { type: "integer" } },
      },
    };
    const headers = buildContractSchemas(doc).operations.getX?.responses["200"]?.headers;
    expect(headers?.["X-Tier"]).toEqual({ required: true, schema: { type: "string" }, examples: ["gold", "silver"] });
    expect(headers?.["X-Plain"]).toEqual({ required: false, schema: { type: "integer" } });
  });
});

describe("an example written as JSON text (Zuora's, as Swagger 2.0 tools wrote them)", () => {
  const withExample = (schema: unknown, example: string) => {
    const doc = document("3.0.3", {}, {});
    doc.paths = {
      "/x": {
        get: {
          operationId: "getX",
          responses: { "200": { description: "ok", content: { "application/json": { schema, example } } } },
        },
      },
    } as unknown as OpenAPI3["paths"];
    return buildContractSchemas(doc).operations.getX?.responses["200"]?.content["application/json"]?.examples;
  };

  it("is the value it spells for a JSON body, and stays text where the body is a string", () => {
    expect(withExample({ type: "object" }, '{\n  "data": [1]\n}')).toEqual([{ data: [1] }]);
    expect(withExample({ type: "string" }, '{"data": [1]}')).toEqual(['{"data": [1]}']);
    expect(withExample({ type: "object" }, "{not json")).toEqual(["{not json"]);
  });
});

describe("a media type declared twice, once with parameters (Zuora's `application/json` and `…; charset=utf-8`)", () => {
  it("checks the examples of the one without a schema by the other's", () => {
    const doc = document("3.0.3", {}, {});
    doc.paths = {
      "/x": {
        get: {
          operationId: "getX",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { example: { id: 1 } },
                "application/json; charset=utf-8": { schema: { type: "object", required: ["id"] } },
                "text/plain": { example: "one" },
              },
            },
          },
        },
      },
    } as unknown as OpenAPI3["paths"];
    const content = buildContractSchemas(doc).operations.getX?.responses["200"]?.content;
    expect(content?.["application/json"]?.schema).toEqual({ type: "object", required: ["id"] });
    expect(content?.["text/plain"]?.schema).toBeUndefined();
  });
});
