// The tests of ./contract-diff.ts: each kind of change (operation, parameter, body,
// response, security, schema) and each rendering, built from one small manifest factory.
import { describe, expect, it } from "vitest";
import { CHANGES_LISTED, diffManifests, formatDiff, summarizeChanges, type ContractDiff } from "./contract-diff.ts";
import type { Manifest, ManifestOperation } from "./manifest/manifest.ts";

/** `GET /notes/{id}` answering 200 with JSON, no body, no security; override what a test is about. */
function operation(overrides: Partial<ManifestOperation> = {}): ManifestOperation {
  return {
    operationId: "getNote",
    method: "get",
    path: "/notes/{id}",
    summary: null,
    tags: ["notes"],
    parameters: [{ name: "id", in: "path", required: true }],
    requestBody: null,
    responses: [{ status: "200", mediaTypes: ["application/json"] }],
    security: [],
    ...overrides,
  };
}

function manifest(operations: ManifestOperation[], schemas: Manifest["schemas"] = []): Manifest {
  return { title: "Notes", version: "1.0.0", openapi: "3.1.0", operations, schemas };
}

/** Diffs the default operation with `before` applied against it with `after` applied; returns the single change. */
function changeOf(after: Partial<ManifestOperation>, before: Partial<ManifestOperation> = {}) {
  const diff = diffManifests(manifest([operation(before)]), manifest([operation(after)]));
  expect(diff.changes).toHaveLength(1);
  return diff.changes[0];
}

describe("diffManifests", () => {
  it("reports nothing on the first generation, when there is no previous manifest", () => {
    expect(diffManifests(null, manifest([operation()], [{ name: "Note", hash: "a" }]))).toEqual({
      changes: [],
      breaking: 0,
    });
  });

  it("reports nothing for identical manifests", () => {
    const same = manifest([operation()], [{ name: "Note", hash: "a" }]);
    expect(diffManifests(same, structuredClone(same))).toEqual({ changes: [], breaking: 0 });
  });

  it("ignores tags, summary and the order of lists", () => {
    const before = operation({
      parameters: [
        { name: "id", in: "path", required: true },
        { name: "fields", in: "query", required: false },
      ],
      responses: [
        { status: "200", mediaTypes: ["application/json", "application/xml"] },
        { status: "404", mediaTypes: [] },
      ],
    });
    const after = operation({
      summary: "Fetch a note",
      tags: ["renamed"],
      parameters: [...before.parameters].reverse(),
      responses: [
        { status: "404", mediaTypes: [] },
        { status: "200", mediaTypes: ["application/xml", "application/json"] },
      ],
    });
    expect(diffManifests(manifest([before]), manifest([after])).changes).toEqual([]);
  });

  describe("operations", () => {
    it("reports a removed operation as breaking", () => {
      const diff = diffManifests(manifest([operation()]), manifest([]));
      expect(diff).toEqual({
        changes: [{ kind: "operation-removed", subject: "getNote (GET /notes/{id})", details: [], breaking: true }],
        breaking: 1,
      });
    });

    it("reports an added operation as not breaking", () => {
      const diff = diffManifests(manifest([]), manifest([operation({ operationId: "listNotes", path: "/notes" })]));
      expect(diff).toEqual({
        changes: [{ kind: "operation-added", subject: "listNotes (GET /notes)", details: [], breaking: false }],
        breaking: 0,
      });
    });

    it("matches by method and path, so an operationId rename is a change, not a removal", () => {
      expect(changeOf({ operationId: "fetchNote" })).toEqual({
        kind: "operation-changed",
        subject: "fetchNote (GET /notes/{id})",
        details: ["operationId renamed from `getNote` to `fetchNote`"],
        breakingDetails: [],
        breaking: false,
      });
    });

    it("treats a new method or path as another operation", () => {
      const diff = diffManifests(manifest([operation()]), manifest([operation({ method: "put" })]));
      expect(diff.changes.map((change) => [change.kind, change.subject])).toEqual([
        ["operation-removed", "getNote (GET /notes/{id})"],
        ["operation-added", "getNote (PUT /notes/{id})"],
      ]);
    });

    it("marks a changed operation breaking when any of its details is", () => {
      const change = changeOf({
        operationId: "fetchNote",
        responses: [
          { status: "200", mediaTypes: ["application/json"] },
          { status: "404", mediaTypes: [] },
        ],
        parameters: [
          { name: "id", in: "path", required: true },
          { name: "version", in: "query", required: true },
        ],
      });
      expect(change).toMatchObject({
        breaking: true,
        details: [
          "operationId renamed from `getNote` to `fetchNote`",
          "required query parameter `version` added",
          "response 404 added",
        ],
        breakingDetails: ["required query parameter `version` added"],
      });
    });
  });

  describe("parameters", () => {
    const withQuery = (required: boolean): Partial<ManifestOperation> => ({
      parameters: [
        { name: "id", in: "path", required: true },
        { name: "limit", in: "query", required },
      ],
    });

    it.each([
      ["a required parameter added", {}, withQuery(true), "required query parameter `limit` added", true],
      ["an optional parameter added", {}, withQuery(false), "optional query parameter `limit` added", false],
      ["a required parameter removed", withQuery(true), {}, "query parameter `limit` removed", true],
      ["an optional parameter removed", withQuery(false), {}, "query parameter `limit` removed", true],
      [
        "an optional parameter made required",
        withQuery(false),
        withQuery(true),
        "query parameter `limit` now required",
        true,
      ],
      [
        "a required parameter made optional",
        withQuery(true),
        withQuery(false),
        "query parameter `limit` now optional",
        false,
      ],
    ])("reports %s", (_, before, after, detail, breaking) => {
      expect(changeOf(after, before)).toMatchObject({ details: [detail], breaking });
    });

    it("tells parameters of the same name in different places apart", () => {
      const change = changeOf({
        parameters: [
          { name: "id", in: "query", required: false },
          { name: "id", in: "path", required: true },
        ],
      });
      expect(change?.details).toEqual(["optional query parameter `id` added"]);
    });

    it("matches header parameters case-insensitively, as HTTP does", () => {
      const diff = diffManifests(
        manifest([operation({ parameters: [{ name: "X-Trace", in: "header", required: false }] })]),
        manifest([operation({ parameters: [{ name: "x-trace", in: "header", required: false }] })]),
      );
      expect(diff.changes).toEqual([]);
    });
  });

  describe("request body", () => {
    const body = (required: boolean, mediaTypes = ["application/json"]): Partial<ManifestOperation> => ({
      requestBody: { required, mediaTypes },
    });

    it.each([
      ["a required body added", {}, body(true), "required request body added", true],
      ["an optional body added", {}, body(false), "optional request body added", false],
      ["a body removed", body(true), {}, "request body removed", true],
      ["an optional body made required", body(false), body(true), "request body now required", true],
      ["a required body made optional", body(true), body(false), "request body now optional", false],
      [
        "a request media type removed",
        body(true, ["application/json", "application/xml"]),
        body(true),
        "request body no longer accepts application/xml",
        true,
      ],
      [
        "a request media type added",
        body(true),
        body(true, ["application/json", "text/plain"]),
        "request body now accepts text/plain",
        false,
      ],
    ])("reports %s", (_, before, after, detail, breaking) => {
      expect(changeOf(after, before)).toMatchObject({ details: [detail], breaking });
    });
  });

  describe("responses", () => {
    const responses = (...list: ManifestOperation["responses"]): Partial<ManifestOperation> => ({ responses: list });
    const ok = { status: "200", mediaTypes: ["application/json"] };
    const notFound = { status: "404", mediaTypes: [] };

    it.each([
      ["a status removed", responses(ok, notFound), responses(ok), "response 404 removed", true],
      ["a status added", responses(ok), responses(ok, notFound), "response 404 added", false],
      [
        "a response media type removed",
        responses({ status: "200", mediaTypes: ["application/json", "application/xml"] }),
        responses(ok),
        "response 200 no longer offers application/xml",
        true,
      ],
      [
        "a response media type added",
        responses(ok),
        responses({ status: "200", mediaTypes: ["application/json", "text/csv"] }),
        "response 200 now offers text/csv",
        false,
      ],
    ])("reports %s", (_, before, after, detail, breaking) => {
      expect(changeOf(after, before)).toMatchObject({ details: [detail], breaking });
    });
  });

  describe("security", () => {
    it.each([
      ["added", [], [["bearer"]], "security changed from none to bearer"],
      ["removed", [["bearer"]], [], "security changed from bearer to none"],
      ["loosened", [["bearer"]], [["bearer"], []], "security changed from bearer to anonymous or bearer"],
      ["swapped", [["bearer"]], [["apiKey"]], "security changed from bearer to apiKey"],
      ["combined", [["bearer"]], [["bearer", "apiKey"]], "security changed from bearer to apiKey + bearer"],
    ])("treats any change as breaking: %s", (_, before: string[][], after: string[][], detail) => {
      expect(changeOf({ security: after }, { security: before })).toMatchObject({ details: [detail], breaking: true });
    });

    it("ignores the order of alternatives and of the schemes within one", () => {
      const diff = diffManifests(
        manifest([operation({ security: [["bearer", "apiKey"], ["oauth"]] })]),
        manifest([operation({ security: [["oauth"], ["apiKey", "bearer"]] })]),
      );
      expect(diff.changes).toEqual([]);
    });
  });

  describe("schemas", () => {
    it("reports removed (breaking), changed and added schemas", () => {
      const diff = diffManifests(
        manifest(
          [],
          [
            { name: "Note", hash: "a" },
            { name: "Old", hash: "b" },
          ],
        ),
        manifest(
          [],
          [
            { name: "NewNote", hash: "c" },
            { name: "Note", hash: "d" },
          ],
        ),
      );
      expect(diff).toEqual({
        changes: [
          { kind: "schema-removed", subject: "Old", details: [], breaking: true },
          { kind: "schema-changed", subject: "Note", details: ["definition changed"], breaking: false },
          { kind: "schema-added", subject: "NewNote", details: [], breaking: false },
        ],
        breaking: 1,
      });
    });
  });

  it("orders removed, changed, added; operations before schemas; alphabetically within each", () => {
    const before = manifest(
      [
        operation({ operationId: "zapNote", method: "delete" }),
        operation({ operationId: "archiveNote", method: "post", path: "/notes/{id}/archive" }),
        operation({ operationId: "listNotes", path: "/notes" }),
        operation(),
      ],
      [
        { name: "Zed", hash: "1" },
        { name: "Alpha", hash: "1" },
        { name: "Beta", hash: "1" },
        { name: "Changed", hash: "1" },
      ],
    );
    const after = manifest(
      [
        operation({ operationId: "listNotes", path: "/notes", responses: [] }),
        operation({ responses: [] }),
        operation({ operationId: "createNote", method: "post", path: "/notes" }),
        operation({ operationId: "addTag", method: "post", path: "/notes/{id}/tags" }),
      ],
      [
        { name: "Changed", hash: "2" },
        { name: "New", hash: "1" },
        { name: "Another", hash: "1" },
      ],
    );
    expect(diffManifests(before, after).changes.map((change) => `${change.kind} ${change.subject}`)).toEqual([
      "operation-removed archiveNote (POST /notes/{id}/archive)",
      "operation-removed zapNote (DELETE /notes/{id})",
      "schema-removed Alpha",
      "schema-removed Beta",
      "schema-removed Zed",
      "operation-changed getNote (GET /notes/{id})",
      "operation-changed listNotes (GET /notes)",
      "schema-changed Changed",
      "operation-added addTag (POST /notes/{id}/tags)",
      "operation-added createNote (POST /notes)",
      "schema-added Another",
      "schema-added New",
    ]);
  });
});

describe("formatDiff", () => {
  it("returns an empty string when nothing changed", () => {
    expect(formatDiff({ changes: [], breaking: 0 })).toBe("");
    expect(formatDiff(diffManifests(null, manifest([operation()])))).toBe("");
  });

  it("prints one line per change, details beneath, and marks what breaks", () => {
    const before = manifest(
      [operation(), operation({ operationId: "listNotes", path: "/notes" })],
      [
        { name: "Note", hash: "a" },
        { name: "Legacy", hash: "b" },
      ],
    );
    const after = manifest(
      [
        operation({
          operationId: "listNotes",
          path: "/notes",
          parameters: [
            { name: "id", in: "path", required: true },
            { name: "limit", in: "query", required: true },
          ],
          responses: [{ status: "200", mediaTypes: ["application/json", "text/csv"] }],
        }),
        operation({ operationId: "createNote", method: "post", path: "/notes" }),
        operation({ operationId: "renameNote", method: "patch" }),
      ],
      [
        { name: "Note", hash: "c" },
        { name: "NewNote", hash: "d" },
      ],
    );
    expect(formatDiff(diffManifests(before, after))).toBe(
      [
        "Contract changes: 7 (3 breaking)",
        "  ! removed  getNote (GET /notes/{id})",
        "  ! removed  schema Legacy",
        "  ! changed  listNotes (GET /notes)",
        "      - required query parameter `limit` added  [breaking]",
        "      - response 200 now offers text/csv",
        "  ~ changed  schema Note",
        "      - definition changed",
        "  + added    createNote (POST /notes)",
        "  + added    renameNote (PATCH /notes/{id})",
        "  + added    schema NewNote",
      ].join("\n"),
    );
  });

  it("prints a diff built by hand without breakingDetails", () => {
    const diff: ContractDiff = {
      changes: [{ kind: "operation-changed", subject: "getNote (GET /notes/{id})", details: ["x"], breaking: false }],
      breaking: 0,
    };
    expect(formatDiff(diff)).toBe(
      ["Contract changes: 1 (0 breaking)", "  ~ changed  getNote (GET /notes/{id})", "      - x"].join("\n"),
    );
  });
});

describe("summarizeChanges", () => {
  const many = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) =>
      operation({ operationId: `${prefix}${index}`, path: `/${prefix}/${index}` }),
    );

  it("says how many operations and schemas a first generation added, in one line", () => {
    const after = manifest(many(3, "op"), [{ name: "Note", hash: "a" }]);
    expect(summarizeChanges(null, after)).toBe("Contract changes: first generation, 3 operations and 1 schema added.");
    expect(summarizeChanges(manifest([]), after)).toBe(
      "Contract changes: first generation, 3 operations and 1 schema added.",
    );
    // Every addition with --verbose.
    expect(summarizeChanges(null, after, { verbose: true }).split("\n")).toHaveLength(5);
  });

  it("lists the first changes and counts the rest per kind, unless verbose", () => {
    const before = manifest(many(30, "old"), [{ name: "Old", hash: "a" }]);
    const after = manifest(many(5, "new"), [{ name: "New", hash: "b" }]);
    const lines = summarizeChanges(before, after).split("\n");
    expect(lines[0]).toBe("Contract changes: 37 (31 breaking)");
    expect(lines).toHaveLength(1 + CHANGES_LISTED + 1);
    expect(lines.at(-1)).toBe(
      "  … 17 more changes (operations removed ×10, schemas removed ×1, operations added ×5, schemas added ×1); `--verbose` lists them all.",
    );
    expect(summarizeChanges(before, after, { verbose: true }).split("\n")).toHaveLength(38);
  });
});
