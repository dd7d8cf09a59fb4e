// A contract is untrusted input. The hostile corpus in tests/contracts/api-input/hostile/
// proves that `npm run api` stays in the contract's folder, never reaches the network,
// bounds its work, takes any valid name, and says at generation what cannot be
// satisfied: each case with its exact message and place, its exit code, and the
// generated files left as they were when it fails.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeApiScratch,
  removeApiScratch,
  runApi,
  snapshotOutputs,
  writeContract,
} from "../../../../tests/harness/api-scratch.ts";

const CORPUS = join(import.meta.dirname, "../../../../tests/contracts/api-input/hostile");

/** A corpus case's files, with its placeholders filled in. */
function corpus(name: string, fill: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of readdirSync(join(CORPUS, name))) {
    let text = readFileSync(join(CORPUS, name, file), "utf8");
    for (const [key, value] of Object.entries(fill)) text = text.replaceAll(`{{${key}}}`, value);
    files[file] = text;
  }
  return files;
}

const NOTHING_WRITTEN = "api: nothing was written; fix the contract and run `npm run api` again.";
const VENDOR = "    fix: copy the file into the contract's folder (vendor it) and refer to it with a relative path";

describe("npm run api on a hostile contract", () => {
  let dir = "";
  let outside = "";
  let canary = "";
  let secret = "";
  let server: Server;
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    dir = makeApiScratch("api-hostile");
    // A file outside the project whose content must never appear anywhere.
    outside = mkdtempSync(join(tmpdir(), "canary-"));
    secret = `CANARY-${randomBytes(12).toString("hex")}`;
    canary = join(outside, "secret.yaml");
    writeFileSync(canary, `type: object\ndescription: ${secret}\n`);
    server = createServer((_request, response) => response.end(`description: ${secret}\n`));
    server.on("connection", () => connections++);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    rmSync(outside, { recursive: true, force: true });
    removeApiScratch(dir);
  });

  /** Runs `npm run api` on the contract written, noting every generated file before. */
  function run() {
    const before = snapshotOutputs(dir);
    return { ...runApi(dir), before };
  }

  function expectRefused(result: ReturnType<typeof run>) {
    expect(result.stderr).toContain(NOTHING_WRITTEN);
    expect(result.stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect(result.status).toBe(1);
    expect(snapshotOutputs(dir)).toEqual(result.before);
  }

  it("refuses every $ref that leaves the folder, before reading it, and connects to nothing", () => {
    writeContract(
      dir,
      corpus("refs-out", {
        CANARY: canary,
        CANARY_RELATIVE: relative(join(dir, "openapi"), canary),
        PORT: String(port),
      }),
    );
    symlinkSync(canary, join(dir, "openapi", "link.yaml")); // inside by name, outside in fact
    const result = run();
    const relativeRef = relative(join(dir, "openapi"), canary);
    const lines = result.stderr.split("\n").filter((line) => line.startsWith("api: openapi/"));
    expect(lines).toEqual([
      `api: openapi/openapi.yaml:15:23 error $ref "${canary}" is an absolute path: only files inside the contract's folder are read; it was not read.`,
      `api: openapi/openapi.yaml:20:17 error $ref "${relativeRef}" leaves the contract's folder: it was not read.`,
      `api: openapi/openapi.yaml:25:11 error $ref "file://${canary}" is a URL (file:): only relative file paths are followed; it was not read.`,
      `api: openapi/openapi.yaml:37:23 error $ref "http://127.0.0.1:${port}/example.json" is a remote reference: a contract may not reach the network; nothing was fetched.`,
      `api: openapi/openapi.yaml:41:27 error $ref "https://127.0.0.1:${port}/example.json" is a remote reference: a contract may not reach the network; nothing was fetched.`,
      `api: openapi/openapi.yaml:53:23 error $ref "./link.yaml" is a symbolic link to a file outside the contract's folder: it was not read.`,
    ]);
    expect(result.stderr.split("\n").filter((line) => line.startsWith(VENDOR))).toHaveLength(6);
    expectRefused(result);
    expect(connections).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  });

  it("leaves out an example kept outside the folder, unread and unfetched, and generates the rest", () => {
    writeContract(
      dir,
      corpus("external-example", { PORT: String(port), CANARY_RELATIVE: relative(join(dir, "openapi"), canary) }),
    );
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stderr.split("\n").filter((line) => line.endsWith("[external-example]"));
    expect(lines).toEqual([
      `api: openapi/openapi.yaml:22:34 warning externalValue "http://127.0.0.1:${port}/value.json" is a remote reference: a contract may not reach the network; nothing was fetched. The example is left out. (at #/paths/~1config/get/responses/200/content/application~1json/examples/remote/externalValue) [external-example]`,
      `api: openapi/openapi.yaml:24:34 warning externalValue "${relative(join(dir, "openapi"), canary)}" leaves the contract's folder: it was not read. The example is left out. (at #/paths/~1config/get/responses/200/content/application~1json/examples/outside/externalValue) [external-example]`,
    ]);
    expect(connections).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
    expect(readFileSync(join(dir, "src/api/contract.json"), "utf8")).not.toContain(secret);
  });

  it("stops a YAML alias bomb at the alias that crosses the limit", () => {
    writeContract(dir, corpus("alias-bomb"));
    const result = run();
    expect(result.stderr).toMatch(
      // x-b to x-e add 12,340 nodes; each `*e` adds 11,111: the 8th crosses 100,000.
      /^api: openapi\/openapi\.yaml:8:38 error YAML aliases expand to more than 100,000 nodes \(an alias bomb\?\); stopped here\.\n {4}fix: write the repeated part once under components/m,
    );
    expectRefused(result);
  });

  it("stops 5,000 levels of JSON nesting where it crosses 500 levels, without overflowing the stack", () => {
    const head = '{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{},"x-deep":';
    writeContract(dir, { "openapi.json": `${head}${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}` });
    const result = run();
    // The root object is level 1 and `x-deep` level 2: level 501 is the 500th `{"a":`.
    const column = head.length + 499 * '{"a":'.length + 1;
    expect(result.stderr).toMatch(
      new RegExp(
        `^api: openapi/openapi\\.json:1:${column} error nesting deeper than 500 levels; stopped here\\.$`,
        "m",
      ),
    );
    expectRefused(result);
  });

  it("stops 5,000 levels of YAML nesting at its parser's 100, located", () => {
    writeContract(dir, {
      "openapi.yaml": `openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\nx-deep: ${"[".repeat(5000)}${"]".repeat(5000)}\n`,
    });
    const result = run();
    // `x-deep: ` takes 8 columns: column 108 is the 100th bracket, where js-yaml stops.
    expect(result.stderr).toMatch(
      /^api: openapi\/openapi\.yaml:4:108 error syntax error: nesting exceeded maxDepth \(100\)$/m,
    );
    expectRefused(result);
  });

  it("refuses a file over 64 MB at the $ref that names it, without reading it", () => {
    writeContract(dir, {
      "openapi.yaml": "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /big:\n    $ref: ./big.yaml\n",
    });
    // Sparse: 65 MB by size, no disk used, and never read.
    writeFileSync(join(dir, "openapi", "big.yaml"), "");
    truncateSync(join(dir, "openapi", "big.yaml"), 65 * 2 ** 20);
    const result = run();
    expect(result.stderr).toMatch(
      /^api: openapi\/openapi\.yaml:5:11 error \$ref "\.\/big\.yaml": the file is 65 MB, more than the 64 MB a contract file may be; it was not read\.$/m,
    );
    expectRefused(result);
  });

  it("warns about an empty enum where it is, and generates the rest (the value typed never)", () => {
    writeContract(dir, corpus("empty-enum"));
    const result = run();
    expect(result.stderr).toContain(
      "api: openapi/openapi.yaml:23:17 warning `enum: []` allows no value at all: an optional value is left out of requests and fixtures, and a response that requires it cannot be answered.",
    );
    expect(result.stderr).not.toContain(NOTHING_WRITTEN);
    expect(result.status).toBe(0);
    expect(readFileSync(join(dir, "src/api/schema.d.ts"), "utf8")).toMatch(/kind\??: never;/);
  });

  it("generates a contract whose names are those of Object.prototype", () => {
    // From an empty contract, whatever the project's holds, so the summary is a first generation.
    writeContract(dir, {
      "openapi.yaml":
        "openapi: 3.1.0\ninfo:\n  title: Empty\n  version: 0.0.0\n  description: Nothing yet.\nservers:\n  - url: /\npaths: {}\ncomponents: {}\n",
    });
    expect(run().status).toBe(0);
    writeContract(dir, corpus("prototype-names"));
    const result = run();
    expect(result.stderr).not.toMatch(/error|unexpected/);
    expect(result.status).toBe(0);
    const names = ["__proto__", "constructor", "hasOwnProperty", "valueOf", "toString", "prototype"];
    const manifest = JSON.parse(readFileSync(join(dir, "src/api/manifest.json"), "utf8")) as {
      operations: Array<{ operationId: string; tags: string[] }>;
      schemas: Array<{ name: string }>;
    };
    expect(manifest.operations.map((operation) => operation.operationId).sort()).toEqual([...names].sort());
    expect(manifest.schemas.map((schema) => schema.name).sort()).toEqual([...names].sort());
    expect(manifest.operations[0]?.tags).toEqual(["__proto__", "constructor"]);
    // JSON.parse keeps `__proto__` as an own key: what the fixtures will read.
    const contract = JSON.parse(readFileSync(join(dir, "src/api/contract.json"), "utf8")) as {
      operations: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(contract.operations).sort()).toEqual([...names].sort());
    expect(Object.keys(contract.components.schemas).sort()).toEqual([...names].sort());
    expect(Object.keys(contract.components.schemas.__proto__?.properties ?? {})).toEqual(names);
    const types = readFileSync(join(dir, "src/api/schema.d.ts"), "utf8");
    for (const name of names) expect(types).toContain(`operations["${name}"]`);
    expect(types).toMatch(/^\s+hasOwnProperty: boolean;$/m);
    expect(result.stdout).toContain("Contract changes: first generation, 6 operations and 6 schemas added.");
  });

  it("warns at generation about an example that breaks its schema and a pattern its lengths contradict", () => {
    writeContract(dir, corpus("bad-example"));
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      'api: openapi/openapi.yaml:17:17 warning listReleases: example 1 of application/json breaks its own schema (/code must match pattern "^[0-9]{4}$"); the fixtures skip it.',
    );
    expect(result.stderr).toContain(
      "api: openapi/openapi.yaml:33:20 warning the pattern ^[a-z]{2,3}$ matches 2 to 3 characters, but minLength is 5: no string satisfies both.",
    );
    // A pattern with groups: its length is found by drawing strings from it.
    expect(result.stderr).toContain(
      "warning no string of 10 or more characters matching the pattern ^(ab){2}$ was found; the fixtures cannot keep the pattern and the length limits together.",
    );
    // A pattern that can hold its length limits gets no warning, however it nests.
    expect(result.stderr).not.toContain("^(a+)+$");
    // An unquoted date is a string (YAML's JSON-compatible schema), so it is no complaint.
    expect(result.stderr).not.toContain("/released");
    const contract = readFileSync(join(dir, "src/api/contract.json"), "utf8");
    expect(contract).toContain('"released": "1981-12-15"');
  });

  it("accepts `nullable` in a 3.1 document with one summarised warning, and reads it as 'or null'", () => {
    writeContract(dir, corpus("nullable-31"));
    const result = run();
    expect(result.status).toBe(0);
    // One warning for both schemas.
    expect(
      result.stderr.split("\n").filter((line) => line.startsWith("api:") && line.includes("nullable")),
    ).toHaveLength(1);
    expect(result.stderr).toContain(
      'api: openapi/openapi.yaml:24:11 warning 2 schemas use `nullable`, an OpenAPI 3.0 keyword this 3.1.0 document does not define; read as "this type or null" (the first is here).',
    );
    const types = readFileSync(join(dir, "src/api/schema.d.ts"), "utf8");
    expect(types).toMatch(/title: string \| null;/);
    const contract = JSON.parse(readFileSync(join(dir, "src/api/contract.json"), "utf8")) as {
      components: { schemas: { Note: { properties: Record<string, { type: unknown }> } } };
    };
    expect(contract.components.schemas.Note.properties.due?.type).toEqual(["string", "null"]);
  });

  it("reads a JSON document named openapi.yaml as JSON", () => {
    writeContract(dir, corpus("json-named-yaml"));
    const result = run();
    expect(result.status).toBe(0);
    expect(readFileSync(join(dir, "src/api/manifest.json"), "utf8")).toContain('"operationId": "ping"');
  });
});
