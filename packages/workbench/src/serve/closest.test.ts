import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { describe, expect, it } from "vitest";
import { closestOperations } from "./closest.ts";

const op = (method: ManifestOperation["method"], path: string, operationId: string) =>
  ({ method, path, operationId }) as ManifestOperation;
const operations = [
  op("get", "/pet/{petId}", "getPetById"),
  op("get", "/pet/findByStatus", "findPetsByStatus"),
  op("post", "/pet", "addPet"),
  op("get", "/store/inventory", "getInventory"),
  op("get", "/user/{username}", "getUserByName"),
];

describe("the operations an unknown path most likely meant", () => {
  it("ranks by the path's shape, a value's segment as one character, the same method first", () => {
    expect(closestOperations(operations, "GET", "/pet/10/photo")[0]).toBe("GET /pet/{petId} (getPetById)");
    expect(closestOperations(operations, "GET", "/store/inventry")[0]).toBe("GET /store/inventory (getInventory)");
    expect(closestOperations(operations, "POST", "/pets")[0]).toBe("POST /pet (addPet)");
  });

  it("reads a path under a prefix by its end", () => {
    expect(closestOperations(operations, "GET", "/api/v3/user/jo/x")[0]).toBe("GET /user/{username} (getUserByName)");
  });

  it("reads a client's 16 KB path by its end, as it would a short one under a prefix", () => {
    expect(closestOperations(operations, "GET", `${"/x".repeat(8_000)}/user/jo`)[0]).toBe(
      "GET /user/{username} (getUserByName)",
    );
    expect(closestOperations(operations, "GET", `/store/inventory${"/x".repeat(8_000)}`)).toHaveLength(3);
  });
});
