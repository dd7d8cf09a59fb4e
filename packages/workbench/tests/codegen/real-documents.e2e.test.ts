// `npm run api` accepts OpenAPI 3.0 and 3.1, YAML and JSON, and a contract split
// across files with relative $refs; it prints what changed since the last run.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { REPO } from "../../../../tests/harness/scratch-copy.ts";
import { makeApiScratch, removeApiScratch, runApi } from "../../../../tests/harness/api-scratch.ts";

describe("npm run api on real-world shapes", () => {
  let dir = "";
  beforeAll(() => {
    dir = makeApiScratch("api-shapes");
  });
  afterAll(() => removeApiScratch(dir));

  function useContract(name: string): { manifest: Manifest; types: string; stdout: string } {
    rmSync(join(dir, "openapi"), { recursive: true, force: true });
    cpSync(join(REPO, "tests/contracts/api-input", name), join(dir, "openapi"), { recursive: true });
    const result = runApi(dir);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    return {
      manifest: JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as Manifest,
      types: readFileSync(join(dir, "src/api/schema.d.ts"), "utf8"),
      stdout: result.stdout,
    };
  }

  it("lists the test contracts' notes only when asked (--verbose): they show constructs on purpose", () => {
    useContract("multi-file");
    const verbose = runApi(dir, "--verbose");
    expect(verbose.status).toBe(0);
    expect(verbose.stderr).toContain("tests/contracts/streams/openapi.yaml");
  });

  it("generates from a contract split across files (3.1, YAML, relative $refs)", () => {
    const { manifest, types } = useContract("multi-file");
    expect(manifest.operations.map((op) => `${op.operationId} ${op.method.toUpperCase()} ${op.path}`)).toEqual([
      "listOrders GET /orders",
      "getOrder GET /orders/{orderId}",
    ]);
    const getOrder = manifest.operations[1];
    expect(getOrder?.parameters).toEqual([{ name: "orderId", in: "path", required: true }]);
    expect(getOrder?.responses).toEqual([
      { status: "200", mediaTypes: ["application/json"] },
      { status: "404", mediaTypes: ["application/problem+json"] },
    ]);
    expect(manifest.schemas.map((schema) => schema.name)).toEqual(["Order", "Problem"]);
    // The 3.1 type array and the schema from another file reach the types.
    expect(types).toMatch(/note\?: string \| null;/);
    expect(types).toMatch(/quantity: number;/);
  });

  it("generates from OpenAPI 3.0 in JSON, with its security", () => {
    const { manifest, types } = useContract("oas30-json");
    expect(manifest.openapi).toBe("3.0.3");
    expect(manifest.operations[0]).toMatchObject({ operationId: "getPet", security: [["apiKey"]] });
    expect(types).toMatch(/tag\?: string \| null;/);
  });

  it("prints what changed, marking breaking changes", () => {
    useContract("multi-file");
    const { stdout } = useContract("oas30-json");
    expect(stdout).toContain("Contract changes:");
    expect(stdout).toMatch(/! removed +listOrders \(GET \/orders\)/);
    expect(stdout).toMatch(/\+ added +getPet \(GET \/pets\/\{petId\}\)/);
  });

  it("makes api:check name a mock Service Worker that does not match the installed msw", () => {
    const worker = join(dir, ".storybook/public/mockServiceWorker.js");
    cpSync(join(REPO, "tests/contracts/api-input/multi-file/openapi.yaml"), worker); // any other content
    const check = runApi(dir, "--check");
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(
      "api:check: .storybook/public/mockServiceWorker.js does not match the installed msw's worker (msw was upgraded or the file was edited). Run `npm run api` and commit the result.",
    );
    expect(runApi(dir).status).toBe(0);
    expect(runApi(dir, "--check").status).toBe(0);
  });
});
