// Type tests: records seeded into the stateful fixtures are typed by the contract's
// item schema, through any operation of the resource. Each `@ts-expect-error` fails
// this test if the line below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import type { Fixtures } from "@/api/mocks/contract-fixtures";
import type { components, operations } from "../resources-contract/generated/schema";

declare const registry: Fixtures<operations>;

describe("seeding the resources of a contract", () => {
  it("takes records of the item's type, in one line", () => {
    void registry.resources.seed("getPet", { petId: 1, name: "Rex", species: "dog", ownerId: "o1" });
    void registry.resources.seed("getOwner", {
      id: "o1",
      name: "Ada",
      city: "London",
      createdAt: "2026-01-01T00:00:00Z",
    });
    type SeedPet = Parameters<typeof registry.resources.seed<"getPet">>[1];
    expectTypeOf<SeedPet>().toEqualTypeOf<components["schemas"]["Pet"]>();
  });

  it("rejects a record of the wrong shape or an unknown operation", () => {
    // @ts-expect-error -- a pet's species is one of the enum
    void registry.resources.seed("getPet", { petId: 1, name: "Rex", species: "lion", ownerId: "o1" });
    // @ts-expect-error -- a pet needs its name
    void registry.resources.seed("getPet", { petId: 1, species: "dog", ownerId: "o1" });
    // @ts-expect-error -- no such operation
    void registry.resources.seed("getUnicorn", {});
  });
});
