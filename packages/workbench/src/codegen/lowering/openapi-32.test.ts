import { rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchFolder } from "../../../../../tooling/scratch-folder.ts";
import type { ContractSchemas } from "../../contract/contract-types.ts";
import { generate, type Generated } from "../generate.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..", "..");
const STREAMS = "tests/contracts/streams/openapi.yaml";

function contractOf(generated: Generated, outDir = "out"): ContractSchemas {
  return JSON.parse(generated.outputs.get(`${outDir}/contract.json`) ?? "{}") as ContractSchemas;
}

describe("an OpenAPI 3.2 contract (tests/contracts/streams)", () => {
  let generated: Generated;
  beforeAll(async () => {
    generated = await generate(ROOT, { contract: STREAMS, outDir: "out" });
  });

  it("generates, with one located note per kind of construct lowered to 3.1", () => {
    const notes = generated.warnings.filter((warning) => warning.rule?.startsWith("openapi-3.2/"));
    expect(notes.map((note) => [note.rule, note.file, note.line, note.column])).toEqual([
      ["openapi-3.2/self", STREAMS, 6, 1],
      ["openapi-3.2/tags", STREAMS, 14, 5],
      ["openapi-3.2/query", STREAMS, 156, 5],
      ["openapi-3.2/example-values", STREAMS, 60, 17],
      ["openapi-3.2/itemSchema", STREAMS, 46, 15],
      ["openapi-3.2/sse-json-data", STREAMS, 45, 13],
    ]);
    expect(notes.find((note) => note.rule === "openapi-3.2/itemSchema")?.message).toMatch(
      /^4 sequential media types declare `itemSchema` \(sse ×2, jsonl, json-seq\)/,
    );
  });

  it("records each stream (media type, format, how an event's data reads) in the manifest and contract.json", () => {
    const streams = generated.manifest.operations.flatMap((operation) =>
      operation.responses.flatMap((response) =>
        (response.streams ?? []).map((stream) => [operation.operationId, response.status, stream]),
      ),
    );
    expect(streams).toEqual([
      ["streamChatEvents", "200", { mediaType: "text/event-stream", format: "sse", data: "json" }],
      ["followJobProgress", "200", { mediaType: "text/event-stream", format: "sse", data: "text" }],
      ["streamLogs", "200", { mediaType: "application/jsonl", format: "jsonl" }],
      ["streamMetrics", "200", { mediaType: "application/json-seq", format: "json-seq" }],
    ]);
    const media = contractOf(generated).operations.streamChatEvents?.responses["200"]?.content["text/event-stream"];
    expect(media?.stream).toEqual({ format: "sse", data: "json" });
    // The whole stream is an array of events whose `data` is the contentSchema, parsed.
    expect(media?.schema).toMatchObject({
      type: "array",
      items: { properties: { data: { $ref: "#/components/schemas/ChatEvent" } } },
    });
  });

  it("types each event from itemSchema, an SSE event's data from its JSON contentSchema", () => {
    const types = generated.outputs.get("out/schema.d.ts") ?? "";
    expect(types).toMatch(
      /"text\/event-stream": \{\s+\/\*\* @enum \{string\} \*\/\s+event: "message" \| "typing";\s+data: components\["schemas"\]\["ChatEvent"\];\s+id\?: string;\s+retry\?: number;\s+\}\[\];/,
    );
    expect(types).toContain(`"application/jsonl": components["schemas"]["LogEntry"][];`);
  });

  it("keeps the query operation: in the manifest with its method, typed in `operations`, in contract.json", () => {
    const search = generated.manifest.operations.find((operation) => operation.operationId === "searchNotes");
    expect(search).toMatchObject({ method: "query", path: "/notes", requestBody: { required: true } });
    expect(generated.outputs.get("out/schema.d.ts")).toMatch(/export interface operations \{\n {4}searchNotes: \{/);
    expect(contractOf(generated).operations.searchNotes?.requestBody?.content["application/json"]?.examples).toEqual([
      { text: "hello" },
    ]);
  });

  it("reads the examples of a stream as sequences: dataValue events with JSON data parsed, JSON Lines text read line by line", () => {
    const { operations } = contractOf(generated);
    const chat = operations.streamChatEvents?.responses["200"]?.content["text/event-stream"];
    expect(chat?.exampleNames).toEqual(["conversation"]);
    expect((chat?.examples[0] as unknown[]).slice(0, 2)).toEqual([
      { event: "typing", id: "1", data: { author: "Ada Lovelace", text: "" } },
      { event: "message", id: "2", data: { author: "Ada Lovelace", text: "Hello, Charles." } },
    ]);
    const logs = operations.streamLogs?.responses["200"]?.content["application/jsonl"];
    expect(logs?.examples[0]).toHaveLength(3);
    expect((logs?.examples[0] as unknown[])[2]).toEqual({
      timestamp: "2026-11-26T09:00:05Z",
      level: "warn",
      message: "The cache is cold",
    });
  });
});

describe("streams and 3.2 constructs in other contracts", () => {
  let folder: string;
  beforeAll(() => {
    folder = makeScratchFolder(ROOT, "openapi-32-");
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function generateFrom(name: string, text: string): Promise<Generated> {
    writeFileSync(join(folder, name), text);
    return generate(ROOT, { contract: relative(ROOT, join(folder, name)), outDir: "out" });
  }

  it("reads a 3.1 event stream whose schema is each event's data (as OpenAI's) as a stream of events carrying it", async () => {
    const generated = await generateFrom(
      "openai-style.yaml",
      `openapi: 3.1.0
info: { title: T, version: "1" }
paths:
  /chat:
    post:
      operationId: chat
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Chunk" }
            text/event-stream:
              schema: { $ref: "#/components/schemas/Chunk" }
  /events:
    get:
      operationId: events
      responses:
        "200":
          description: ok
          content:
            text/event-stream:
              schema:
                type: object
                properties: { event: { type: string }, data: { type: string } }
            application/x-ndjson:
              schema: { type: array, items: { $ref: "#/components/schemas/Chunk" } }
components:
  schemas:
    Chunk: { type: object, required: [delta], properties: { delta: { type: string } } }
`,
    );
    const notes = generated.warnings.filter((warning) => warning.rule === "openapi-3.2/stream-schema");
    expect(notes.map((note) => note.line)).toEqual([14]);
    expect(notes[0]?.message).toMatch(/^3 streamed media types are described by `schema`/);
    const { operations } = contractOf(generated);
    expect(operations.chat?.responses["200"]?.content["text/event-stream"]).toMatchObject({
      stream: { format: "sse", data: "json" },
      schema: {
        type: "array",
        items: { required: ["data"], properties: { data: { $ref: "#/components/schemas/Chunk" } } },
      },
    });
    // Already an event object whose data is text: kept as the item.
    expect(operations.events?.responses["200"]?.content["text/event-stream"]).toMatchObject({
      stream: { format: "sse", data: "text" },
      schema: { type: "array", items: { properties: { data: { type: "string" } } } },
    });
    // Already an array: its items are the stream's.
    expect(operations.events?.responses["200"]?.content["application/x-ndjson"]).toMatchObject({
      stream: { format: "jsonl" },
      schema: { type: "array", items: { $ref: "#/components/schemas/Chunk" } },
    });
    // The JSON answer beside the stream is untouched.
    expect(operations.chat?.responses["200"]?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/Chunk",
    });
  });

  it("lowers additionalOperations, multipart itemSchema, item encodings and serialized examples, and generates", async () => {
    const generated = await generateFrom(
      "more-32.yaml",
      `openapi: 3.2.0
info: { title: T, version: "1" }
paths:
  /files/{name}:
    parameters:
      - { name: name, in: path, required: true, schema: { type: string } }
    additionalOperations:
      COPY:
        operationId: copyFile
        parameters:
          - { name: Destination, in: header, required: true, schema: { type: string } }
        responses:
          "201": { description: copied }
    get:
      operationId: getFile
      responses:
        "200":
          description: parts
          content:
            multipart/mixed:
              itemSchema: { type: string }
              itemEncoding: { contentType: text/plain }
            application/json:
              schema: { type: object, properties: { size: { type: integer, nullable: true } } }
              examples:
                small:
                  serializedValue: '{"size": 3}'
`,
    );
    expect(generated.manifest.operations.map((operation) => [operation.operationId, operation.method])).toEqual([
      ["getFile", "get"],
      ["copyFile", "copy"],
    ]);
    const types = generated.outputs.get("out/schema.d.ts") ?? "";
    expect(types).toMatch(
      /copyFile: \{\n\s+parameters: \{\n\s+query\?: never;\n\s+header: \{\n\s+Destination: string;/,
    );
    expect(types).toMatch(/path: \{\n\s+name: string;/);
    expect(generated.warnings.map((warning) => warning.rule)).toEqual(
      expect.arrayContaining([
        "openapi-3.2/additional-operations",
        "openapi-3.2/item-not-streamed",
        "openapi-3.2/item-encoding",
        "openapi-3.2/example-values",
        // 3.0's keyword in a 3.2 document, read as 3.1 reads it.
        "nullable-in-3.1",
      ]),
    );
    const content = contractOf(generated).operations.getFile?.responses["200"]?.content;
    expect(content?.["multipart/mixed"]).toEqual({
      schema: { type: "array", items: { type: "string" } },
      examples: [],
    });
    expect(content?.["application/json"]?.examples).toEqual([{ size: 3 }]);
  });
});
