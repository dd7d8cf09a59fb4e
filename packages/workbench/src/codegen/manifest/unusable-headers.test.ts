import { rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchFolder } from "../../../../../tooling/scratch-folder.ts";
import type { ContractSchemas } from "../../contract/contract-types.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { createFixtures } from "../../fixtures/contract-fixtures.ts";
import { generate, type Generated } from "../generate.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..", "..");

// As Notion's contract writes one operation: a header parameter named "" beside a sound one,
// and a response header whose name holds a space.
const CONTRACT = `openapi: 3.1.0
info: { title: Pages, version: "1" }
paths:
  /pages/{id}:
    get:
      operationId: getPage
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: Notion-Version, in: header, required: true, schema: { type: string } }
        - { name: "", in: header, required: true, schema: { type: string } }
      responses:
        "200":
          description: OK
          headers:
            X Cache: { required: true, schema: { type: string } }
            ETag: { schema: { type: string } }
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
`;

describe("a header no HTTP message can carry (its name is no token)", () => {
  let folder = "";
  let generated: Generated;
  beforeAll(async () => {
    folder = makeScratchFolder(ROOT, "unusable-headers-");
    writeFileSync(join(folder, "openapi.yaml"), CONTRACT);
    generated = await generate(ROOT, { contract: relative(ROOT, join(folder, "openapi.yaml")), outDir: "out" });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("is left out of the manifest, contract.json and the client's parameters; the rest generates", () => {
    const [operation] = generated.manifest.operations;
    expect(operation?.parameters.map(({ name, in: place }) => `${place} ${name}`)).toEqual([
      "path id",
      "header Notion-Version",
    ]);
    const contract = JSON.parse(generated.outputs.get("out/contract.json") ?? "{}") as ContractSchemas;
    expect(contract.operations.getPage?.parameters.map((parameter) => parameter.name)).toEqual([
      "id",
      "Notion-Version",
    ]);
    expect(Object.keys(contract.operations.getPage?.responses["200"]?.headers ?? {})).toEqual(["ETag"]);
    const types = generated.outputs.get("out/schema.d.ts") ?? "";
    expect(types).toContain('"Notion-Version": string;');
    expect(types).not.toMatch(/^\s*"": string;$/m);
  });

  it("says so at each, in the file as written", () => {
    const warnings = generated.warnings.filter((warning) => warning.rule === "unusable-header");
    expect(warnings.map(({ file, line, pointer }) => [file, line, pointer])).toEqual([
      [relative(ROOT, join(folder, "openapi.yaml")), 10, "#/paths/~1pages~1{id}/get/parameters/2"],
      [relative(ROOT, join(folder, "openapi.yaml")), 15, "#/paths/~1pages~1{id}/get/responses/200/headers/X Cache"],
    ]);
    expect(warnings[0]?.message).toMatch(/^the header parameter "" is no HTTP header name/);
  });

  it("leaves a sample request and an answer the fixtures can make", () => {
    const manifest = JSON.parse(generated.outputs.get("out/manifest.json") ?? "{}") as Manifest;
    const contract = JSON.parse(generated.outputs.get("out/contract.json") ?? "{}") as ContractSchemas;
    const fixtures = createFixtures(manifest, contract);
    expect(Object.keys(fixtures.sampleRequest("getPage").params.header ?? {})).toEqual(["Notion-Version"]);
    expect(fixtures.fixture("getPage", "200", "default")).toEqual(expect.any(Object));
  });
});
