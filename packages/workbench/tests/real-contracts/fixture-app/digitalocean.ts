// Copied beside DigitalOcean's generated types (`schema.d.ts`, from its 2,907 files in the shared
// specs) in a scratch folder by packages/workbench/tests/real-contracts/hooks-typed.e2e.test.ts, and type-checked
// there as a screen written against DigitalOcean's contract is: every hook kind, a list paged by
// `page`/`per_page`, a body that is one of two shapes, its rate-limit headers as numbers; no cast.
import type { QueryClient } from "@tanstack/react-query";
import { type ApiError, createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { components, paging, paths } from "./schema.d.ts";

type Schemas = components["schemas"];

// Type-checked only: the types come from `paths`, the manifest steers the calls at run time.
const manifest = { operations: [] };
const hooks = createApiHooks<paths, paging>(createApiClient<paths>(manifest), { manifest });

export function useDropletsScreen(client: QueryClient, dropletId: number) {
  const listed: Schemas["droplet"][] | undefined = hooks.useQuery("get", "/v2/droplets", {
    params: { query: { per_page: 20, tag_name: "env:prod" } },
  }).data?.droplets;
  const single = hooks.useQuery("get", "/v2/droplets/{droplet_id}", { params: { path: { droplet_id: dropletId } } });
  const failure: ApiError<Schemas["error"]> | null = single.error;
  const droplet: Schemas["droplet"] | undefined = hooks.useSuspenseQuery("get", "/v2/droplets/{droplet_id}", {
    params: { path: { droplet_id: dropletId } },
  }).data.droplet;
  void client.prefetchQuery(hooks.queryOptions("get", "/v2/account"));

  // A list paged by `page` and `per_page`, with its rate-limit headers typed as numbers.
  const pages = hooks.useInfiniteQuery("get", "/v2/droplets", { params: { query: { per_page: 50 } } });
  void client.prefetchInfiniteQuery(
    hooks.infiniteQueryOptions("get", "/v2/droplets", { params: { query: { per_page: 50 } } }),
  );
  const names: string[] = (pages.data?.pages ?? []).flatMap((page) => (page.data.droplets ?? []).map((d) => d.name));
  const remaining: number | undefined = pages.data?.pages.at(-1)?.headers["ratelimit-remaining"];

  // One of two bodies: a single Droplet here.
  const create = hooks.useMutation("post", "/v2/droplets");
  create.mutate({ body: { name: "web-01", region: "nyc3", size: "s-1vcpu-1gb", image: "ubuntu-24-04-x64" } });
  // One Droplet answers `droplet`, several `droplets`.
  const created: Schemas["droplet"] | undefined =
    create.data && "droplet" in create.data ? create.data.droplet : undefined;

  const remove = hooks.useMutation("delete", "/v2/droplets/{droplet_id}", { invalidates: [["get", "/v2/droplets"]] });
  remove.mutate({ params: { path: { droplet_id: dropletId } } });

  return { listed, failure, droplet, names, remaining, created };
}

/** The headers an answer declares, typed as declared: numbers. */
export function rateLimit(response: Response): number {
  return hooks.readHeaders("get", "/v2/droplets", response)["ratelimit-limit"];
}
