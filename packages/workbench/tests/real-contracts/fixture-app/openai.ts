// Copied beside OpenAI's generated types (`schema.d.ts`, from the shared specs, OpenAPI 3.1) in
// a scratch folder by packages/workbench/tests/real-contracts/hooks-typed.e2e.test.ts, and type-checked there as a
// screen written against OpenAI's contract is: every hook kind, a cursor-paged list, a JSON body
// with a discriminated union, a multipart upload, declared headers; no cast.
import type { QueryClient } from "@tanstack/react-query";
import { type ApiError, createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { components, paging, paths } from "./schema.d.ts";

type Schemas = components["schemas"];

// Type-checked only: the types come from `paths`, the manifest steers the calls at run time.
const manifest = { operations: [] };
const hooks = createApiHooks<paths, paging>(createApiClient<paths>(manifest), { manifest });

export function useAssistantsScreen(client: QueryClient, file: string) {
  const models: Schemas["ListModelsResponse"] | undefined = hooks.useQuery("get", "/models").data;
  const failure: ApiError<Schemas["ErrorResponse"]> | null = hooks.useQuery("get", "/assistants/{assistant_id}", {
    params: { path: { assistant_id: "asst_abc123" } },
  }).error;
  const assistant: Schemas["AssistantObject"] = hooks.useSuspenseQuery("get", "/assistants/{assistant_id}", {
    params: { path: { assistant_id: "asst_abc123" } },
  }).data;
  void client.prefetchQuery(hooks.queryOptions("get", "/models/{model}", { params: { path: { model: "gpt-4o" } } }));

  // A cursor list: `after` the last id, while `has_more`.
  const pages = hooks.useInfiniteQuery("get", "/assistants", { params: { query: { limit: 20, order: "desc" } } });
  const names: Array<string | null | undefined> = (pages.data?.pages ?? []).flatMap((page) =>
    page.data.data.map((item) => item.name),
  );
  const more: boolean = pages.data?.pages.at(-1)?.data.has_more ?? false;

  // A discriminated union in a JSON body, written with the values the API takes.
  const chat = hooks.useMutation("post", "/chat/completions");
  chat.mutate({
    body: {
      model: "gpt-4o",
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "Hello!" },
      ],
    },
  });
  // The answer is JSON, or a stream of chunks when `stream` is set: told apart by `object`.
  const reply: string | null | undefined =
    chat.data?.object === "chat.completion" ? chat.data.choices[0]?.message.content : undefined;

  // A multipart upload.
  const upload = hooks.useMutation("post", "/files", { invalidates: [["get", "/files"]] });
  upload.mutate({ body: { file, purpose: "assistants" } });
  const uploaded: Schemas["OpenAIFile"] | undefined = upload.data;

  return { models, failure, assistant, names, more, reply, uploaded };
}

/** The headers a call declares, typed: a realtime call's `Location`. */
export function callLocation(created: Response): string | undefined {
  return hooks.readHeaders("post", "/realtime/calls", created).Location;
}
