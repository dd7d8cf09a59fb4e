// Copied beside the generated types of tests/contracts/as-written/swagger.yaml (Swagger 2.0,
// converted in memory) in a scratch folder by packages/workbench/tests/real-contracts/hooks-typed.e2e.test.ts, and
// type-checked there: a body parameter is a JSON body, a form upload a multipart one, a
// `x-nullable` field may be null, and the operation without `operationId` has its derived name.
import { createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { Fixtures } from "@contract-workbench/workbench/fixtures";
import type { components, operations, paging, paths } from "./schema.d.ts";

type Pet = components["schemas"]["Pet"];

// Type-checked only: the types come from `paths`, the manifest steers the calls at run time.
const manifest = { operations: [] };
const hooks = createApiHooks<paths, paging>(createApiClient<paths>(manifest), { manifest });

export function usePetsScreen(file: string) {
  const pets: Pet[] | undefined = hooks.useQuery("get", "/pets", { params: { query: { limit: 20 } } }).data;
  const tag: string | null | undefined = pets?.[0]?.tag;

  const create = hooks.useMutation("post", "/pets");
  create.mutate({ body: { name: "Rex", tag: null } });

  const upload = hooks.useMutation("post", "/pets/{petId}/photo");
  upload.mutate({ params: { path: { petId: "p1" } }, body: { file, caption: "At the beach" } });
  return { pets, tag };
}

export function overrides(fixtures: Fixtures<operations>) {
  return [fixtures.respond("postPetsByPetIdPhoto", 204), fixtures.respond("listPets", 200, [{ name: "Rex" }])];
}
