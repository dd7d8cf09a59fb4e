import { describe, expect, it } from "vitest";
import { oneOperationContract } from "../../fixtures/inline-contracts.ts";
import { unsatisfiableWarnings } from "./unsatisfiable-exchanges.ts";

describe("unsatisfiableWarnings, a response header no value satisfies", () => {
  // As Pendo's 410 declares it: an integer whose enum lists only the string "410".
  function gone(required: boolean) {
    const { manifest, contract } = oneOperationContract("getAccount", "/accounts/{id}", { type: "object" });
    const response = contract.operations.getAccount?.responses["200"];
    if (response === undefined) throw new Error("the inline contract has no 200");
    response.headers = { status: { required, schema: { type: "integer", enum: ["410"] } } };
    return unsatisfiableWarnings(manifest, contract, () => ({ file: "openapi.yaml", line: 7 }));
  }

  it("is said at the header's schema, with the reason and what the fixtures do with it", () => {
    const [optional, ...others] = gone(false);
    expect(others).toEqual([]);
    expect(optional).toMatchObject({
      severity: "warning",
      file: "openapi.yaml",
      line: 7,
      pointer: "#/paths/~1accounts~1{id}/get/responses/200/headers/status/schema",
      rule: "unsatisfiable-schema",
    });
    expect(optional?.message).toMatch(
      /^getAccount → 200: no value of the header status satisfies its schema; it requires the enum \["410"\] /,
    );
    expect(optional?.message).toMatch(/The fixtures' answers leave it out\.$/);
    expect(gone(true)[0]?.message).toMatch(/It is required: .* show the status as unsatisfiable\.$/);
  });
});

describe("unsatisfiableWarnings, a request no value satisfies", () => {
  const located = () => ({ file: "openapi.yaml", line: 3 });
  // As Jira's bodies do: a required property that the object's additionalProperties: false forbids.
  const forbidden = {
    type: "object",
    required: ["fields"],
    properties: { update: { type: "object" } },
    additionalProperties: false,
  };

  function withBody(required: boolean) {
    const { manifest, contract } = oneOperationContract("createIssue", "/issues", { type: "object" });
    const operation = contract.operations.createIssue;
    if (operation === undefined) throw new Error("the inline contract has its operation");
    operation.requestBody = { required, content: { "application/json": { schema: forbidden, examples: [] } } };
    manifest.operations[0] = { ...manifest.operations[0], method: "post" } as (typeof manifest.operations)[0];
    return unsatisfiableWarnings(manifest, contract, located);
  }

  it("is said once for the operation, at the required body's schema, naming what the gallery and the coverage do", () => {
    const [warning, ...others] = withBody(true);
    expect(others).toEqual([]);
    expect(warning).toMatchObject({
      pointer: "#/paths/~1issues/post/requestBody/content/application~1json/schema",
      rule: "unsatisfiable-schema",
    });
    expect(warning?.message).toMatch(
      /^createIssue: no value satisfies the request body \(application\/json\), which the operation requires; it requires .*fields/,
    );
    expect(warning?.message).toMatch(/the gallery shows its stories as unsendable/);
  });

  it("says nothing of an optional body, which a request leaves out", () => {
    expect(withBody(false)).toEqual([]);
  });

  it("is said at the operation's parameters for a required parameter (Bhagavad Gita's integers listed as strings)", () => {
    const { manifest, contract } = oneOperationContract("getVerse", "/verses", { type: "object" });
    const schema = { type: "integer", enum: ["1", "2"] };
    contract.operations.getVerse?.parameters.push({ name: "verse", in: "query", required: true, schema });
    const [warning, ...others] = unsatisfiableWarnings(manifest, contract, located);
    expect(others).toEqual([]);
    expect(warning?.pointer).toBe("#/paths/~1verses/get/parameters");
    expect(warning?.message).toMatch(
      /^getVerse: no value satisfies the query parameter "verse", which the operation requires/,
    );
  });
});

describe("unsatisfiableWarnings, a request no style or form can write", () => {
  const located = () => ({ file: "openapi.yaml", line: 3 });

  it("is said for a required query of objects that declare no properties (Mastodon's `timeline`), with its fix", () => {
    const { manifest, contract } = oneOperationContract("listStatuses", "/statuses", { type: "object" });
    const schema = { type: "array", items: { type: "object" } };
    contract.operations.listStatuses?.parameters.push({ name: "timeline", in: "query", required: true, schema });
    const [warning, ...others] = unsatisfiableWarnings(manifest, contract, located);
    expect(others).toEqual([]);
    expect(warning).toMatchObject({ pointer: "#/paths/~1statuses/get/parameters", rule: "unsatisfiable-schema" });
    expect(warning?.message).toMatch(
      /^listStatuses: the query parameter "timeline", which the operation requires, is a list of objects that declare no properties, which puts nothing in a query\. No request can keep the contract/,
    );
    expect(warning?.fix).toMatch(/scalar type/);
  });

  it("is said at the body's schema for a required form whose schema is no object (a translator's file upload)", () => {
    const { manifest, contract } = oneOperationContract("createUpload", "/uploads", { type: "object" });
    const operation = contract.operations.createUpload;
    if (operation === undefined) throw new Error("the inline contract has its operation");
    const schema = { type: "string", minLength: 3 };
    operation.requestBody = { required: true, content: { "multipart/form-data": { schema, examples: [] } } };
    manifest.operations[0] = { ...manifest.operations[0], method: "post" } as (typeof manifest.operations)[0];
    const [warning, ...others] = unsatisfiableWarnings(manifest, contract, located);
    expect(others).toEqual([]);
    expect(warning?.pointer).toBe("#/paths/~1uploads/post/requestBody/content/multipart~1form-data/schema");
    expect(warning?.message).toMatch(
      /^createUpload: the request body \(multipart\/form-data\), which the operation requires, is a schema that is not an object/,
    );
  });
});
