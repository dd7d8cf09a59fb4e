import { describe, expect, it } from "vitest";
import { oneOperationContract } from "../../fixtures/inline-contracts.ts";
import { unsatisfiableResponseWarnings } from "./unsatisfiable-responses.ts";

describe("unsatisfiableResponseWarnings, a response header no value satisfies", () => {
  // As Pendo's 410 declares it: an integer whose enum lists only the string "410".
  function gone(required: boolean) {
    const { manifest, contract } = oneOperationContract("getAccount", "/accounts/{id}", { type: "object" });
    const response = contract.operations.getAccount?.responses["200"];
    if (response === undefined) throw new Error("the inline contract has no 200");
    response.headers = { status: { required, schema: { type: "integer", enum: ["410"] } } };
    return unsatisfiableResponseWarnings(manifest, contract, () => ({ file: "openapi.yaml", line: 7 }));
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
