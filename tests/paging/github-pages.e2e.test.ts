// The hooks' infinite-query options on GitHub's contract (from the shared specs, generated
// in a scratch folder, never read in place), driven by TanStack's own observer as a
// "Load more" button would: GitHub's issues page through `Link` headers, and the stateful
// fixtures answer them as GitHub does, to the last page.
import { InfiniteQueryObserver } from "@tanstack/react-query";
import { setupServer } from "msw/node";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import type { ApiPage, PageQuery } from "../../src/api/paging.ts";
import { createQueryClient } from "../../src/api/query-client.ts";
import { createApiHooks } from "../../src/api/query.ts";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { createFixtures, type Fixtures } from "../../workbench/fixtures/contract-fixtures.ts";
import { loadContract } from "../../workbench/fixtures/test-contracts.ts";

/**
 * The product's hooks read as GitHub's: the repository's own contract is empty, a scratch copy's
 * may be GitHub's itself, so the hooks' type is read through `unknown` either way.
 */
function loose(hooks: unknown): LooseHooks {
  return hooks as LooseHooks;
}

const REPO = resolve(import.meta.dirname, "../..");
const SHARED = process.env.SHARED_SPECS ?? join(REPO, "..", "shared", "specs");
type Issue = { number: number };
// GitHub's types exist only in the scratch folder: the options are asked for as the runtime sees them.
type LooseHooks = {
  infiniteQueryOptions(
    method: string,
    path: string,
    init: object,
  ): ConstructorParameters<
    typeof InfiniteQueryObserver<
      ApiPage<Issue[]>,
      Error,
      { pages: Array<ApiPage<Issue[]>> },
      readonly unknown[],
      PageQuery
    >
  >[1];
};

describe.skipIf(!existsSync(join(SHARED, "github-rest.json")))("GitHub's issues, a page at a time", () => {
  let scratch = "";
  let fixtures: Fixtures;
  let hooks: LooseHooks;
  let server: ReturnType<typeof setupServer>;
  beforeAll(async () => {
    scratch = makeScratchFolder(REPO, "github-pages-");
    copyFileSync(join(SHARED, "github-rest.json"), join(scratch, "openapi.json"));
    const loaded = await loadContract(join(scratch.slice(REPO.length + 1), "openapi.json"));
    expect(loaded.manifest.operations.find((op) => op.operationId === "issues/list-for-repo")?.pagination).toEqual({
      style: "link",
      from: "inferred",
      param: "page",
      size: "per_page",
      defaultSize: 30,
      items: "",
    });
    fixtures = createFixtures(loaded.manifest, loaded.contract);
    server = setupServer(...fixtures.handlers);
    fixtures.observe(server.events);
    server.listen({ onUnhandledFrame: "error" });
    hooks = loose(
      createApiHooks(createApiClient({ baseUrl: "http://api.test", operations: loaded.manifest.operations }), {
        manifest: loaded.manifest,
      }),
    );
  }, 240_000);
  afterAll(() => {
    server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("follows rel=next to the last page, every issue once", async () => {
    const options = hooks.infiniteQueryOptions("get", "/repos/{owner}/{repo}/issues", {
      params: { path: { owner: "octo", repo: "hello" }, query: { per_page: 2 } },
    });
    // `many`: the default data holds one issue per repository; many spans several pages.
    fixtures.session.setScenario("many");
    const observer = new InfiniteQueryObserver(createQueryClient({ retry: false }), options);
    await observer.refetch();
    for (let presses = 0; observer.getCurrentResult().hasNextPage; presses++) {
      expect(presses).toBeLessThan(200);
      await observer.fetchNextPage();
    }
    const current = observer.getCurrentResult();
    expect(current.error).toBeNull();
    const pages = current.data?.pages ?? [];
    const numbers = pages.flatMap((page) => page.data.map((issue) => issue.number));
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(numbers).size).toBe(numbers.length);
    const link = Object.entries(pages.at(-1)?.headers ?? {}).find(([name]) => name.toLowerCase() === "link")?.[1];
    expect(link).toMatch(new RegExp(`[?&]page=${pages.length}>; rel="last"`));
    expect(link).not.toMatch(/rel="next"/);
    // The pages together are the whole list, as one big page shows it.
    const whole = await fetch("http://api.test/repos/octo/hello/issues?per_page=100");
    expect(pages.length).toBeGreaterThan(2);
    expect(((await whole.json()) as Issue[]).map((issue) => issue.number)).toEqual(numbers);
    await fixtures.settled();
    expect(fixtures.session.takeProblems()).toEqual([]);
  }, 120_000);
});
