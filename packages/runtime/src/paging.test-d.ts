// Type tests for the hooks' paging, headers and invalidation: an infinite query takes only
// the list operations the contract pages, its pages are typed by the contract, a response's
// declared headers are typed, and `invalidates` names only paths a query can read. Each
// `@ts-expect-error` fails this test if the line below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import type * as Clinic from "../../../tests/contracts/clinic/generated/schema.d.ts";
import type * as Registry from "../../../tests/contracts/pet-registry/generated/schema.d.ts";
import { createApiClient } from "./client.ts";
import type { ApiError } from "./errors.ts";
import type { PageQuery } from "./paging.ts";
import { createApiHooks } from "./query.ts";

/** The types come from `paths`; the manifest only steers the calls at run time. */
const NO_MANIFEST = { operations: [] };

type Owner = Registry.components["schemas"]["Owner"];
type Pet = Clinic.components["schemas"]["Pet"];

describe("infinite queries", () => {
  const registry = createApiHooks<Registry.paths, Registry.paging>(createApiClient<Registry.paths>(NO_MANIFEST), {
    manifest: NO_MANIFEST,
  });
  const clinic = createApiHooks<Clinic.paths, Clinic.paging>(createApiClient<Clinic.paths>(NO_MANIFEST), {
    manifest: NO_MANIFEST,
  });

  it("type the pages of a list that pages, with the contract's error as an ApiError", () => {
    // Never called: type tests only compile.
    function useTyped() {
      const owners = registry.useInfiniteQuery("get", "/owners", { params: { query: { limit: 2 } } });
      expectTypeOf(owners.data?.pages[0]?.data.items).toEqualTypeOf<Owner[] | undefined>();
      expectTypeOf(owners.data?.pageParams[0]).toEqualTypeOf<PageQuery | undefined>();
      expectTypeOf(owners.error).toEqualTypeOf<ApiError<Registry.components["schemas"]["Problem"]> | null>();
      const pets = clinic.useInfiniteQuery("get", "/pets", { params: { query: { limit: 2 } } });
      expectTypeOf(pets.data?.pages[0]?.data).toEqualTypeOf<Pet[] | undefined>();
      // The declared headers, typed as declared (the index signature left out).
      expectTypeOf(pets.data?.pages[0]?.headers).toEqualTypeOf<
        { Link?: string; "X-Total-Count"?: number } | undefined
      >();
      const tags = registry.infiniteQueryOptions("get", "/tags");
      expectTypeOf(tags.queryKey[3]).toEqualTypeOf<"pages">();
    }
    expectTypeOf(useTyped).toBeFunction();
  });

  it("refuse an operation that does not page, or does not exist", () => {
    function useRefused() {
      // @ts-expect-error -- getOwner answers one owner: it does not page
      registry.useInfiniteQuery("get", "/owners/{ownerId}", { params: { path: { ownerId: "o1" } } });
      // @ts-expect-error -- listVets answers a whole list: nothing asks for a next page
      clinic.useInfiniteQuery("get", "/vets");
      // @ts-expect-error -- nor its options
      clinic.infiniteQueryOptions("get", "/vets");
      // @ts-expect-error -- a create is no list
      clinic.useInfiniteQuery("post", "/pets", {
        body: { name: "Rex", species: "dog" },
        params: { header: { "X-Request-Id": "x" } },
      });
    }
    expectTypeOf(useRefused).toBeFunction();
  });

  it("leave the paging to the contract: a call cannot set the key, the fetch or the next page", () => {
    function useFixed() {
      // @ts-expect-error -- getNextPageParam comes from the contract's paging
      registry.useInfiniteQuery("get", "/tags", {}, { getNextPageParam: () => undefined });
      registry.useInfiniteQuery("get", "/tags", {}, { maxPages: 3 });
    }
    expectTypeOf(useFixed).toBeFunction();
  });
});

describe("typed response headers", () => {
  const clinic = createApiHooks<Clinic.paths, Clinic.paging>(createApiClient<Clinic.paths>(NO_MANIFEST), {
    manifest: NO_MANIFEST,
  });

  it("types the headers a response declares", () => {
    const created = clinic.readHeaders("post", "/pets", new Response());
    expectTypeOf(created).toEqualTypeOf<{ Location: string }>();
    // @ts-expect-error -- createPet's 201 declares no such header
    void created["X-Total-Count"];
  });
});

describe("invalidation", () => {
  const clinic = createApiHooks<Clinic.paths, Clinic.paging>(createApiClient<Clinic.paths>(NO_MANIFEST), {
    manifest: NO_MANIFEST,
  });

  it("names only queries the contract has", () => {
    function useMutations() {
      clinic.useMutation("post", "/pets", { invalidates: [["get", "/vets"]] });
      clinic.useMutation("post", "/pets", { invalidates: false });
      clinic.useMutation("post", "/pets", {
        invalidates: (defaults) => defaults.filter(([, path]) => path !== "/pets"),
      });
      // @ts-expect-error -- no GET /visits in the contract
      clinic.useMutation("post", "/pets", { invalidates: [["get", "/visits"]] });
    }
    expectTypeOf(useMutations).toBeFunction();
  });
});
