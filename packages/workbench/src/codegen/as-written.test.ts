// Valid contracts as public ones are written generate, each construct with one located note:
// operations without `operationId`, undeclared and unused path parameters, malformed schema
// keywords, an `operationId` a URL cannot carry, a discriminator whose branches fix their own
// values, properties the specification does not define, Swagger 2.0. The manifest, contract.json and the types agree on every name.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "../contract/contract-types.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { makeScratchFolder } from "../../../../tooling/scratch-folder.ts";
import { ContractError, formatProblem } from "./input/contract-error.ts";
import { generate } from "./generate.ts";

const REPO = resolve(import.meta.dirname, "../../../..");

async function generated(file: string) {
  const { outputs, warnings } = await generate(REPO, { contract: file, outDir: "out" });
  return {
    manifest: JSON.parse(outputs.get("out/manifest.json") ?? "") as Manifest,
    contract: JSON.parse(outputs.get("out/contract.json") ?? "") as ContractSchemas,
    types: outputs.get("out/schema.d.ts") ?? "",
    // The notes this file is about; the lint's own advice (4XX responses) is not.
    notes: warnings
      .filter((warning) => !/4xx-response|error-response-described/.test(warning.rule ?? ""))
      .map(formatProblem),
  };
}

describe("a contract as public ones are written (OpenAPI 3.0)", async () => {
  const { manifest, contract, types, notes } = await generated("tests/contracts/as-written/openapi.yaml");
  const operation = (id: string) => manifest.operations.find((entry) => entry.operationId === id);

  it("names an operation without operationId from its method and path, the same in the manifest, contract.json and the types", () => {
    expect(manifest.operations.map((entry) => entry.operationId)).toEqual([
      "getPets",
      "createPet",
      "getPetsByPetIdPhotos",
      expect.stringMatching(/^getOwners_[0-9a-f]{6}$/),
      expect.stringMatching(/^getOwners_[0-9a-f]{6}$/),
      "List people",
      "getVideo",
      "sendMessage",
    ]);
    expect(Object.keys(contract.operations)).toEqual(manifest.operations.map((entry) => entry.operationId));
    expect(types).toContain('get: operations["getPetsByPetIdPhotos"];');
    expect(types).toMatch(/\n {4}getPetsByPetIdPhotos: \{\n/);
    expect(types).toMatch(/\n {4}"List people": \{\n/);
  });

  it("reads a path parameter no entry declares as a required string, and leaves out one the path does not use", () => {
    expect(operation("getPetsByPetIdPhotos")?.parameters).toEqual([{ name: "petId", in: "path", required: true }]);
    expect(contract.operations.getPetsByPetIdPhotos?.parameters).toEqual([
      { name: "petId", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(types).toMatch(
      /getPetsByPetIdPhotos: \{\n\s+parameters: \{\n\s+query\?: never;\n\s+header\?: never;\n\s+path: \{\n\s+petId: string;/,
    );
    expect(operation("getVideo")?.parameters).toEqual([{ name: "videoId", in: "path", required: true }]);
    expect(types).not.toMatch(/\bformat: string;/);
  });

  it("drops a keyword no validator can use from its schema, and keeps the rest of the schema", () => {
    expect(contract.components.schemas.Video).toEqual({
      type: "object",
      required: ["timecode"],
      properties: { timecode: { type: "string" }, seconds: { type: "integer" } },
    });
    // A list of names beside `type: object`, and a schema where a property's `type` goes:
    // openapi-typescript refused the whole contract for either.
    expect(contract.components.schemas.ProductGroup).toEqual({
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" } },
    });
    expect(contract.components.schemas.Item).toEqual({ type: "object", properties: { itemType: {} } });
    expect(types).toMatch(/ProductGroup: \{\n\s+name: string;\n\s+\};/);
  });

  it("types a discriminated branch by the value it fixes, and a defaulted field as optional", () => {
    expect(types).toMatch(/UserMessage: \{\n(\s+\/\*\*[^]*?\*\/\n)?\s+role: "user";/);
    expect(types).not.toContain('role: "UserMessage"');
    expect(types).toMatch(/\n\s+status\?: "available" \| "sold";/);
  });

  it("says each construct once, located where it is written", () => {
    const file = "tests/contracts/as-written/openapi.yaml";
    const lines = readFileSync(join(REPO, file), "utf8").split("\n");
    /** `line:column` of the first line (after the one starting `after`) that starts with `text`: its key's column, or its value's. */
    const at = (text: string, { after = "", value = false } = {}) => {
      const starts = (line: string, start: string) => line.trim().replace(/^- /, "").startsWith(start);
      const from = after === "" ? 0 : lines.findIndex((line) => starts(line, after));
      const index = lines.findIndex((line, i) => i >= from && starts(line, text));
      const line = lines[index] ?? "";
      return `${index + 1}:${value ? line.indexOf(": ") + 3 : line.length - line.trimStart().length + 1}`;
    };
    expect(notes).toEqual([
      `${file}:${at("pattern: 10", { value: true })} warning 4 schema keywords have values no validator can use, each dropped from its own schema, which keeps its other keywords (the first is here: \`pattern: 10\`, which must be a string). (at #/components/schemas/Video/properties/timecode/pattern) [malformed-keyword]\n    fix: correct the value, or remove the keyword.`,
      expect.stringMatching(
        new RegExp(
          `^${file}:${at("operationId: List people", { value: true })} warning 1 \`operationId\` holds characters a URL cannot carry unescaped`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${file}:${at("name: format", { value: true })} warning The path parameter \`format\` is declared but the path's template does not use it`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${file}:${at("get:", { after: "/pets/{petId}/photos:" })} warning 1 operation uses a path parameter that no \`parameters\` entry declares; each is read as a required string`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${file}:${at("x-tagGroups: pets", { value: true })} warning 1 specification extension has a value of another shape`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${file}:${at("get:", { after: "/pets:" })} warning 4 operations have no \`operationId\`; each is named from its method and path \\(\`GET /pets\` is \`getPets\`\\)`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${file}:${at("source: ")} warning 3 properties the OpenAPI specification does not define where they are written`,
        ),
      ),
    ]);
  });
});

describe("a Swagger 2.0 contract", async () => {
  const { manifest, contract, types, notes } = await generated("tests/contracts/as-written/swagger.yaml");

  it("is converted to OpenAPI 3.0 in memory and generated from", () => {
    expect(manifest.openapi).toMatch(/^3\.0\./);
    expect(manifest.operations.map((entry) => [entry.operationId, entry.requestBody?.mediaTypes])).toEqual([
      ["listPets", undefined],
      ["createPet", ["application/json"]],
      ["postPetsByPetIdPhoto", ["multipart/form-data"]],
    ]);
    expect(contract.components.schemas.Pet).toMatchObject({ properties: { tag: { type: ["string", "null"] } } });
    expect(types).toMatch(/tag\?: string \| null;/);
    expect(notes[0]).toMatch(
      /^tests\/contracts\/as-written\/swagger\.yaml:3:1 warning a Swagger 2\.0 contract: converted to OpenAPI 3\.0 in memory \(swagger2openapi\)/,
    );
  });

  const scratch = makeScratchFolder(REPO, "swagger-");
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is refused where its own file says what is wrong, the Swagger file's place named", async () => {
    const file = join(scratch, "openapi.yaml");
    mkdirSync(scratch, { recursive: true });
    writeFileSync(
      file,
      'swagger: "2.0"\ninfo:\n  title: T\n  version: "1"\npaths:\n  /pets:\n    post:\n      parameters:\n        - name: pet\n          in: body\n          schema:\n            type: object\n            properties:\n              age:\n                type: integr\n      responses:\n        "200":\n          description: OK\n',
    );
    const refused = await generate(REPO, { contract: relative(REPO, file), outDir: "out" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ContractError);
    const [problem] = (refused as ContractError).problems;
    expect(problem).toMatchObject({
      file: relative(REPO, file),
      line: 15,
      column: 23,
      pointer: "#/paths/~1pets/post/parameters/0/schema/properties/age/type",
      rule: "struct",
    });
  });
});
