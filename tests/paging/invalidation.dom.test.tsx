// After a mutation succeeds, the reads of the resource it changed refresh by themselves
// (the default rule, from the resources the manifest records), unless the call turns the
// rule off; a call can also add a query of another resource.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { PathsWithMethod } from "openapi-typescript-helpers";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createApiClient, createApiHooks, createQueryClient, type Invalidates } from "@contract-workbench/runtime";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { server } from "#mocks/node.ts";
import { fixtures as registry } from "../contracts/pet-registry/generated/fixtures.ts";
import registryManifest from "../contracts/pet-registry/generated/manifest.json";
import type * as Registry from "../contracts/pet-registry/generated/schema.d.ts";

const manifest = registryManifest as Manifest;
const hooks = createApiHooks<Registry.paths, Registry.paging>(
  createApiClient<Registry.paths>({ baseUrl: "http://api.test/api", operations: manifest.operations }),
  { manifest },
);

async function createThenList(invalidates?: Invalidates<PathsWithMethod<Registry.paths, "get">>) {
  server.use(...registry.handlers);
  registry.resources.reset();
  const cache: QueryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={cache}>{children}</QueryClientProvider>
  );
  await registry.resources.seed("getOwner", {
    id: "o-1",
    name: "Ada",
    city: "London",
    createdAt: "2026-01-05T09:00:00Z",
  });
  const { result } = renderHook(
    () => ({
      owners: hooks.useQuery("get", "/owners", { params: { query: { limit: 100 } } }),
      pages: hooks.useInfiniteQuery("get", "/owners", { params: { query: { limit: 100 } } }),
      owner: hooks.useQuery("get", "/owners/{ownerId}", { params: { path: { ownerId: "o-1" } } }),
      tags: hooks.useQuery("get", "/tags"),
      create: hooks.useMutation("post", "/owners", invalidates === undefined ? {} : { invalidates }),
    }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.owners.data?.items).toHaveLength(1));
  await waitFor(() => expect(result.current.pages.isSuccess && result.current.owner.isSuccess).toBe(true));
  await waitFor(() => expect(result.current.tags.isSuccess).toBe(true));
  const updatedAt = {
    owner: result.current.owner.dataUpdatedAt,
    tags: result.current.tags.dataUpdatedAt,
  };
  await act(() => result.current.create.mutateAsync({ body: { name: "Grace", city: "Arlington" } }));
  type Page = { items: Array<{ name: string }> } | undefined;
  // What the cache holds the moment the mutation settled, before any re-render.
  const listed = cache.getQueryData<Page>(["get", "/owners", { params: { query: { limit: 100 } } }]);
  return { result, updatedAt, cache, listed: listed?.items.map((owner) => owner.name) };
}

describe("a mutation refreshes the reads of its resource", () => {
  it("by default: the list (single and infinite) and the item refresh, another resource does not", async () => {
    const { result, updatedAt, listed } = await createThenList();
    // Refreshed before the mutation settled: no wait, no reload.
    expect(listed).toEqual(["Ada", "Grace"]);
    await waitFor(() => expect(result.current.owners.data?.items.map((owner) => owner.name)).toEqual(["Ada", "Grace"]));
    await waitFor(() =>
      expect(result.current.pages.data?.pages[0]?.data.items.map((owner) => owner.name)).toEqual(["Ada", "Grace"]),
    );
    expect(result.current.owner.dataUpdatedAt).toBeGreaterThan(updatedAt.owner);
    expect(result.current.tags.dataUpdatedAt).toBe(updatedAt.tags);
  });

  it("not at all with invalidates: false", async () => {
    const { result, cache, listed } = await createThenList(false);
    expect(listed).toEqual(["Ada"]);
    expect(
      cache
        .getQueryCache()
        .findAll({ queryKey: ["get", "/owners"] })
        .map((query) => query.state.isInvalidated),
    ).toEqual([false, false]);
    expect(result.current.owners.data?.items.map((owner) => owner.name)).toEqual(["Ada"]);
  });

  it("also another resource's reads when the call names them", async () => {
    const { result, updatedAt, listed } = await createThenList([["get", "/tags"]]);
    expect(listed).toEqual(["Ada", "Grace"]);
    await waitFor(() => expect(result.current.tags.dataUpdatedAt).toBeGreaterThan(updatedAt.tags));
  });
});
