// Bad input gets one clear message naming the file and the place, exit code 1, no
// stack trace (unless --verbose), and every previously generated file is left
// byte-identical.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeApiScratch,
  removeApiScratch,
  runApi,
  snapshotOutputs,
  writeContract,
} from "../../../../tests/harness/api-scratch.ts";

const valid = (paths: string, components = "{}") =>
  `openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n${paths}\ncomponents: ${components}\n`;

const op = (id: string, extra = "") =>
  `      operationId: ${id}\n${extra}      responses:\n        "200":\n          description: OK\n`;

interface Case {
  name: string;
  files: Record<string, string>;
  /** The message must match, in this order; it names the file and where. */
  expect: RegExp;
}

const CASES: Case[] = [
  {
    name: "a YAML syntax error",
    files: { "openapi.yaml": "openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1.0.0\npaths: {}\n" },
    // Line 4, column 3: where `version` stands and the flow sequence's comma or `]` was due.
    expect:
      /^api: openapi\/openapi\.yaml:4:3 error syntax error: missed comma between flow collection entries\n {4}fix: fix the YAML\/JSON syntax/m,
  },
  {
    name: "a YAML indentation error",
    files: { "openapi.yaml": "openapi: 3.1.0\ninfo:\n  title: T\n   version: 1.0.0\npaths: {}\n" },
    // js-yaml stops at the `:` of the over-indented key (line 4, column 11).
    expect: /^api: openapi\/openapi\.yaml:4:11 error syntax error: bad indentation of a mapping entry\n/m,
  },
  {
    name: "a JSON syntax error",
    files: {
      "openapi.json": '{\n  "openapi": "3.1.0",\n  "info": { "title": "T", "version": "1" },,\n  "paths": {}\n}\n',
    },
    expect:
      /^api: openapi\/openapi\.json:3:44 error syntax error: Expected double-quoted property name in JSON\n {4}fix: fix the JSON syntax/m,
  },
  {
    name: "a file that is not OpenAPI",
    files: { "openapi.yaml": "name: shopping list\nitems: [milk, bread]\n" },
    expect: /^api: openapi\/openapi\.yaml:1:1 error not an OpenAPI document: it has no `openapi` field\.\n {4}fix: /m,
  },
  {
    // Swagger 2.0 is converted in memory; what came before it is not read.
    name: "a Swagger 1.2 document",
    files: { "openapi.yaml": 'swagger: "1.2"\ninfo:\n  title: T\n  version: "1"\npaths: {}\n' },
    expect:
      /^api: openapi\/openapi\.yaml:1:1 error Swagger 1\.2 is not supported: .+\n {4}fix: convert the document to OpenAPI 3/m,
  },
  {
    name: "a $ref to a missing file",
    files: {
      "openapi.yaml": valid(
        "  /a:\n    get:\n" +
          op("getA").replace(
            "description: OK\n",
            "description: OK\n          content:\n            application/json:\n              schema:\n                $ref: ./schemas/missing.yaml\n",
          ),
      ),
    },
    expect:
      /^api: openapi\/openapi\.yaml:15:17 error Can't resolve \$ref: ENOENT: no such file or directory 'openapi\/schemas\/missing\.yaml'.*\[no-unresolved-refs\]\n {4}fix: point the `\$ref` at a file/m,
  },
  {
    name: "a $ref to a missing component",
    files: {
      "openapi.yaml": valid(
        "  /a:\n    get:\n" +
          op("getA").replace(
            "description: OK\n",
            'description: OK\n          content:\n            application/json:\n              schema:\n                $ref: "#/components/schemas/Nope"\n',
          ),
      ),
    },
    expect: /^api: openapi\/openapi\.yaml:15:17 error Can't resolve \$ref .*\[no-unresolved-refs\]/m,
  },
  {
    name: "an invalid schema",
    files: {
      "openapi.yaml": valid(
        "  /a:\n    get:\n" + op("getA"),
        "\n  schemas:\n    Thing:\n      type: object\n      properties:\n        name:\n          type: strin\n",
      ),
    },
    expect:
      /^api: openapi\/openapi\.yaml:19:17 error `type` can be one of .*\[struct\]\n {4}fix: did you mean `string`\?/m,
  },
  {
    // The bundle copies the mapped schema into components (as `schema`): the lint must still read
    // the file as written, and place the error where it is written.
    name: "an invalid schema that a discriminator maps outside components",
    files: {
      "openapi.yaml": valid(
        "  /pets:\n    get:\n" +
          op("getPet").replace(
            "          description: OK\n",
            "          description: OK\n          content:\n            application/json:\n              schema:\n" +
              '                oneOf: [{ $ref: "#/components/schemas/Cat" }]\n' +
              "                discriminator:\n                  propertyName: kind\n                  mapping:\n" +
              '                    dog: "#/paths/~1pets/get/responses/201/content/application~1json/schema"\n' +
              '        "201":\n          description: Created\n          content:\n            application/json:\n' +
              "              schema:\n                type: object\n                properties:\n" +
              "                  kind:\n                    type: strin\n",
          ),
        "\n  schemas:\n    Cat:\n      type: object\n",
      ),
    },
    expect:
      /^api: openapi\/openapi\.yaml:28:27 error `type` can be one of .*\(at #\/paths\/~1pets\/get\/responses\/201\/content\/application~1json\/schema\/properties\/kind\/type\) \[struct\]$/m,
  },
  {
    name: "a missing contract",
    files: {},
    expect:
      /^api: openapi error no contract found: expected one of openapi\/openapi\.yaml, openapi\/openapi\.yml, openapi\/openapi\.json\./m,
  },
];

describe("npm run api on bad input", () => {
  let dir = "";
  let before = new Map<string, string>();
  beforeAll(() => {
    dir = makeApiScratch("api-bad-input");
    before = snapshotOutputs(dir);
  });
  afterAll(() => removeApiScratch(dir));

  it.each(CASES)("reports $name clearly, exits 1 and changes nothing", ({ files, expect: message }) => {
    writeContract(dir, files);
    const result = runApi(dir);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("api: nothing was written; fix the contract and run `npm run api` again.");
    expect(result.stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect(result.status).toBe(1);
    expect(snapshotOutputs(dir)).toEqual(before);
  });

  it("reports an unreadable contract file", () => {
    writeContract(dir, {});
    mkdirSync(join(dir, "openapi", "openapi.yaml"), { recursive: true }); // a folder where the file should be
    const result = runApi(dir);
    expect(result.stderr).toMatch(
      /^api: openapi\/openapi\.yaml error file cannot be read: Expected a file but received a folder/m,
    );
    expect(result.status).toBe(1);
    expect(snapshotOutputs(dir)).toEqual(before);
  });

  it("shows the stack trace with --verbose", () => {
    writeContract(dir, { "openapi.yaml": "name: not openapi\n" });
    const result = runApi(dir, "--verbose");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^\s+at /m);
  });
});
