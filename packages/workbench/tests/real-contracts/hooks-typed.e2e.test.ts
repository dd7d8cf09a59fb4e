// What a user writes against real contracts type-checks, with no cast: each contract generated
// (in memory, as `npm run api` does) into a scratch folder, a screen written against it copied
// beside its types (packages/workbench/tests/real-contracts/fixture-app/), and TypeScript 7 run once over them all
// with the project's settings. Every hook kind is called (queries, suspense, options, infinite
// queries, mutations, declared headers) and the fixtures' overrides too; none may hit TS2589.
// GitHub's, OpenAI's and DigitalOcean's contracts come from the shared specs (skipped when they
// are absent); the test contracts of constructs as public contracts write them are the
// repository's. Then GitHub's issues are paged, through the typed screen's own infinite query,
// from the stateful fixtures, as a "Load more" button would, to the last page.
import { InfiniteQueryObserver, type InfiniteData, type InfiniteQueryObserverOptions } from "@tanstack/react-query";
import { setupServer } from "msw/node";
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { ApiPage, PageQuery } from "@contract-workbench/runtime/paging";
import { createQueryClient } from "@contract-workbench/runtime";
import { makeScratchFolder } from "../../../../tooling/scratch-folder.ts";
import { SHARED_SPECS as SHARED } from "../../../../tooling/shared-specs.ts";
import { typecheckFiles } from "../../../../tooling/typecheck-files.ts";
import { createFixtures, type Fixtures } from "@contract-workbench/workbench/fixtures";
import type { LoadedContract } from "../../src/fixtures/test-contracts.ts";
import { generate } from "@contract-workbench/workbench/codegen";

const REPO = resolve(import.meta.dirname, "../../../..");
const hasShared = (file: string) => existsSync(join(SHARED, file));

/** Each contract, where it is, and the screen written against it (`fixture-app/<name>.ts`). */
const CONTRACTS = [
  { name: "as-written", source: join(REPO, "tests/contracts/as-written/openapi.yaml") },
  { name: "swagger", source: join(REPO, "tests/contracts/as-written/swagger.yaml") },
  { name: "github", source: join(SHARED, "github-rest.json") },
  { name: "openai", source: join(SHARED, "openai.yaml") },
  // A folder of 2,907 files: copied, its root file named as `npm run api` expects.
  { name: "digitalocean", source: join(SHARED, "digitalocean"), root: "DigitalOcean-public.v2.yaml" },
].filter(({ source }) => existsSync(source));

let scratch = "";
const loaded = new Map<string, LoadedContract>();
let diagnostics: string[] = [];

beforeAll(async () => {
  scratch = makeScratchFolder(REPO, "hooks-typed-");
  for (const { name, source, root } of CONTRACTS) {
    const dir = join(scratch, name);
    mkdirSync(dir);
    let contract = relative(REPO, source);
    if (root !== undefined) {
      cpSync(source, join(dir, "openapi"), { recursive: true });
      renameSync(join(dir, "openapi", root), join(dir, "openapi", "openapi.yaml"));
      contract = relative(REPO, join(dir, "openapi", "openapi.yaml"));
    } else if (!source.startsWith(REPO)) {
      copyFileSync(source, join(dir, `openapi${source.slice(source.lastIndexOf("."))}`));
      contract = relative(REPO, join(dir, `openapi${source.slice(source.lastIndexOf("."))}`));
    }
    const { outputs } = await generate(REPO, { contract, outDir: "out" });
    writeFileSync(join(dir, "schema.d.ts"), outputs.get("out/schema.d.ts") ?? "");
    loaded.set(name, {
      name,
      manifest: JSON.parse(outputs.get("out/manifest.json") ?? "") as Manifest,
      contract: JSON.parse(outputs.get("out/contract.json") ?? "") as LoadedContract["contract"],
    });
    copyFileSync(
      join(REPO, "packages/workbench/tests/real-contracts/fixture-app", `${name}.ts`),
      join(dir, "screen.ts"),
    );
  }
  diagnostics = typecheckFiles(
    REPO,
    scratch,
    CONTRACTS.map(({ name }) => join(name, "screen.ts")),
  ).diagnostics;
}, 300_000);

afterAll(() => {
  if (!process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

describe("what a user writes against a real contract", () => {
  it("type-checks with the project's settings, every hook kind, no cast, no TS2589", () => {
    expect(CONTRACTS.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["as-written", "swagger", ...(hasShared("github-rest.json") ? ["github"] : [])]),
    );
    expect(diagnostics).toEqual([]);
  });
});

type Issue = { number: number };
/** What the GitHub screen exports, as this test calls it; its own types are GitHub's, checked above. */
interface GithubScreen {
  githubHooks(baseUrl: string, manifest: Manifest): unknown;
  issuePages(
    hooks: unknown,
    owner: string,
    repo: string,
    perPage: number,
  ): InfiniteQueryObserverOptions<
    ApiPage<Issue[]>,
    Error,
    InfiniteData<ApiPage<Issue[]>>,
    readonly unknown[],
    PageQuery
  >;
}

function isGithubScreen(module: unknown): module is GithubScreen {
  return (
    typeof module === "object" &&
    module !== null &&
    "githubHooks" in module &&
    typeof module.githubHooks === "function" &&
    "issuePages" in module &&
    typeof module.issuePages === "function"
  );
}

describe.skipIf(!hasShared("github-rest.json"))("GitHub's issues, a page at a time", () => {
  let fixtures: Fixtures;
  let server: ReturnType<typeof setupServer>;
  let screen: GithubScreen;
  let github: LoadedContract;

  beforeAll(async () => {
    const found = loaded.get("github");
    if (found === undefined) throw new Error("GitHub's contract was not generated");
    github = found;
    expect(github.manifest.operations.find((op) => op.operationId === "issues/list-for-repo")?.pagination).toEqual({
      style: "link",
      from: "inferred",
      param: "page",
      size: "per_page",
      defaultSize: 30,
      items: "",
    });
    fixtures = createFixtures(github.manifest, github.contract);
    server = setupServer(...fixtures.handlers);
    fixtures.observe(server.events);
    server.listen({ onUnhandledFrame: "error" });
    const module: unknown = await import(pathToFileURL(join(scratch, "github", "screen.ts")).href);
    if (!isGithubScreen(module)) throw new Error("fixture-app/github.ts no longer exports githubHooks and issuePages");
    screen = module;
  });
  afterAll(() => server?.close());

  it("follows rel=next to the last page, every issue once", async () => {
    const hooks = screen.githubHooks("http://api.test", github.manifest);
    // `many`: the default data holds one issue per repository; many spans several pages.
    fixtures.session.setScenario("many");
    const observer = new InfiniteQueryObserver(
      createQueryClient({ retry: false }),
      screen.issuePages(hooks, "octo", "hello", 2),
    );
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
