// The answer the mock server sends and the copy its exchange check reads, from one Response.
import { describe, expect, it } from "vitest";
import { readForSending } from "./node-bridge.ts";

describe("readForSending", () => {
  it("reads a whole body once: the bytes are sent, the check reads their text and the headers as answered", async () => {
    const body = JSON.stringify({ id: 7, name: "Fido", note: "é ✓" });
    const response = new Response(body, { status: 201, headers: { "Content-Type": "application/json" } });
    const [sent, checked] = await readForSending(response);
    // What the server adds after (CORS) is not what the fixtures answered.
    sent.response.headers.set("Access-Control-Allow-Origin", "http://app.test");
    expect(new TextDecoder().decode(sent.bytes)).toBe(body);
    expect(checked.status).toBe(201);
    expect(checked.headers.get("content-type")).toBe("application/json");
    expect(checked.headers.has("access-control-allow-origin")).toBe(false);
    expect(checked.body).toBeNull();
    expect(await checked.text()).toBe(body);
    expect(checked).not.toBeInstanceOf(Response);
  });

  it("sends a stream as it comes and gives the check a copy of its events", async () => {
    const events = ["data: one\n\n", "data: two\n\n"];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const event of events) controller.enqueue(new TextEncoder().encode(event));
        controller.close();
      },
    });
    const response = new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
    const [sent, checked] = await readForSending(response);
    expect(sent.bytes).toBeUndefined();
    expect(checked.body).not.toBeNull();
    const [client, check] = await Promise.all([sent.response.text(), checked.text()]);
    expect(client).toBe(events.join(""));
    expect(check).toBe(events.join(""));
  });

  it("gives an answer without a body an empty text", async () => {
    const [sent, checked] = await readForSending(new Response(null, { status: 204 }));
    expect(sent.bytes).toBeUndefined();
    expect(checked.status).toBe(204);
    expect(await checked.text()).toBe("");
  });
});
