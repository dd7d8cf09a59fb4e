import { describe, expect, it } from "vitest";
import type { ManifestOperation } from "../manifest-types";
import { createOperationMatcher } from "./operation-matcher";

function operation(operationId: string, method: ManifestOperation["method"], path: string): ManifestOperation {
  return {
    operationId,
    method,
    path,
    summary: null,
    tags: [],
    parameters: [],
    requestBody: null,
    responses: [],
    security: [],
  };
}

const match = createOperationMatcher([
  operation("getThing", "get", "/things/{id}"),
  operation("getMine", "get", "/things/mine"),
  operation("deleteThing", "delete", "/things/{id}"),
  operation("getFile", "get", "/repos/{owner}/{repo}/contents/{path}"),
]);

describe("createOperationMatcher", () => {
  it("matches by method and path template, and decodes the path parameters", () => {
    expect(match("GET", "http://api.test/things/a%20b")).toMatchObject({
      operation: { operationId: "getThing" },
      params: { id: "a b" },
    });
    expect(match("DELETE", "http://api.test/things/7")?.operation.operationId).toBe("deleteThing");
    expect(match("POST", "http://api.test/things/7")).toBeUndefined();
  });

  it("prefers literal segments over parameters, whatever the contract's order", () => {
    expect(match("GET", "http://api.test/things/mine")?.operation.operationId).toBe("getMine");
  });

  it("finds the operation under any base path, and ignores the query", () => {
    expect(match("GET", "https://example.test/api/v3/things/7?expand=owner")?.params).toEqual({ id: "7" });
  });

  it("matches one segment per parameter, and no more than the template", () => {
    expect(match("GET", "http://api.test/repos/o/r/contents/README.md")?.params).toEqual({
      owner: "o",
      repo: "r",
      path: "README.md",
    });
    expect(match("GET", "http://api.test/things/7/extra")).toBeUndefined();
    expect(match("GET", "http://api.test/thingsx/7")).toBeUndefined();
  });
});
