// Type tests for the stream client, written as a screen writes them: each event typed from the
// contract's item schema (an SSE event's data by its JSON contentSchema), the contract's error
// body on the ApiError, only the operations that stream, only their declared media types. Each
// `@ts-expect-error` fails this test if the line below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import type * as Clinic from "../../tests/contracts/clinic/generated/schema.d.ts";
import type * as Streams from "../../tests/contracts/streams/generated/schema.d.ts";
import { createApiClient } from "./client.ts";
import type { ApiError } from "./errors.ts";
import { createApiStreams, type StreamEventOf, streams } from "./stream.ts";
import type { StreamEventError, StreamItem } from "./stream-formats.ts";

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
  const client = createApiStreams<Streams.paths>(createApiClient<Streams.paths>());

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
    const clinic = createApiStreams<Clinic.paths>(createApiClient<Clinic.paths>());
    // @ts-expect-error -- getPet answers JSON, not a stream
    void clinic.open("get", "/pets/{petId}", { params: { path: { petId: "p" } } });
    // @ts-expect-error -- the chat id is required
    void client.open("get", "/chats/{chatId}/events");
    // @ts-expect-error -- the chat's events are declared as text/event-stream only
    void client.open("get", "/chats/{chatId}/events", chatInit, { accept: "application/jsonl" });
    // @ts-expect-error -- the product's contract streams nothing (in no contract: this path)
    void streams.open("get", "/no-such-stream-in-any-contract");
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
