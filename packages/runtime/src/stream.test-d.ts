// Type tests for the stream client, written as a screen writes them: each event typed from the
// contract's item schema (an SSE event's data by its JSON contentSchema), the contract's error
// body on the ApiError, only the operations that stream, only their declared media types. Each
// `@ts-expect-error` fails this test if the line below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import type * as Clinic from "../../../tests/contracts/clinic/generated/schema.d.ts";
import type * as Streams from "../../../tests/contracts/streams/generated/schema.d.ts";
import { createApiClient } from "./client.ts";
import type { ApiError } from "./errors.ts";
import { createApiHooks } from "./query.ts";
import { createApiStreams, type StreamEventOf } from "./stream.ts";
import type { StreamEventError, StreamItem } from "./stream-formats.ts";

/** The types come from `paths`; the manifest only steers the calls at run time. */
const NO_MANIFEST = { operations: [] };

type ChatEvent = Streams.components["schemas"]["ChatEvent"];
type LogEntry = Streams.components["schemas"]["LogEntry"];
type Problem = Streams.components["schemas"]["Problem"];
type ChatStreamEvent = { event: "message" | "typing"; data: ChatEvent; id?: string; retry?: number };

const chatInit = { params: { path: { chatId: "c1" } } };

describe("stream types", () => {
  it("type each event from itemSchema, an SSE event's data from its JSON contentSchema", () => {
    expectTypeOf<StreamEventOf<Streams.operations["streamChatEvents"]>>().toEqualTypeOf<ChatStreamEvent>();
    expectTypeOf<StreamEventOf<Streams.operations["followJobProgress"]>>().toEqualTypeOf<{ data: string }>();
    expectTypeOf<StreamEventOf<Streams.operations["streamLogs"]>>().toEqualTypeOf<LogEntry>();
    // A 3.1 event stream whose schema is each event's data (the clinic's, as OpenAI's).
    expectTypeOf<StreamEventOf<Clinic.operations["watchClinicStatus"]>["data"]>().toEqualTypeOf<
      Clinic.components["schemas"]["ClinicStatus"]
    >();
    // An operation that does not stream has no events.
    expectTypeOf<StreamEventOf<Clinic.operations["getPet"]>>().toBeNever();
  });
});

describe("the stream client", () => {
  const client = createApiStreams<Streams.paths>(createApiClient<Streams.paths>(NO_MANIFEST), {
    manifest: NO_MANIFEST,
  });

  it("opens a stream: typed items, or the contract's error body on an ApiError", async () => {
    const opened = await client.open("get", "/chats/{chatId}/events", chatInit);
    if (opened.error) {
      expectTypeOf(opened.error).toEqualTypeOf<ApiError<Problem>>();
      expectTypeOf(opened.error.body).toEqualTypeOf<Problem | string | undefined>();
      return;
    }
    for await (const item of opened.events) {
      expectTypeOf(item).toEqualTypeOf<StreamItem<ChatStreamEvent>>();
      if (item.error) expectTypeOf(item.error).toEqualTypeOf<StreamEventError>();
      else expectTypeOf(item.value.data.author).toBeString();
    }
  });

  it("reads JSON Lines items as the item schema types them", async () => {
    for await (const item of client.read("get", "/logs", undefined, { limits: { maxEvents: 100 } })) {
      expectTypeOf(item.value).toEqualTypeOf<LogEntry | undefined>();
    }
  });

  it("refuses what does not stream, a missing argument, an undeclared media type", () => {
    const clinic = createApiStreams<Clinic.paths>(createApiClient<Clinic.paths>(NO_MANIFEST), {
      manifest: NO_MANIFEST,
    });
    // @ts-expect-error -- getPet answers JSON, not a stream
    void clinic.open("get", "/pets/{petId}", { params: { path: { petId: "p" } } });
    // @ts-expect-error -- the chat id is required
    void client.open("get", "/chats/{chatId}/events");
    // @ts-expect-error -- the chat's events are declared as text/event-stream only
    void client.open("get", "/chats/{chatId}/events", chatInit, { accept: "application/jsonl" });
  });

  it("feeds TanStack Query: the items as they arrive, or what the reducer folds them into", () => {
    function useTyped() {
      const chat = client.useStream("get", "/chats/{chatId}/events", chatInit);
      expectTypeOf(chat.data).toEqualTypeOf<StreamItem<ChatStreamEvent>[] | undefined>();
      expectTypeOf(chat.error).toEqualTypeOf<ApiError<Problem> | null>();
      const transcript = client.useStream("get", "/chats/{chatId}/events", chatInit, {
        initialValue: "",
        reducer: (text, item) => text + (item.value?.data.text ?? ""),
        refetchMode: "append",
      });
      expectTypeOf(transcript.data).toEqualTypeOf<string | undefined>();
      const options = client.queryOptions("get", "/logs");
      expectTypeOf(options.queryKey[3]).toEqualTypeOf<"stream">();
      // @ts-expect-error -- a reducer needs its initial value
      client.useStream("get", "/logs", undefined, { reducer: (count: number) => count + 1 });
    }
    expectTypeOf(useTyped).toBeFunction();
  });
});

// An answer that is JSON, or a stream when the request asks for one (OpenAI's `stream: true`),
// as the generator writes it: the hooks parse one body, so their data is the JSON one only.
interface Completion {
  object: "chat.completion";
  text: string;
}
interface ChunkEvent {
  data: { object: "chat.completion.chunk"; delta: string };
}
type JsonOrStreamPaths = {
  "/completions": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { "application/json": { prompt: string; stream?: boolean } } };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: { "application/json": Completion; "text/event-stream": ChunkEvent[] };
        };
        400: { headers: { [name: string]: unknown }; content: { "application/problem+json": Problem } };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};

describe("an answer that is JSON or a stream", () => {
  it("is one JSON body to the hooks, and a stream of typed events to `streams`", () => {
    const hooks = createApiHooks(createApiClient<JsonOrStreamPaths>(NO_MANIFEST), { manifest: NO_MANIFEST });
    const completion = hooks.useMutation("post", "/completions");
    expectTypeOf(completion.data).toEqualTypeOf<Completion | undefined>();
    expectTypeOf<StreamEventOf<JsonOrStreamPaths["/completions"]["post"]>>().toEqualTypeOf<ChunkEvent>();
  });
});

// Ably's answers: JSON or MessagePack, as the request's Accept chooses. The client parses JSON.
type JsonOrMsgpackPaths = {
  "/presence": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: { "application/json": Completion[]; "application/x-msgpack": string };
        };
        400: { headers: { [name: string]: unknown }; content: { "application/problem+json": Problem } };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};

describe("an answer declared as JSON beside another media type", () => {
  it("is the JSON body to the hooks, which parse JSON", () => {
    const hooks = createApiHooks(createApiClient<JsonOrMsgpackPaths>(NO_MANIFEST), { manifest: NO_MANIFEST });
    const presence = hooks.useQuery("get", "/presence");
    expectTypeOf(presence.data).toEqualTypeOf<Completion[] | undefined>();
  });
});
