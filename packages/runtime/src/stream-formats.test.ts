import { describe, expect, it } from "vitest";
import {
  EventStreamFramer,
  type Frame,
  framerFor,
  JsonLinesFramer,
  JsonSequenceFramer,
  readItems,
  type StreamItem,
  streamFormatOf,
  utf8Length,
} from "./stream-formats.ts";

/** The frames of text pushed in the given pieces, then the end of the stream. */
function frames(framer: { push(text: string): Frame[]; end(): Frame[] }, ...pieces: string[]): Frame[] {
  return [...pieces.flatMap((piece) => framer.push(piece)), ...framer.end()];
}

function events(...pieces: string[]) {
  return frames(new EventStreamFramer(), ...pieces).map((frame) => (frame.kind === "event" ? frame.event : frame));
}

function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(iterable: AsyncIterable<StreamItem<unknown>>): Promise<StreamItem<unknown>[]> {
  const items: StreamItem<unknown>[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("streamFormatOf", () => {
  it("knows the sequential media types, parameters and case aside", () => {
    expect(streamFormatOf("text/event-stream; charset=utf-8")).toBe("sse");
    expect(streamFormatOf("Application/JSONL")).toBe("jsonl");
    expect(streamFormatOf("application/x-ndjson")).toBe("jsonl");
    expect(streamFormatOf("application/json-seq")).toBe("json-seq");
    expect(streamFormatOf("application/geo+json-seq")).toBe("json-seq");
    expect(streamFormatOf("application/json")).toBeUndefined();
  });
});

describe("the event stream, as the WHATWG HTML standard parses it", () => {
  it("ends lines with CRLF, LF or CR, a CRLF split across chunks included", () => {
    expect(events("data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r", "\n\r\n")).toEqual([
      { data: "a" },
      { data: "b" },
      { data: "c" },
      { data: "d" },
    ]);
  });

  it("joins data lines with LF, removes one leading space of a value and ignores comments and unknown fields", () => {
    expect(events(": a comment\ndata:one\ndata:  two\nunknown: x\ndata\n\n")).toEqual([{ data: "one\n two\n" }]);
  });

  it("names the event type, resets it after each event, and dispatches nothing for a block without data", () => {
    expect(events("event: add\ndata: 1\n\ndata: 2\n\nevent: lonely\n\n")).toEqual([
      { event: "add", data: "1" },
      { data: "2" },
    ]);
  });

  it("keeps the last event ID across events, ignores an id holding NULL, and resets it with an empty id", () => {
    const framer = new EventStreamFramer();
    expect(frames(framer, "id: 7\ndata: a\n\ndata: b\n\n")).toEqual([
      { kind: "event", event: { id: "7", data: "a" } },
      { kind: "event", event: { data: "b" } },
    ]);
    expect(framer.lastEventId).toBe("7");
    framer.push("id: 8\u0000\n\n");
    expect(framer.lastEventId).toBe("7");
    framer.push("id: 9\n\n"); // no data: not dispatched, yet the ID is set
    expect(framer.lastEventId).toBe("9");
    framer.push("id\ndata: c\n\n");
    expect(framer.lastEventId).toBe("");
  });

  it("starts a reconnected stream from the source's last event ID, its ID buffer from empty", () => {
    const framer = new EventStreamFramer({ lastEventId: "5" });
    framer.push("data: x");
    expect(framer.lastEventId).toBe("5"); // nothing dispatched yet
    framer.push("\n\n");
    expect(framer.lastEventId).toBe("");
  });

  it("sets the reconnection time from a retry of ASCII digits only", () => {
    const framer = new EventStreamFramer();
    expect(frames(framer, "retry: 2500\ndata: a\n\nretry: 1e3\ndata: b\n\nretry: -1\n\n")).toEqual([
      { kind: "event", event: { retry: 2500, data: "a" } },
      { kind: "event", event: { data: "b" } },
    ]);
    expect(framer.reconnectionTime).toBe(2500);
  });

  it("ignores one leading byte order mark and discards what is pending when the stream ends", () => {
    expect(events("\uFEFFdata: a\n\ndata: unfinished")).toEqual([
      { data: "a" },
      { kind: "truncated", excerpt: "data: unfinished" },
    ]);
  });

  it("cuts an event larger than the limit, reports it, and reads the next one", () => {
    const framer = new EventStreamFramer({ maxEventBytes: 16 });
    const result = frames(framer, "data: short\n\ndata: ", "x".repeat(40), "\ndata: more\n\ndata: next\n\n");
    expect(result.map((frame) => frame.kind)).toEqual(["event", "oversized", "event"]);
    expect(result[2]).toEqual({ kind: "event", event: { data: "next" } });
  });
});

describe("JSON Lines and JSON text sequences", () => {
  it("reads one JSON text per line, CRLF or LF, blank lines skipped, the last line without its newline", () => {
    expect(frames(new JsonLinesFramer(), '{"a":1}\r\n\n{"a"', ':2}\n{"a":3}')).toEqual([
      { kind: "text", text: '{"a":1}' },
      { kind: "text", text: '{"a":2}' },
      { kind: "text", text: '{"a":3}' },
    ]);
  });

  it("cuts a line larger than the limit", () => {
    const result = frames(new JsonLinesFramer({ maxEventBytes: 8 }), `"${"x".repeat(20)}"\n1\n`);
    expect(result.map((frame) => frame.kind)).toEqual(["oversized", "text"]);
  });

  it("reads RFC 7464 records, several lines each, and a record a chunk ends with at once", () => {
    const framer = new JsonSequenceFramer();
    expect(framer.push('\u001e{\n  "a": 1\n}\n\u001e{"a":2}\n')).toEqual([
      { kind: "text", text: '{\n  "a": 1\n}\n' },
      { kind: "text", text: '{"a":2}\n' },
    ]);
    expect(framer.push('\u001e{"a":')).toEqual([]);
    expect(frames(framer, "3}\n")).toEqual([{ kind: "text", text: '{"a":3}\n' }]);
  });

  it("counts UTF-8 bytes", () => {
    expect(utf8Length("aé€😀")).toBe(1 + 2 + 3 + 4);
  });
});

describe("readItems", () => {
  it("parses JSON data into each event and names a malformed one as an error value", async () => {
    const items = await collect(
      readItems(body('event: message\nid: 1\ndata: {"text":"hi"}\n\n', "event: message\nid: 2\ndata: {oops\n\n"), {
        format: "sse",
        data: "json",
      }),
    );
    expect(items[0]).toEqual({ index: 0, value: { event: "message", id: "1", data: { text: "hi" } } });
    expect(items[1]?.error).toMatchObject({ kind: "malformed", index: 1, event: "message", id: "2" });
    expect(items[1]?.error?.message).toMatch(/^event 2 \(type "message", id "2"\): its data is not JSON/);
  });

  it("keeps text data as text, and ends a JSON stream at OpenAI's [DONE]", async () => {
    expect(await collect(readItems(body("data: step one\n\n"), { format: "sse", data: "text" }))).toEqual([
      { index: 0, value: { data: "step one" } },
    ]);
    expect(
      await collect(readItems(body("data: 1\n\ndata: [DONE]\n\ndata: 2\n\n"), { format: "sse", data: "json" })),
    ).toEqual([{ index: 0, value: { data: 1 } }]);
  });

  it("stops after maxEvents or maxBytes with a limit error as the last item", async () => {
    const lines = Array.from({ length: 10 }, (_, index) => `${index}\n`);
    const byCount = await collect(readItems(body(...lines), { format: "jsonl" }, { maxEvents: 3 }));
    expect(byCount.map((item) => item.value ?? item.error?.kind)).toEqual([0, 1, 2, "limit"]);
    const byBytes = await collect(readItems(body(...lines), { format: "jsonl" }, { maxBytes: 4 }));
    expect(byBytes.at(-1)?.error?.message).toMatch(/stopped after 6 bytes/);
  });

  it("stops a stream that never ends after maxDurationMs, and quietly when the signal aborts", async () => {
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(new TextEncoder().encode(": keep-alive\n"));
        },
      });
    const timed = await collect(readItems(endless(), { format: "sse" }, { maxDurationMs: 30 }));
    expect(timed.map((item) => item.error?.kind)).toEqual(["limit"]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expect(await collect(readItems(endless(), { format: "sse" }, { signal: controller.signal }))).toEqual([]);
  });

  it("reports the event a broken connection cut, then throws the connection's error", async () => {
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("network error"));
        sent = true;
        controller.enqueue(new TextEncoder().encode("data: 1\n\ndata: 2"));
      },
    });
    const items: StreamItem<unknown>[] = [];
    await expect(async () => {
      for await (const item of readItems(broken, { format: "sse", data: "json" })) items.push(item);
    }).rejects.toThrow("network error");
    expect(items.map((item) => item.value ?? item.error?.kind)).toEqual([{ data: 1 }, "truncated"]);
  });

  it("frames every format through framerFor", () => {
    expect(framerFor("jsonl").push("1\n")).toEqual([{ kind: "text", text: "1" }]);
  });
});
