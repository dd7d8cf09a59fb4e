import { getLineColLocation, makeDocumentFromString, Source } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { locate, positionAt } from "./locate.ts";
import { ContractResolver } from "./ref-guard.ts";

const YAML = `openapi: 3.1.0
info: { title: T, version: "1" }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string, pattern: "^[a-z]+$" }
      responses:
        "200":
          description: OK
          content:
            application/json:
              example: { id: abc, tags: [a, b] }
`;

const JSON_TEXT = JSON.stringify(
  { openapi: "3.1.0", paths: { "/a~b": { get: { responses: { "404": { description: "gone" } } } } } },
  null,
  2,
);

/** Every pointer of a parsed value, down to its leaves. */
function pointers(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, inner]) =>
      pointers(inner, `${prefix}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`),
    ),
  ];
}

describe("locate", () => {
  it.each([
    ["YAML", YAML, "contract.yaml"],
    ["JSON", JSON_TEXT, "contract.json"],
  ])("gives Redocly's own line and column for every pointer of a %s file, on values and on keys", (_, text, name) => {
    const document = makeDocumentFromString(text, `/tmp/${name}`);
    for (const pointer of pointers(document.parsed)) {
      for (const onKey of [false, true]) {
        const { start } = getLineColLocation({ source: document.source, pointer: `#${pointer}`, reportOnKey: onKey });
        expect(locate(document.source, pointer, onKey), `${pointer} (key: ${onKey})`).toEqual({
          line: start.line,
          column: start.col,
        });
      }
    }
  });

  it("gives Redocly's own positions in JSON read by JSON.parse, which it locates by scanning the text", () => {
    // Keys with escapes, `/` and `~`; strings holding brackets, quotes and backslashes; nested and
    // empty containers; duplicate keys; tabs and CRLF between tokens.
    const text = [
      '{ "openapi" :"3.1.0",\t"paths": {"/a~b/{id}": {"get": {"responses": {"200": {"description": "a \\"}\\" [b]",',
      '  "content": {"application/json": {"example": [[1, -2.5e3, true, null], {}, [], {"q\\"uote": "\\\\"},',
      '  "\\u00e9t\\u00e9"]}}}}}}},\r\n  "x": {"dup": 1, "dup": 2, "": {"deep": [{"a": {"b": false}}]}}',
      "}",
    ].join("\n");
    // Redocly's syntax tree of the same text (its YAML loader refuses the duplicate key; the tree keeps it).
    const twin = { source: new Source("/tmp/contract.json", text), parsed: JSON.parse(text) as unknown };
    const resolver = new ContractResolver({ http: { headers: [] } }, "/tmp", "/tmp");
    const every = [
      ...pointers(twin.parsed),
      "/x/dup",
      "/paths/~1a~0b~1{id}/get/nothing/here",
      "/x//deep/7",
      "/x/dup/9",
    ];
    // In the file's order, then from its end (the scan reads each container only as far as asked).
    for (const order of [every, every.toReversed()]) {
      const { source } = resolver.parseDocument(new Source("/tmp/contract.json", text), true);
      for (const pointer of order) {
        for (const onKey of [false, true]) {
          const { start } = getLineColLocation({ source: twin.source, pointer: `#${pointer}`, reportOnKey: onKey });
          expect(locate(source, pointer, onKey), `${pointer} (key: ${onKey})`).toEqual({
            line: start.line,
            column: start.col,
          });
        }
      }
    }
  });

  it("finds the deepest node a pointer reaches when the rest is missing, as Redocly does", () => {
    const document = makeDocumentFromString(YAML, "/tmp/contract.yaml");
    expect(locate(document.source, "/paths/~1pets~1{id}/get/nothing/here")).toEqual(
      locate(document.source, "/paths/~1pets~1{id}/get"),
    );
  });
});

describe("positionAt", () => {
  it("counts lines and columns from 1, a newline ending its line", () => {
    const { source } = makeDocumentFromString("ab\ncd\n\ne", "/tmp/x.yaml");
    expect([0, 1, 2, 3, 5, 6, 7].map((offset) => positionAt(source, offset))).toEqual([
      { line: 1, column: 1 },
      { line: 1, column: 2 },
      { line: 1, column: 3 },
      { line: 2, column: 1 },
      { line: 2, column: 3 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
    ]);
  });
});
