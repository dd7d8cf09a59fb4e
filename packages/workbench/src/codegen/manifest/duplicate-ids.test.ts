import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchFolder } from "../../../../../tooling/scratch-folder.ts";
import type { ContractSchemas } from "../../contract/contract-types.ts";
import { generate, type Generated } from "../generate.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..", "..");

// A vendor's health check: GET and HEAD of one path share an `operationId` (line 10 is HEAD's).
const CONTRACT = `openapi: 3.1.0
info: { title: Health, version: "1" }
paths:
  /api/v1/health:
    get:
      operationId: health
      responses:
        "200": { description: OK, content: { application/json: { schema: { type: object } } } }
    head:
      operationId: health
      responses:
        "200": { description: OK }
  /api/v1/status:
    get:
      operationId: status
      responses:
        "200": { description: OK }
`;

// The same construct in a path item of its own file.
const ENTRY = `openapi: 3.1.0
info: { title: Health, version: "1" }
paths:
  /api/v1/health:
    $ref: ./health.yaml
`;
const PATH_ITEM = `get:
  operationId: health
  responses:
    "200": { description: OK }
head:
  operationId: health
  responses:
    "200": { description: OK }
`;

describe("an operationId written twice (GET and HEAD of one path)", () => {
  let folder = "";
  let generated: Generated;
  let multi: Generated;
  beforeAll(async () => {
    folder = makeScratchFolder(ROOT, "duplicate-ids-");
    writeFileSync(join(folder, "openapi.yaml"), CONTRACT);
    mkdirSync(join(folder, "multi"));
    writeFileSync(join(folder, "multi", "openapi.yaml"), ENTRY);
    writeFileSync(join(folder, "multi", "health.yaml"), PATH_ITEM);
    generated = await generate(ROOT, { contract: relative(ROOT, join(folder, "openapi.yaml")), outDir: "out" });
    multi = await generate(ROOT, { contract: relative(ROOT, join(folder, "multi")), outDir: "out" });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("generates: the first keeps the id, the later one is named from its method and path", () => {
    expect(generated.manifest.operations.map((operation) => [operation.method, operation.operationId])).toEqual([
      ["get", "health"],
      ["head", "headApiV1Health"],
      ["get", "status"],
    ]);
    const contract = JSON.parse(generated.outputs.get("out/contract.json") ?? "{}") as ContractSchemas;
    expect(Object.keys(contract.operations)).toEqual(["health", "headApiV1Health", "status"]);
    const types = generated.outputs.get("out/schema.d.ts") ?? "";
    expect(types).toMatch(/^ {4}headApiV1Health: \{$/m);
    expect(types).toMatch(/^ {8}head: operations\["headApiV1Health"\];$/m);
  });

  it("says so once per renamed operation, at its `operationId`, naming the first and the new name", () => {
    const warnings = generated.warnings.filter((warning) => warning.rule === "duplicate-operationId");
    expect(warnings.map(({ severity, file, line, column }) => [severity, file, line, column])).toEqual([
      ["warning", relative(ROOT, join(folder, "openapi.yaml")), 10, 7],
    ]);
    expect(warnings[0]?.message).toMatch(
      /^`HEAD \/api\/v1\/health` repeats the `operationId` `health` of `GET \/api\/v1\/health`, which keeps it; this one is named `headApiV1Health`/,
    );
    expect(generated.warnings.some((warning) => warning.rule === "derived-operationId")).toBe(false);
  });

  it("places the warning in the file that holds the operation, in a contract of several files", () => {
    expect(multi.manifest.operations.map((operation) => operation.operationId)).toEqual(["health", "headApiV1Health"]);
    const [warning] = multi.warnings.filter((each) => each.rule === "duplicate-operationId");
    expect([warning?.file, warning?.line, warning?.column]).toEqual([
      relative(ROOT, join(folder, "multi", "health.yaml")),
      6,
      3,
    ]);
  });
});
