// Copied beside GitHub's generated types (`schema.d.ts`, from the shared specs) in a scratch
// folder by packages/workbench/tests/real-contracts/hooks-typed.e2e.test.ts, and type-checked there as a screen
// written against GitHub's contract is: every hook kind, infinite queries and declared headers
// included, no cast. The test also runs `issuePages` to page GitHub's issues from the fixtures.
import type { QueryClient } from "@tanstack/react-query";
import { type ApiError, createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { components, paging, paths } from "./schema.d.ts";

type Issue = components["schemas"]["issue"];
type Repository = components["schemas"]["full-repository"];
type BasicError = components["schemas"]["basic-error"];

/** GitHub's hooks over a client of `baseUrl`, reading paging and headers from its manifest. */
export function githubHooks(baseUrl: string, manifest: Manifest) {
  return createApiHooks<paths, paging>(createApiClient<paths>({ baseUrl, operations: manifest.operations }), {
    manifest,
  });
}

type Hooks = ReturnType<typeof githubHooks>;

/** The infinite query over a repository's issues, `perPage` a page, as a "Load more" list asks for it. */
export function issuePages(hooks: Hooks, owner: string, repo: string, perPage: number) {
  return hooks.infiniteQueryOptions("get", "/repos/{owner}/{repo}/issues", {
    params: { path: { owner, repo }, query: { per_page: perPage } },
  });
}

/** A repository's issues screen. */
export function useIssuesScreen(hooks: Hooks, owner: string, repo: string, client: QueryClient) {
  const path = { owner, repo };
  const issues = hooks.useQuery("get", "/repos/{owner}/{repo}/issues", { params: { path, query: { per_page: 30 } } });
  const listed: Issue[] | undefined = issues.data;
  const failure: ApiError<BasicError> | null = hooks.useQuery("get", "/repos/{owner}/{repo}", {
    params: { path },
  }).error;
  const repository: Repository = hooks.useSuspenseQuery("get", "/repos/{owner}/{repo}", { params: { path } }).data;
  void client.prefetchQuery(
    hooks.queryOptions("get", "/repos/{owner}/{repo}/issues/{issue_number}", {
      params: { path: { ...path, issue_number: 1 } },
    }),
  );
  void client.prefetchInfiniteQuery(issuePages(hooks, owner, repo, 30));

  const pages = hooks.useInfiniteQuery("get", "/repos/{owner}/{repo}/issues", {
    params: { path, query: { per_page: 1 } },
  });
  const titles: string[] = (pages.data?.pages ?? []).flatMap((page) => page.data.map((issue) => issue.title));
  const link: string | undefined = pages.data?.pages.at(-1)?.headers.Link;
  const more: boolean = pages.hasNextPage;

  const create = hooks.useMutation("post", "/repos/{owner}/{repo}/issues", {
    invalidates: [["get", "/repos/{owner}/{repo}/issues"]],
  });
  create.mutate({ params: { path }, body: { title: "Found a bug", labels: ["bug"] } });
  const created: Issue | undefined = create.data;

  return { listed, failure, repository, titles, link, more, created };
}

/** The headers GitHub declares, typed: a created issue's `Location`, the rate limit's numbers. */
export function declaredHeaders(hooks: Hooks, created: Response, limits: Response) {
  const location: string | undefined = hooks.readHeaders("post", "/repos/{owner}/{repo}/issues", created).Location;
  const remaining: number | undefined = hooks.readHeaders("get", "/rate_limit", limits)["X-RateLimit-Remaining"];
  return { location, remaining };
}
