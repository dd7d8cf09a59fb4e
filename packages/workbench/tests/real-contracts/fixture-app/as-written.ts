// Copied beside the generated types of tests/contracts/as-written/openapi.yaml in a scratch
// folder by packages/workbench/tests/real-contracts/hooks-typed.e2e.test.ts, and type-checked there: the hooks and
// the fixtures' overrides know an operation without `operationId` by the name derived from its
// method and path, its undeclared path parameter is a string, a discriminated body takes the
// values its branches fix, a defaulted field may be left out, a page whose `allOf` parts both
// declare its items reads as the contract's own type. Each `@ts-expect-error` fails the
// check if the line below it ever compiles.
import { createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { Fixtures } from "@contract-workbench/workbench/fixtures";
import type { components, operations, paging, paths } from "./schema.d.ts";

type Schemas = components["schemas"];

// Type-checked only: the types come from `paths`, the manifest steers the calls at run time.
const manifest = { operations: [] };
const hooks = createApiHooks<paths, paging>(createApiClient<paths>(manifest), { manifest });

export function usePetScreen(petId: string) {
  const photos: Schemas["Photo"][] | undefined = hooks.useQuery("get", "/pets/{petId}/photos", {
    params: { path: { petId } },
  }).data;
  // @ts-expect-error -- the undeclared path parameter is a string
  hooks.useQuery("get", "/pets/{petId}/photos", { params: { path: { petId: 7 } } });

  const create = hooks.useMutation("post", "/pets");
  create.mutate({ body: { name: "Rex" } });
  // What a form holds, of the contract's own type, is the body the call takes.
  const held: paths["/pets"]["post"]["requestBody"]["content"]["application/json"] = {
    name: "Rex",
    tags: [],
  };
  create.mutate({ body: held });

  const send = hooks.useMutation("post", "/messages");
  send.mutate({ body: { role: "user", content: "Hello" } });
  // @ts-expect-error -- a user message's role is `user`, not its schema's name
  send.mutate({ body: { role: "UserMessage", content: "Hello" } });

  const people: string[] | undefined = hooks.useQuery("get", "/people").data;
  // The contract's own type: both parts of the page's `allOf` declare `items`.
  const pets: paths["/pets"]["get"]["responses"][200]["content"]["application/json"] | undefined = hooks.useQuery(
    "get",
    "/pets",
  ).data;
  return { photos, people, pets };
}

/** Overrides name each operation as the manifest does. */
export function overrides(fixtures: Fixtures<operations>) {
  return [
    fixtures.respond("getPetsByPetIdPhotos", 200, [{ url: "https://images.example.com/rex.jpg" }]),
    fixtures.respond("getPetsByPetIdPhotos", 404),
    fixtures.respond("List people", 200, ["Ada"]),
    // @ts-expect-error -- the operation is named from its method and path, not as a caller guesses
    fixtures.respond("getPetPhotos", 200),
  ];
}
