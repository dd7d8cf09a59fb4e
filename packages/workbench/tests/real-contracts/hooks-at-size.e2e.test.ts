// The hooks type-check on a contract as large as Microsoft Graph beta's (some 22,000 operations),
// where a hook generic in its method made TypeScript expand every path at once (TS2589). The
// contract is generated here, as openapi-typescript writes `paths`: 12,500 paths, each with a GET
// that pages and a POST with a required body, and a screen calls each hook kind on one of them.
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { makeScratchFolder } from "../../../../tooling/scratch-folder.ts";
import { typecheckFiles } from "../../../../tooling/typecheck-files.ts";

const REPO = resolve(import.meta.dirname, "../../../..");
const PATHS = 12_500;
const NONE = "put?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never;";
const NO_PARAMS = "query?: never; header?: never; path?: never; cookie?: never;";

/** `paths`, `operations` and `paging` as `npm run api` writes them, `count` paths long. */
function schema(count: number): string {
  const paths: string[] = [];
  const operations: string[] = [];
  for (let i = 0; i < count; i++) {
    paths.push(
      `  "/r${i}": { parameters: { ${NO_PARAMS} }; get: operations["list${i}"]; post: operations["create${i}"]; ${NONE} };`,
    );
    operations.push(
      `  list${i}: { parameters: { query?: { skip?: number; top?: number }; header?: never; path?: never; cookie?: never }; requestBody?: never;`,
      `    responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": { value?: { id: string; n${i}: number }[] } } } } };`,
      `  create${i}: { parameters: { ${NO_PARAMS} }; requestBody: { content: { "application/json": { name: string; n${i}?: number } } };`,
      `    responses: { 201: { headers: { [name: string]: unknown }; content: { "application/json": { id: string } } } } };`,
    );
  }
  return [
    `export type paths = {\n${paths.join("\n")}\n}`,
    `export type operations = {\n${operations.join("\n")}\n}`,
    `export interface paging { "get /r7": { style: "offset" } }`,
  ].join("\n");
}

const SCREEN = `import { createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { paging, paths } from "./schema.d.ts";

const manifest = { operations: [], resources: [] };
const api = createApiHooks<paths, paging>(createApiClient<paths>(manifest), { manifest });

export function useScreen() {
  const list = api.useQuery("get", "/r7", { params: { query: { top: 5 } } });
  const ids: string[] | undefined = list.data?.value?.map((item) => item.id);
  const pages = api.useInfiniteQuery("get", "/r7");
  const create = api.useMutation("post", "/r7");
  create.mutate({ body: { name: "a", n7: 1 } });
  // @ts-expect-error the body is required
  create.mutate({});
  // @ts-expect-error a field the body does not have
  create.mutate({ body: { name: "a", n8: 1 } });
  // @ts-expect-error a path the contract does not have
  api.useQuery("get", "/r99999");
  return [ids, pages.data, create.data?.id] as const;
}
`;

const scratch = makeScratchFolder(REPO, "hooks-at-size-");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("types every hook kind on a contract of 25,000 operations without TS2589", () => {
  writeFileSync(join(scratch, "schema.d.ts"), schema(PATHS));
  writeFileSync(join(scratch, "user.ts"), SCREEN);
  const { diagnostics, output } = typecheckFiles(REPO, scratch, ["user.ts"]);
  expect(diagnostics, output).toEqual([]);
}, 600_000);
