// The hooks' infinite queries against the stateful fixtures, one list per paging style the
// contract can declare (offset/limit, page/size, a cursor in the body, Link headers): load
// more until the end, and the pages hold every record of the store once, in order.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createApiClient, createApiHooks, createQueryClient } from "@contract-workbench/runtime";
import { fixturesSession } from "#mocks/fixtures-session.ts";
import { server } from "#mocks/node.ts";
import { clinic, clinicManifest } from "../contracts/clinic/fixtures.ts";
import type * as Clinic from "../contracts/clinic/generated/schema.d.ts";
import { fixtures as registry } from "../contracts/pet-registry/generated/fixtures.ts";
import registryManifest from "../contracts/pet-registry/generated/manifest.json";
import type * as Registry from "../contracts/pet-registry/generated/schema.d.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";

const baseUrl = "http://api.test/api";
const registryHooks = createApiHooks<Registry.paths, Registry.paging>(
  createApiClient<Registry.paths>({ baseUrl, operations: (registryManifest as Manifest).operations }),
  { manifest: registryManifest as Manifest },
);
const clinicHooks = createApiHooks<Clinic.paths, Clinic.paging>(
  createApiClient<Clinic.paths>({ baseUrl, operations: clinicManifest.operations }),
  { manifest: clinicManifest },
);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient({ retry: false })}>{children}</QueryClientProvider>;
}

interface Infinite<Page> {
  data?: { pages: Page[] } | undefined;
  hasNextPage: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Loads every page, as a "Load more" button pressed until it is gone would; returns the pages. */
async function loadAll<Page>(result: { current: Infinite<Page> }): Promise<Page[]> {
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  for (let presses = 0; result.current.hasNextPage; presses++) {
    expect(presses).toBeLessThan(200);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.isFetching).toBe(false));
  }
  return result.current.data?.pages ?? [];
}

const ids = (items: unknown) => (items as Array<{ id: unknown }>).map((item) => item.id);

describe("infinite queries over the stateful fixtures", () => {
  it("offset/limit: pages of two until the total, every owner once", async () => {
    server.use(...registry.handlers);
    const { result } = renderHook(
      () => registryHooks.useInfiniteQuery("get", "/owners", { params: { query: { limit: 2 } } }),
      { wrapper },
    );
    const pages = await loadAll(result);
    const stored = ids(registry.resources.records("Owner"));
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(pages.length).toBe(Math.ceil(stored.length / 2));
    expect(pages.flatMap((page) => ids(page.data.items))).toEqual(stored);
  });

  it("a cursor in the body: followed until it is null", async () => {
    server.use(...registry.handlers);
    const { result } = renderHook(
      () => registryHooks.useInfiniteQuery("get", "/tags", { params: { query: { limit: 1 } } }),
      { wrapper },
    );
    const pages = await loadAll(result);
    const stored = registry.resources.records("tag").map((tag) => tag.slug);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(pages.flatMap((page) => page.data.data.map((tag) => tag.slug))).toEqual(stored);
    expect(pages.at(-1)?.data.nextCursor ?? null).toBeNull();
  });

  it("Link headers: rel=next followed to the last page, whose link names itself as last", async () => {
    server.use(...clinic.handlers);
    const { result } = renderHook(
      () => clinicHooks.useInfiniteQuery("get", "/pets", { params: { query: { limit: 2 } } }),
      { wrapper },
    );
    const pages = await loadAll(result);
    const stored = ids(clinic.resources.records("Pet"));
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(pages.flatMap((page) => ids(page.data))).toEqual(stored);
    const last = pages.at(-1)?.headers;
    expect(last?.Link).toMatch(new RegExp(`page=${pages.length}>; rel="last"`));
    expect(last?.Link).not.toMatch(/rel="next"/);
    expect(last?.["X-Total-Count"]).toBe(stored.length);
  });

  it("`many` spans several pages and `empty` is one empty page with no next", async () => {
    server.use(...registry.handlers);
    fixturesSession.setScenario("many");
    registry.resources.reset();
    const many = renderHook(
      () => registryHooks.useInfiniteQuery("get", "/owners", { params: { query: { limit: 5 } } }),
      { wrapper },
    );
    const pages = await loadAll(many.result);
    expect(pages.length).toBeGreaterThan(2);
    many.unmount();
    fixturesSession.setScenario("empty");
    registry.resources.reset();
    const empty = renderHook(() => registryHooks.useInfiniteQuery("get", "/owners"), { wrapper });
    const emptyPages = await loadAll(empty.result);
    expect(emptyPages.map((page) => page.data.items)).toEqual([[]]);
  });
});
