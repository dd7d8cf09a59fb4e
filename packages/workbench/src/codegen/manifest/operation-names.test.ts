import { describe, expect, it } from "vitest";
import { derivedName, operationNames } from "./operation-names.ts";

const entry = (method: string, path: string, operationId?: string) => ({
  method,
  path,
  operation: operationId === undefined ? {} : { operationId },
});

describe("the name of an operation without operationId", () => {
  it("is its method and path in camelCase, a parameter read as `by`", () => {
    expect(derivedName("get", "/repos/{owner}/{repo}/issues")).toBe("getReposByOwnerByRepoIssues");
    expect(derivedName("post", "/v1/user_settings.json")).toBe("postV1UserSettingsJson");
    expect(derivedName("delete", "/users/{userId}")).toBe("deleteUsersByUserId");
    expect(derivedName("get", "/")).toBe("get");
  });

  it("keeps every declared operationId as written", () => {
    expect(operationNames([entry("get", "/pets", "List pets"), entry("post", "/pets")])).toEqual([
      "List pets",
      "postPets",
    ]);
  });

  it("tells apart the operations whose names collide by a hash of their own method and path", () => {
    const names = operationNames([
      entry("get", "/owners"),
      entry("get", "/owners/"),
      entry("get", "/pets", "getPets"),
      entry("get", "/pets/"),
    ]);
    expect(names).toEqual([
      expect.stringMatching(/^getOwners_[0-9a-f]{6}$/),
      expect.stringMatching(/^getOwners_[0-9a-f]{6}$/),
      "getPets",
      expect.stringMatching(/^getPets_[0-9a-f]{6}$/),
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps a repeated operationId for its first operation and names the later ones from their method and path", () => {
    expect(
      operationNames([
        entry("get", "/health", "health"),
        entry("head", "/health", "health"),
        entry("get", "/health/", "health"),
      ]),
    ).toEqual(["health", "headHealth", "getHealth"]);
  });

  it("does not change when other operations are added or reordered", () => {
    const before = operationNames([entry("get", "/pets"), entry("get", "/owners"), entry("get", "/owners/")]);
    const after = operationNames([
      entry("post", "/visits"),
      entry("get", "/owners/"),
      entry("get", "/vets", "listVets"),
      entry("get", "/owners"),
      entry("get", "/pets"),
    ]);
    expect([after[4], after[3], after[1]]).toEqual(before);
    expect(after[0]).toBe("postVisits");
  });
});
