// A real streaming server on loopback (Prism does not stream), answering the streams test
// contract (OpenAPI 3.2) with planted drift: the probe and the dev drift check's observer read
// each stream as it arrives, check every event against itemSchema, say where data is not the
// JSON declared, and stop a stream that never ends at their events, bytes or time.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import {
  createDriftCheck,
  createDriftReport,
  observeFetch,
  probe,
  formatProbeReport,
} from "@contract-workbench/workbench/drift";
import type { Manifest } from "@contract-workbench/runtime/manifest";

const GENERATED = join(import.meta.dirname, "../../../../tests/contracts/streams/generated");
const manifest = JSON.parse(readFileSync(join(GENERATED, "manifest.json"), "utf8")) as Manifest;
const contract = JSON.parse(readFileSync(join(GENERATED, "contract.json"), "utf8")) as ContractSchemas;

let server: Server;
let url: string;
/** Connections the server saw closed, by path. */
const closed: string[] = [];

function stream(response: ServerResponse, type: string, pieces: string[], gapMs = 5, endless?: () => string): void {
  response.writeHead(200, { "Content-Type": type });
  let index = 0;
  const timer = setInterval(() => {
    if (index < pieces.length) response.write(pieces[index++]);
    else if (endless) response.write(endless());
    else {
      clearInterval(timer);
      response.end();
    }
  }, gapMs);
  response.on("close", () => clearInterval(timer));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    request.on("close", () => closed.push(path));
    if (path === "/chats/chat-1/events") {
      stream(response, "text/event-stream", [
        'event: message\nid: 1\ndata: {"author":"Ada","text":"Hello"}\n\n',
        'event: message\nid: 2\ndata: {"author":42,"text":"a number for a name"}\n\n',
        "event: typing\nid: 3\ndata: <html>not json</html>\n\n",
      ]);
    } else if (path === "/jobs/job-1/progress") {
      // Never ends: a step every 10 ms.
      let step = 0;
      stream(response, "text/event-stream", [], 10, () => `data: step ${++step}\n\n`);
    } else if (path === "/logs") {
      stream(response, "application/jsonl", [
        '{"timestamp":"2026-11-26T09:00:00Z","level":"info","message":"up"}\n',
        '{"timestamp":"2026-11-26T09:00:01Z","level":"loud","message":"shouting"}\n',
      ]);
    } else if (path === "/metrics") {
      // One record, then silence: only a deadline ends it.
      response.writeHead(200, { "Content-Type": "application/json-seq" });
      response.write('\u001e{"name":"rps","value":3}\n');
    } else if (path === "/notes" && request.method === "QUERY") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify([{ id: "n1", text: "hello" }]));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("contract:probe against a streaming server", () => {
  it("checks every event of each stream, bounded in events and time, and calls the query operation", async () => {
    const started = performance.now();
    // A deadline the finite streams keep on a busy machine; the silent one ends only by it.
    const result = await probe({ baseUrl: url, manifest, contract, timeoutMs: 2_000, events: 5 });
    expect(performance.now() - started).toBeLessThan(10_000);
    // Side by side (four at a time): sorted, as the report is not.
    expect(result.drift.map((entry) => `${entry.operationId} ${entry.pointer}: ${entry.expected}`).sort()).toEqual([
      "streamChatEvents /1/data/author: type string",
      "streamChatEvents /2/data: JSON data, as the contract declares",
      'streamLogs /1/level: one of ["debug","info","warn","error"]',
    ]);
    const streams = Object.fromEntries(result.calls.map((call) => [call.operationId, call.stream ?? call.problem]));
    expect(streams).toMatchObject({
      streamChatEvents: "a text/event-stream stream: 3 events checked, to its end",
      streamLogs: "a application/jsonl stream: 2 events checked, to its end",
      followJobProgress: expect.stringMatching(/: 5 events checked, then stopped after 5 events\.$/) as unknown,
      streamMetrics: expect.stringMatching(/: 1 event checked, then stopped after 1 items: /) as unknown,
    });
    expect(result.calls.find((call) => call.operationId === "searchNotes")).toMatchObject({
      method: "QUERY",
      status: 200,
    });
    // The endless streams' connections were closed when the reading stopped.
    await expect
      .poll(() => closed, { timeout: 2_000 })
      .toEqual(expect.arrayContaining(["/jobs/job-1/progress", "/metrics"]));
    expect(formatProbeReport(result, { pages: 2 }).output).toContain(
      "contract:probe: GET /logs: a application/jsonl stream: 2 events checked, to its end",
    );
  });
});

describe("the dev drift check's observer on a stream the app reads", () => {
  function observed() {
    const target = { fetch: globalThis.fetch };
    const report = createDriftReport();
    observeFetch(target, createDriftCheck({ manifest, contract }), report, {
      onNew: () => undefined,
      limits: { timeoutMs: 2_000, maxBodyBytes: 1024 * 1024, maxEvents: 20 },
    });
    return { fetch: target.fetch, report };
  }

  it("checks each event as the app reads the stream, which gets every byte the server sent", async () => {
    const { fetch, report } = observed();
    const response = await fetch(`${url}/chats/chat-1/events`, { headers: { Accept: "text/event-stream" } });
    const text = await response.text();
    expect(text.split("\n\n").filter(Boolean)).toHaveLength(3);
    await expect.poll(() => report.entries().map((entry) => entry.pointer)).toEqual(["/1/data/author", "/2/data"]);
  });

  it("lets go of a stream that never ends when the app does", async () => {
    const { fetch } = observed();
    closed.length = 0;
    const controller = new AbortController();
    const response = await fetch(`${url}/jobs/job-1/progress`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    controller.abort();
    await expect.poll(() => closed, { timeout: 2_000 }).toContain("/jobs/job-1/progress");
  });
});
