// Type tests of the app's binding (src/api/index.ts): the contract is the only source of API types. Calls, hooks and
// fixtures that the contract does not allow must not compile. Each
// `@ts-expect-error` fails this test if the line below it ever compiles.
import { createOpenApiHttp } from "openapi-msw";
import { describe, expectTypeOf, it } from "vitest";
import type { components, paths as ExamplePaths } from "../contracts/example/generated/schema.d.ts";
import { createApiClient, createApiHooks, type ApiError } from "@contract-workbench/runtime";
import { api, apiClient, streams } from "@/api/index.ts";
import { http } from "#mocks/http.ts";

type Note = components["schemas"]["Note"];
type Problem = components["schemas"]["Problem"];

describe("the product contract, whatever it holds", () => {
  it("has no operation to call", () => {
    // @ts-expect-error -- not an operation of the contract
    void apiClient.GET("/no-such-operation-in-any-contract");
    // @ts-expect-error -- nor through the hooks
    void api.queryOptions("get", "/no-such-operation-in-any-contract");
    // @ts-expect-error -- the hooks page only what the contract pages
    void api.infiniteQueryOptions("get", "/no-such-list-in-any-contract");
    // @ts-expect-error -- the product's contract streams nothing (in no contract: this path)
    void streams.open("get", "/no-such-stream-in-any-contract");
  });

  it("has no operation to mock", () => {
    // @ts-expect-error -- a fixture for an operation the contract lacks
    http.get("/no-such-operation-in-any-contract", ({ response }) => response(200).json([]));
  });
});

describe("a filled-in contract", () => {
  const client = createApiClient<ExamplePaths>({ operations: [] });
  const hooks = createApiHooks(client, { manifest: { operations: [] } });
  const exampleHttp = createOpenApiHttp<ExamplePaths>();

  it("types the data and the error of a call", async () => {
    const { data, error } = await client.GET("/notes/{id}", { params: { path: { id: "n1" } } });
    expectTypeOf(data).toEqualTypeOf<Note | undefined>();
    expectTypeOf(error).toEqualTypeOf<Problem | undefined>();
  });

  it("rejects operations, parameters and bodies the contract does not declare", () => {
    // @ts-expect-error -- no such path
    void client.GET("/notebooks");
    // @ts-expect-error -- no DELETE on /notes
    void client.DELETE("/notes");
    // @ts-expect-error -- the path parameter is required
    void client.GET("/notes/{id}");
    // @ts-expect-error -- the body lacks the required title
    void client.POST("/notes", { body: { body: "no title" } });
  });

  it("types the hooks' data and gives an ApiError carrying the contract's error body", () => {
    // Never called: type tests only compile.
    function useTypedHooks() {
      const notes = hooks.useQuery("get", "/notes");
      expectTypeOf(notes.data).toEqualTypeOf<Note[] | undefined>();
      expectTypeOf(notes.error).toEqualTypeOf<ApiError<Problem> | null>();
      const create = hooks.useMutation("post", "/notes");
      expectTypeOf(create.data).toEqualTypeOf<Note | undefined>();
      // @ts-expect-error -- the hooks know the paths too
      hooks.useQuery("get", "/notebooks");
    }
    expectTypeOf(useTypedHooks).toBeFunction();
  });

  it("accepts fixtures of the right shape and rejects the wrong one", () => {
    exampleHttp.get("/notes", ({ response }) => response(200).json([{ id: "n1", title: "A note" }]));
    // @ts-expect-error -- `id` must be a string
    exampleHttp.get("/notes", ({ response }) => response(200).json([{ id: 1, title: "A note" }]));
    // @ts-expect-error -- `title` is required
    exampleHttp.get("/notes", ({ response }) => response(200).json([{ id: "n1" }]));
    // @ts-expect-error -- the contract declares no 418 for this operation
    exampleHttp.get("/notes", ({ response }) => response(418).json({}));
    // @ts-expect-error -- no such path to mock
    exampleHttp.get("/notebooks", ({ response }) => response(200).json([]));
  });
});
