// Fixtures that stream, end to end in Node: the streams test contract's answers arrive over time
// through MSW, read by the app's own stream client; the scenarios pace, break, lengthen and
// empty them; overrides and named examples play as sequences; the exchange check reads every
// event of a stream a handler wrote and locates what breaks the item schema.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, createApiStreams } from "@contract-workbench/runtime";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { StreamItem } from "@contract-workbench/runtime/streams";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import { schemaPointer } from "@contract-workbench/workbench/contract";
import {
  frameItem,
  paceFor,
  STREAM_PACE_MS,
  formatViolation,
  createFixtures,
  createFixturesSession,
} from "@contract-workbench/workbench/fixtures";
import { generatedContract } from "../../src/fixtures/test-contracts.ts";
import type { operations, paths } from "../../../../tests/contracts/streams/generated/schema.d.ts";

const BASE = "http://streams.test";
const { manifest, contract } = generatedContract("tests/contracts/streams/generated");
const session = createFixturesSession();
const fixtures = createFixtures<operations>(manifest, contract, { session });
const server = setupServer(...fixtures.handlers);
const streams = createApiStreams<paths>(createApiClient<paths>({ baseUrl: BASE, operations: manifest.operations }), {
  manifest,
});

beforeAll(() => {
  server.listen({ onUnhandledFrame: "error" });
  fixtures.observe(server.events);
});
afterEach(async () => {
  await fixtures.settled();
  server.resetHandlers();
  session.setScenario("default");
  expect(session.takeViolations().map(formatViolation)).toEqual([]);
});
afterAll(() => server.close());

const chat = { params: { path: { chatId: "c1" } } } as const;

/** Each item with the milliseconds since the call when it arrived. */
async function timed<T>(items: AsyncIterable<StreamItem<T>>): Promise<Array<{ at: number; item: StreamItem<T> }>> {
  const started = performance.now();
  const arrived: Array<{ at: number; item: StreamItem<T> }> = [];
  for await (const item of items) arrived.push({ at: performance.now() - started, item });
  return arrived;
}

function itemsKeepSchema(operationId: string, mediaType: string, items: unknown[]): string[] {
  const pointer = `${schemaPointer(operationId, "responses", "200", "content", mediaType, "schema")}/items`;
  return items.flatMap((item) => fixtures.validator.check(pointer, item).map((failure) => JSON.stringify(failure)));
}

describe("fixtures that stream", () => {
  it("play the contract's named example as the event sequence, the first at once, the others paced", async () => {
    // Once untimed: the first call of a run compiles the checks and warms the modules, which on a busy
    // machine can take longer than a pace and says nothing about the stream's own timing.
    await timed(streams.read("get", "/chats/{chatId}/events", chat));
    const arrived = await timed(streams.read("get", "/chats/{chatId}/events", chat));
    expect(arrived.map(({ item }) => item.value)).toEqual(fixtures.example("streamChatEvents", 200, "conversation"));
    expect(arrived.map(({ item }) => item.value?.data.author)).toEqual([
      "Ada Lovelace",
      "Ada Lovelace",
      "Charles Babbage",
      "Charles Babbage",
    ]);
    expect(arrived[0]?.at).toBeLessThan(STREAM_PACE_MS);
    // Paced: the last comes three paces after the call at the earliest. Counted from the call, not
    // from the first item, which a busy machine may deliver late and bring closer to the last.
    expect(arrived.at(-1)!.at).toBeGreaterThanOrEqual(3 * STREAM_PACE_MS - 30);
  });

  it("generate items that keep itemSchema where the contract gives no example, in every format", async () => {
    // Read side by side: each plays over about a second.
    const [progress, metrics, logs] = await Promise.all([
      timed(streams.read("get", "/jobs/{jobId}/progress", { params: { path: { jobId: "j" } } })),
      timed(streams.read("get", "/metrics")),
      timed(streams.read("get", "/logs")),
    ]);
    const events = progress.map(({ item }) => item.value);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(itemsKeepSchema("followJobProgress", "text/event-stream", events)).toEqual([]);
    expect(metrics.length).toBeGreaterThanOrEqual(3);
    expect(
      itemsKeepSchema(
        "streamMetrics",
        "application/json-seq",
        metrics.map(({ item }) => item.value),
      ),
    ).toEqual([]);
    expect(logs.map(({ item }) => item.value?.message)).toEqual([
      "Starting the server",
      "Listening on port 8080",
      "The cache is cold",
    ]);
  });

  it("answer the error scenario with the declared error status instead of the stream", async () => {
    session.setScenario("error");
    const opened = await streams.open("get", "/chats/{chatId}/events", chat);
    expect(opened.error).toMatchObject({ status: 404 });
  });

  it("break the connection part-way in the broken scenario: the reconnection resumes after Last-Event-ID", async () => {
    session.setScenario("broken");
    const once: Array<StreamItem<unknown>> = [];
    const failure = await (async () => {
      for await (const item of streams.read("get", "/chats/{chatId}/events", chat, { reconnect: 0 })) once.push(item);
    })().catch((error: unknown) => error);
    expect(once.map((item) => item.error?.kind ?? "event")).toEqual(["event", "event", "truncated"]);
    expect(failure).toMatchObject({ kind: "network" });
    // As the app reads it: the client reconnects after the short retry the stream asked for, with
    // the last event's id, and the fixtures play the events after it.
    const reconnected = await timed(streams.read("get", "/chats/{chatId}/events", chat));
    expect(reconnected.map(({ item }) => item.value?.id ?? item.error?.kind)).toEqual([
      "1",
      "2",
      "truncated",
      "3",
      "4",
    ]);
  });

  it("lengthen the text in long-text and empty the stream in empty", async () => {
    session.setScenario("long-text");
    const long = await timed(streams.read("get", "/jobs/{jobId}/progress", { params: { path: { jobId: "j" } } }));
    expect(Math.max(...long.map(({ item }) => item.value?.data.length ?? 0))).toBeGreaterThan(200);
    session.setScenario("empty");
    expect(await timed(streams.read("get", "/metrics"))).toEqual([]);
  });

  it("pace a long stream so that it plays within seconds, and a slow one slower", () => {
    expect(paceFor("default", 5)).toBe(STREAM_PACE_MS);
    expect(paceFor("many", 50) * 49).toBeLessThanOrEqual(4_000);
    expect(paceFor("slow", 5)).toBeGreaterThan(STREAM_PACE_MS);
  });

  it("stream an override's items and a named example, as the request asks", async () => {
    const own = [{ event: "message" as const, id: "9", data: { author: "Grace Hopper", text: "Found a bug." } }];
    server.use(fixtures.respond("streamChatEvents", 200, own));
    const overridden = await timed(streams.read("get", "/chats/{chatId}/events", chat));
    expect(overridden.map(({ item }) => item.value)).toEqual(own);
    server.use(fixtures.respondExample("streamLogs", 200, "startup"));
    const logs = await timed(streams.read("get", "/logs"));
    expect(logs).toHaveLength(3);
  });

  it("answer a 3.2 query operation", async () => {
    const client = createApiClient<paths>({ baseUrl: BASE, operations: manifest.operations }) as unknown as Record<
      string,
      (url: string, init: object) => Promise<{ data?: unknown; response: Response }>
    >;
    const { data, response } = await client.QUERY!("/notes", { body: { text: "hello" } });
    expect(response.status).toBe(200);
    expect(Array.isArray(data)).toBe(true);
  });

  it("frame each format as its readers read it", () => {
    expect(frameItem({ event: "message", id: "1", data: { a: 1 } }, { format: "sse", data: "json" })).toBe(
      'event: message\nid: 1\ndata: {"a":1}\n\n',
    );
    expect(frameItem({ data: "two\nlines" }, { format: "sse", data: "text" })).toBe("data: two\ndata: lines\n\n");
    expect(frameItem({ a: 1 }, { format: "json-seq" })).toBe('\u001e{"a":1}\n');
  });
});

describe("the exchange check of a stream", () => {
  it("checks every event a handler streams against itemSchema, and says where data is not the JSON declared", async () => {
    server.use(
      http.get(`${BASE}/chats/:chatId/events`, () => {
        const body = [
          'event: message\ndata: {"author":"Ada","text":"ok"}\n\n',
          'event: message\ndata: {"author":42,"text":"wrong author"}\n\n',
          "event: typing\ndata: not json\n\n",
        ].join("");
        return new HttpResponse(body, { headers: { "Content-Type": "text/event-stream" } });
      }),
    );
    const items = await timed(streams.read("get", "/chats/{chatId}/events", chat));
    expect(items).toHaveLength(3);
    await fixtures.settled();
    expect(session.takeViolations().map(formatViolation)).toEqual([
      "streamChatEvents → 200 response body at /1/data/author: expected type string, got 42",
      'streamChatEvents → 200 response body at /2/data: expected JSON data, as the contract declares, got "not json"',
    ]);
  });
});

describe("a stream declared beside JSON (as OpenAI's)", () => {
  const chatManifest: Manifest = {
    title: "Chat",
    version: "1",
    openapi: "3.1.0",
    schemas: [],
    operations: [
      {
        operationId: "createChat",
        method: "post",
        path: "/chat",
        summary: null,
        tags: [],
        parameters: [],
        requestBody: null,
        responses: [
          {
            status: "200",
            mediaTypes: ["application/json", "text/event-stream"],
            streams: [{ mediaType: "text/event-stream", format: "sse", data: "json" }],
          },
        ],
        security: [],
      },
    ],
  };
  const reply = { type: "object", required: ["text"], properties: { text: { type: "string" } } };
  const chatContract: ContractSchemas = {
    openapi: "3.1.0",
    $schema: "https://json-schema.org/draft/2020-12/schema",
    components: { schemas: {} },
    operations: {
      createChat: {
        parameters: [],
        requestBody: null,
        responses: {
          "200": {
            content: {
              "application/json": { schema: reply, examples: [] },
              "text/event-stream": {
                schema: { type: "array", items: { type: "object", required: ["data"], properties: { data: reply } } },
                stream: { format: "sse", data: "json" },
                examples: [],
              },
            },
          },
        },
      },
    },
  };
  const chatFixtures = createFixtures(chatManifest, chatContract, { session });

  it("answers JSON unless the request asks for the stream, and tells the stream pair apart to coverage", async () => {
    server.use(...chatFixtures.handlers);
    const detach = chatFixtures.observe(server.events);
    const exchanges: Array<{ status: string; stream?: string }> = [];
    const stop = chatFixtures.onExchange(({ status, stream }) =>
      exchanges.push(stream ? { status, stream } : { status }),
    );
    const json = await fetch(`${BASE}/chat`, { method: "POST" });
    expect(json.headers.get("Content-Type")).toBe("application/json");
    expect(await json.json()).toMatchObject({ text: expect.any(String) as unknown });
    const stream = await fetch(`${BASE}/chat`, { method: "POST", headers: { Accept: "text/event-stream" } });
    expect(stream.headers.get("Content-Type")).toBe("text/event-stream");
    expect(await stream.text()).toMatch(/^(id: \d+\ndata: \{"text":"[^"]*"\}\n\n)+$/);
    await chatFixtures.settled();
    stop();
    detach();
    expect(exchanges).toEqual([{ status: "200" }, { status: "200", stream: "text/event-stream" }]);
  });
});
