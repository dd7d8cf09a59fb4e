// The stream client against a real server on loopback that the test starts: what it sends
// (Accept, Last-Event-ID), what it hands over (typed items, errors as values), when it stops.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import manifestJson from "../../../tests/contracts/streams/generated/manifest.json" with { type: "json" };
import type { paths } from "../../../tests/contracts/streams/generated/schema.d.ts";
import { createApiClient } from "./client.ts";
import type { ApiError } from "./errors.ts";
import type { Manifest } from "./manifest-types.ts";
import { createApiStreams } from "./stream.ts";
import type { StreamItem } from "./stream-formats.ts";

const manifest = manifestJson as Manifest;
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handle: Handler;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

function client(timeoutMs?: number) {
  return createApiStreams<paths>(createApiClient<paths>({ baseUrl, operations: manifest.operations, timeoutMs }), {
    manifest,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers with these pieces of an event stream, `gapMs` apart, then ends (or is cut). */
function sse(pieces: string[], options: { gapMs?: number; cut?: boolean; type?: string } = {}): Handler {
  return (_request, response) => {
    response.writeHead(200, { "Content-Type": options.type ?? "text/event-stream" });
    void (async () => {
      for (const piece of pieces) {
        response.write(piece);
        await wait(options.gapMs ?? 1);
      }
      if (options.cut) response.socket?.destroy();
      else response.end();
    })();
  };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

const chat = { params: { path: { chatId: "c1" } } } as const;

describe("the stream client", () => {
  it("asks for the declared stream and hands over typed events, their JSON data parsed", async () => {
    handle = sse([
      'event: message\nid: 1\ndata: {"author":"Ada","text":"Hi"}\n\n',
      'event: typing\ndata: {"author":"Charles","text":""}\n\n',
    ]);
    const opened = await client().open("get", "/chats/{chatId}/events", chat);
    expect(opened.error).toBeUndefined();
    const items = await all(opened.events!);
    expect(items.map((item) => item.value)).toEqual([
      { event: "message", id: "1", data: { author: "Ada", text: "Hi" } },
      { event: "typing", data: { author: "Charles", text: "" } },
    ]);
    expect(seen[0]?.url).toBe("/chats/c1/events");
    expect(seen[0]?.headers.accept).toBe("text/event-stream");
  });

  it("gives an HTTP error before the first event as an ApiError value with the contract's error body", async () => {
    handle = (_request, response) => {
      response.writeHead(404, { "Content-Type": "application/problem+json" });
      response.end(JSON.stringify({ title: "No such chat", status: 404 }));
    };
    const opened = await client().open("get", "/chats/{chatId}/events", chat);
    expect(opened.events).toBeUndefined();
    expect(opened.error).toMatchObject({ kind: "problem", status: 404, problem: { title: "No such chat" } });
    // Read as an iterator, the same error is thrown before any item.
    await expect(all(client().read("get", "/chats/{chatId}/events", chat))).rejects.toMatchObject({ kind: "problem" });
  });

  it("hands over a malformed event as an error value naming it, and goes on", async () => {
    handle = sse([
      "event: message\nid: 7\ndata: {not json\n\n",
      'event: message\ndata: {"author":"Ada","text":"ok"}\n\n',
    ]);
    const items = await all(client().read("get", "/chats/{chatId}/events", chat));
    expect(items[0]?.error).toMatchObject({ kind: "malformed", index: 0, event: "message", id: "7" });
    expect(items[0]?.error?.message).toMatch(/^event 1 \(type "message", id "7"\): its data is not JSON/);
    expect(items[1]?.value?.data.text).toBe("ok");
  });

  it("stops when its signal aborts, and closes the connection", async () => {
    let closed = false;
    handle = (request, response) => {
      request.socket.on("close", () => (closed = true));
      sse(
        Array.from({ length: 200 }, (_, index) => `data: {"author":"A","text":"${index}"}\n\n`),
        { gapMs: 5 },
      )(request, response);
    };
    const controller = new AbortController();
    const items: unknown[] = [];
    for await (const item of client().read("get", "/chats/{chatId}/events", { ...chat, signal: controller.signal })) {
      items.push(item);
      if (items.length === 3) controller.abort();
    }
    expect(items).toHaveLength(3);
    await expect.poll(() => closed).toBe(true);
  });

  it("reconnects a broken event stream after the server's retry, with Last-Event-ID, as the WHATWG standard says", async () => {
    let connection = 0;
    handle = (request, response) => {
      connection += 1;
      if (connection === 1) {
        sse(
          [
            'retry: 20\nid: 1\ndata: {"author":"A","text":"one"}\n\n',
            'id: 2\ndata: {"author":"A","text":"two"}\n\ndata: {"aut',
          ],
          {
            cut: true,
          },
        )(request, response);
      } else if (connection === 2) {
        sse(['id: 3\ndata: {"author":"A","text":"three"}\n\n'])(request, response);
      }
    };
    const started = Date.now();
    const items = await all(client().read("get", "/chats/{chatId}/events", chat));
    expect(items.map((item) => item.value?.data.text ?? item.error?.kind)).toEqual([
      "one",
      "two",
      "truncated",
      "three",
    ]);
    expect(seen.map((request) => request.headers["last-event-id"])).toEqual([undefined, "2"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
  });

  it("ends when the reconnection is answered 204, and throws the broken connection when it may not reconnect", async () => {
    let connection = 0;
    handle = (request, response) => {
      connection += 1;
      if (connection === 1) sse(['retry: 1\ndata: {"author":"A","text":"one"}\n\n'], { cut: true })(request, response);
      else response.writeHead(204).end();
    };
    expect(await all(client().read("get", "/chats/{chatId}/events", chat))).toHaveLength(1);
    handle = sse(['{"timestamp":"2026-11-26T09:00:00Z","level":"info","message":"a"}\n'], {
      cut: true,
      type: "application/jsonl",
    });
    const items: unknown[] = [];
    const error = await (async () => {
      for await (const item of client().read("get", "/logs")) items.push(item);
    })().catch((caught: unknown) => caught as ApiError);
    expect(items).toHaveLength(1);
    expect(error).toMatchObject({
      kind: "network",
      message: expect.stringMatching(/connection broke after 1 events/) as unknown,
    });
  });

  it("lets a stream run past the client's time limit, which still bounds waiting for the answer", async () => {
    handle = sse(
      Array.from({ length: 6 }, (_, index) => `data: step ${index}\n\n`),
      { gapMs: 20 },
    );
    const items = await all(client(40).read("get", "/jobs/{jobId}/progress", { params: { path: { jobId: "j" } } }));
    expect(items.map((item) => item.value?.data)).toEqual(["step 0", "step 1", "step 2", "step 3", "step 4", "step 5"]);
    handle = () => undefined; // never answers
    await expect(all(client(40).read("get", "/logs"))).rejects.toMatchObject({ kind: "timeout" });
  });

  it("reads JSON Lines and JSON text sequences, bounded by the limits it is given", async () => {
    const entry = (message: string) => JSON.stringify({ timestamp: "2026-11-26T09:00:00Z", level: "info", message });
    handle = sse([`${entry("a")}\n${entry("b")}\n`, `${entry("c")}\n`], { type: "application/jsonl" });
    const logs = await all(client().read("get", "/logs", undefined, { limits: { maxEvents: 2 } }));
    expect(logs.map((item) => item.value?.message ?? item.error?.kind)).toEqual(["a", "b", "limit"]);
    handle = sse(['\u001e{"name":"rps","value":1}\n', '\u001e{"name":"rps","value":2}\n'], {
      type: "application/json-seq",
    });
    const metrics = await all(client().read("get", "/metrics"));
    expect(metrics.map((item) => item.value?.value)).toEqual([1, 2]);
  });

  it("feeds TanStack Query as events arrive (experimental_streamedQuery), one render per event", async () => {
    handle = sse(
      Array.from({ length: 4 }, (_, index) => `data: {"author":"A","text":"${index}"}\n\n`),
      { gapMs: 15 },
    );
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, client().queryOptions("get", "/chats/{chatId}/events", chat));
    const lengths: number[] = [];
    await new Promise<void>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.data) lengths.push(result.data.length);
        if (result.fetchStatus === "idle" && result.status === "success") {
          stop();
          resolve();
        }
      });
    });
    expect(lengths.at(-1)).toBe(4);
    expect(new Set(lengths).size).toBeGreaterThanOrEqual(3);
    const items = queryClient.getQueryData<StreamItem<{ data: { text: string } }>[]>([
      "get",
      "/chats/{chatId}/events",
      chat,
      "stream",
    ]);
    expect(items?.map((item) => item.value?.data.text)).toEqual(["0", "1", "2", "3"]);
  });
});

describe("the client and OpenAPI 3.2's query method", () => {
  it("sends a query operation as QUERY with its body, its answer read as any other", async () => {
    handle = (request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify([{ id: request.method, text: body }]));
      });
    };
    const api = createApiClient<paths>({ baseUrl, operations: manifest.operations });
    const query = (api as unknown as Record<string, (url: string, init: object) => Promise<{ data?: unknown }>>).QUERY;
    const { data } = await query!("/notes", { body: { text: "hello" } });
    expect(data).toEqual([{ id: "QUERY", text: '{"text":"hello"}' }]);
  });
});
