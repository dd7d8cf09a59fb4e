import { rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchFolder } from "../../../../../tooling/scratch-folder.ts";
import { generate, type Generated } from "../generate.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..", "..");

// A container engine's attach (101 upgrades to a raw stream), an echo only TRACE reaches, and a
// realtime feed that only upgrades.
const CONTRACT = `openapi: 3.1.0
info: { title: Engine, version: "1" }
paths:
  /containers/{id}/attach:
    post:
      operationId: attach
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        "101": { description: Switching protocols }
        "200": { description: OK, content: { application/json: { schema: { type: object } } } }
  /echo:
    trace: { operationId: echo, responses: { "200": { description: OK } } }
  /realtime:
    get:
      operationId: realtime
      responses: { "1XX": { description: Upgrading } }
`;

// OpenAPI 3.2: a method of its own, written under `additionalOperations`.
const TUNNEL = `openapi: 3.2.0
info: { title: Tunnel, version: "1" }
paths:
  /tunnel:
    additionalOperations:
      CONNECT:
        operationId: tunnel
        responses:
          "200": { description: OK }
`;

const rules = new Set(["unsendable-method", "unanswerable-status"]);

describe("operations and statuses fetch cannot exchange", () => {
  let folder = "";
  let generated: Generated;
  let tunnel: Generated;
  beforeAll(async () => {
    folder = makeScratchFolder(ROOT, "unsendable-");
    writeFileSync(join(folder, "openapi.yaml"), CONTRACT);
    writeFileSync(join(folder, "tunnel.yaml"), TUNNEL);
    generated = await generate(ROOT, { contract: relative(ROOT, join(folder, "openapi.yaml")), outDir: "out" });
    tunnel = await generate(ROOT, { contract: relative(ROOT, join(folder, "tunnel.yaml")), outDir: "out" });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("still generate: every operation and status is in the manifest and the types", () => {
    expect(
      generated.manifest.operations.map((operation) => [
        operation.operationId,
        operation.method,
        operation.responses.map((response) => response.status),
      ]),
    ).toEqual([
      ["attach", "post", ["101", "200"]],
      ["echo", "trace", ["200"]],
      ["realtime", "get", ["1XX"]],
    ]);
    expect(generated.outputs.get("out/schema.d.ts")).toMatch(/^ {8}trace: operations\["echo"\];$/m);
  });

  it("warn once each, where the contract writes the method or the status", () => {
    const warnings = generated.warnings.filter((warning) => rules.has(warning.rule ?? ""));
    const file = relative(ROOT, join(folder, "openapi.yaml"));
    expect(warnings.map(({ severity, rule, file, line, pointer }) => [severity, rule, file, line, pointer])).toEqual([
      ["warning", "unanswerable-status", file, 9, "#/paths/~1containers~1{id}~1attach/post/responses/101"],
      ["warning", "unsendable-method", file, 12, "#/paths/~1echo/trace"],
      ["warning", "unanswerable-status", file, 16, "#/paths/~1realtime/get/responses/1XX"],
    ]);
    expect(warnings[0]?.message).toMatch(/^attach → 101 cannot be used from a browser or Node: a 1xx status/);
    expect(warnings[1]?.message).toMatch(/^echo \(TRACE \/echo\) cannot be used .*fetch refuses to send TRACE/);
    expect(warnings.every((warning) => /the gallery makes no story of it/.test(warning.message))).toBe(true);
  });

  it("place a 3.2 method of its own (CONNECT) under `additionalOperations`, where the contract writes it", () => {
    const [warning] = tunnel.warnings.filter((each) => rules.has(each.rule ?? ""));
    expect([warning?.rule, warning?.line, warning?.pointer]).toEqual([
      "unsendable-method",
      6,
      "#/paths/~1tunnel/additionalOperations/CONNECT",
    ]);
  });
});
