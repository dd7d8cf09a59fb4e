// Constructs that large real-world contracts use, end to end through the app's own client
// and the default fixtures in Node: request bodies in the media type the operation
// declares, operations that share a method and URL, unsatisfiable values, patterns with length
// limits. Every exchange is checked as strictly as anywhere else.
import { describe, expect, it, vi } from "vitest";
import { generate } from "@contract-workbench/workbench/codegen";
import { loadContract } from "../../src/fixtures/test-contracts.ts";
import { createFixtureData } from "@contract-workbench/workbench/fixtures";
import { throughTheClient } from "./through-the-client.ts";

const FILE = "tests/contracts/constructs/real-world.yaml";
const BASE = "http://api.test/v1";
const loaded = await loadContract(FILE);

describe("a contract with the constructs of large real-world contracts", () => {
  const { fixtures, server, client, sent, violations } = throughTheClient(loaded, BASE);

  /** Calls an operation through the client with the gallery's sample request: no header written by hand. */
  async function callSample(method: "POST" | "PUT" | "PATCH", path: string, id: string) {
    const { params, body } = fixtures.sampleRequest(id);
    return client[method](path, { params, body });
  }

  describe("sends a request body in the media type the operation declares", () => {
    it.each([
      ["PATCH", "/records/{recordId}", "patchRecord", "application/json-patch+json"],
      ["PUT", "/records/{recordId}", "replaceRecord", "application/vnd.example.record+json"],
      ["POST", "/records/{recordId}/notes", "addRecordNote", "application/x-www-form-urlencoded"],
      ["POST", "/records/{recordId}/files", "uploadRecordFile", "multipart/form-data"],
    ] as const)("%s %s (%s) as %s", async (method, path, id, mediaType) => {
      const { response } = await callSample(method, path, id);
      expect(response.ok).toBe(true);
      expect(sent.at(-1)?.headers.get("Content-Type")?.split(";")[0]).toBe(mediaType);
      expect(await violations()).toEqual([]);
    });

    it("checks a form's fields against its schema", async () => {
      await client.POST("/records/{recordId}/notes", {
        params: { path: { recordId: "r001" } },
        body: { text: "", pinned: "maybe" },
      });
      expect(await violations()).toEqual([
        'addRecordNote request body at /text: expected at least 1 characters, got ""',
        'addRecordNote request body at /pinned: expected one of ["true","false"], got "maybe"',
      ]);
    });

    it("checks a multipart body's fields against its schema", async () => {
      await client.POST("/records/{recordId}/files", {
        params: { path: { recordId: "r001" } },
        body: { caption: "no name", source: { kind: "scan", dpi: 10 }, labels: [{ text: "" }] },
      });
      expect(await violations()).toEqual([
        "uploadRecordFile request body at /name: expected a value (required), got nothing",
        'uploadRecordFile request body at /source: expected type string, got {"kind":"scan","dpi":10}',
        'uploadRecordFile request body at /source: expected one of ["auto"], got {"kind":"scan","dpi":10}',
        "uploadRecordFile request body at /source/dpi: expected >= 72, got 10",
        'uploadRecordFile request body at /labels/0/text: expected at least 1 characters, got ""',
      ]);
    });

    it("sends a multipart body's object fields as JSON text, and reads them back as the objects", async () => {
      const source = { kind: "camera", dpi: 300 };
      const labels = [{ text: "front" }, { text: "back" }];
      const { response } = await client.POST("/records/{recordId}/files", {
        params: { path: { recordId: "r001" } },
        body: { name: "cover.png", source, labels },
      });
      expect(response.ok).toBe(true);
      const form = await sent.at(-1)!.formData();
      expect(form.get("source")).toBe(JSON.stringify(source));
      expect(form.getAll("labels")).toEqual(labels.map((label) => JSON.stringify(label)));
      expect(await violations()).toEqual([]);
    });
  });

  describe("keeps the response schema when a stored resource changes", () => {
    it("keeps a required field a replace body lacks, from the stored record", async () => {
      fixtures.resources.reset();
      const before = (await client.GET("/records/{recordId}", { params: { path: { recordId: "r123" } } })).data as
        Record<string, unknown> | undefined;
      const replaced = await client.PUT("/records/{recordId}", {
        params: { path: { recordId: "r123" } },
        body: { title: "Renamed" },
      });
      expect(replaced.response.status).toBe(200);
      expect(replaced.data).toEqual({ id: "r123", type: before?.type, title: "Renamed" });
      const after = await client.GET("/records/{recordId}", { params: { path: { recordId: "r123" } } });
      expect(after.data).toEqual(replaced.data);
      expect(await violations()).toEqual([]);
    });

    it("answers a change that would break the schema with a 500 naming the violation, never the invalid body", async () => {
      fixtures.resources.reset();
      const patched = await client.PATCH("/records/{recordId}", {
        params: { path: { recordId: "r123" } },
        body: [{ op: "replace", path: "/type", value: "poem" }],
      });
      expect(patched.response.status).toBe(500);
      expect(await violations()).toEqual([
        'patchRecord → 200 response body at /type: expected one of ["note","task"], got "poem"',
        "patchRecord → 500 response status: expected one of 200, got 500",
      ]);
    });
  });

  describe("answers each variant of one method and URL with its own operation", () => {
    it("tells variants apart by a body property's const or enum", async () => {
      const folder = await callSample("POST", "/items#folders", "createFolder");
      const link = await callSample("POST", "/items#links", "createLink");
      expect(folder.data).toMatchObject({ type: "folder" });
      expect(link.data).toMatchObject({ type: "link" });
      // A fragment is never sent.
      expect(sent.map((request) => new URL(request.url).pathname)).toEqual(["/v1/items", "/v1/items"]);
      expect(await violations()).toEqual([]);
    });

    it("tells variants apart by a header's enum, and keeps the query a fragment would swallow", async () => {
      const add = await client.PUT("/templates/{templateId}#add", {
        params: { path: { templateId: 3 }, header: { "X-Action": "add" }, query: { dryRun: true } },
      });
      const update = await client.PUT("/templates/{templateId}#update", {
        params: { path: { templateId: 3 }, header: { "X-Action": "update" } },
      });
      expect(add.data).toEqual({ action: "added" });
      expect(update.data).toEqual({ action: "updated" });
      expect(new URL(sent[0]?.url ?? "").search).toBe("?dryRun=true");
      expect(new URL(sent[0]?.url ?? "").hash).toBe("");
      expect(await violations()).toEqual([]);
    });

    it("answers a variant's own override (a gallery story), and leaves the other variant's requests to it", async () => {
      server.use(fixtures.respond("createLink", 201, { type: "link", url: "https://example.test/a" }));
      const link = await callSample("POST", "/items#links", "createLink");
      const folder = await callSample("POST", "/items#folders", "createFolder");
      expect(link.data).toEqual({ type: "link", url: "https://example.test/a" });
      expect(folder.data).toMatchObject({ type: "folder" });
      expect(await violations()).toEqual([]);
    });

    it("answers a variant nothing tells apart when its story overrides it, and the first one otherwise", async () => {
      const first = await client.GET("/archive#zip");
      expect(first.data).toEqual({ format: "zip" });
      server.use(fixtures.respond("getArchiveTar", 200));
      const tar = await client.GET("/archive#tar");
      expect(tar.data).toEqual({ format: "tar" });
      expect(await violations()).toEqual([]);
    });

    it("checks what answered against the variant that answered", async () => {
      // A body for the folder variant sent to the link's: the link's override answers, its check fails.
      server.use(fixtures.respond("createLink", 201, { type: "folder", url: "x" }));
      await client.POST("/items#links", { body: { type: "link", url: "https://example.test" } });
      expect(await violations()).toContain('createLink → 201 response body at /type: expected "link", got "folder"');
    });
  });

  it("answers a declared redirect as itself, without the Location that fetch would follow out of the mocks", async () => {
    const found = await client.GET("/exports/{exportId}", { params: { path: { exportId: "7" } } });
    expect(found.response.status).toBe(302);
    expect(found.response.headers.has("Location")).toBe(false);
    server.use(fixtures.respond("downloadExport", 307));
    const moved = await client.GET("/exports/{exportId}", { params: { path: { exportId: "7" } } });
    expect(moved.response.status).toBe(307);
    expect(moved.response.headers.get("Retry-After")).toBe("30");
    expect(moved.error).toMatchObject({ reason: expect.stringMatching(/\S/) as unknown });
    expect(sent.map((request) => new URL(request.url).host)).toEqual(["api.test", "api.test"]);
    expect(fixtures.session.takeProblems()).toEqual([]);
    expect(await violations()).toEqual([]);
  });

  it("leaves an optional unsatisfiable value out of requests and fixtures, and shows a pair that requires one as unsatisfiable", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(fixtures.sampleRequest("createPalette").body).not.toHaveProperty("shade");
    expect(fixtures.sampleRequest("listPalettes").params).toEqual({});
    const [palette] = fixtures.fixture("listPalettes", 200) as Array<Record<string, unknown>>;
    expect(palette).not.toHaveProperty("unused");
    expect(fixtures.unsatisfiable("createPalette", 409)).toBe(
      "an empty enum at #/operations/createPalette/responses/409/content/application~1json/schema/properties/reason/enum, which no value satisfies",
    );
    expect(fixtures.unsatisfiable("createPalette", 201)).toBeUndefined();
    expect(await violations()).toEqual([]);
    warn.mockRestore();
  });

  it("draws a pattern's string within its length limits and format, over many seeds", () => {
    const data = createFixtureData(loaded.contract, fixtures.validator);
    for (let seed = 0; seed < 200; seed++) {
      const { value, failures } = data.generate("#/components/schemas/Palette", { seed, scenario: "default" });
      expect(failures).toEqual([]);
      const { code = "", email = "", hex = "" } = value as Record<string, string | undefined>;
      expect(code).toMatch(/^a{30,36}$/);
      expect(email).toMatch(/^[a-z]+@example[.]com$/);
      expect(email.length).toBeGreaterThanOrEqual(24);
      expect(hex).toMatch(/^#[0-9a-f]{8}$/);
    }
  });
});

describe("npm run api on such a contract", () => {
  it("goes on, with a located warning for each unsatisfiable value and for variants nothing tells apart", async () => {
    const { warnings, manifest } = await generate(process.cwd(), { contract: FILE, outDir: "out" });
    expect(manifest.operations).toHaveLength(14);
    const said = warnings
      .filter((warning) => warning.rule === "empty-enum" || warning.rule === "shared-endpoint")
      .map((warning) => `${warning.file}:${warning.line} ${warning.rule} ${warning.pointer}`);
    expect(said).toEqual([
      `${FILE}:233 empty-enum #/paths/~1palettes/get/parameters/0/schema/enum`,
      `${FILE}:251 empty-enum #/paths/~1palettes/post/requestBody/content/application~1json/schema/properties/shade/enum`,
      `${FILE}:265 empty-enum #/paths/~1palettes/post/responses/409/content/application~1json/schema/properties/reason/enum`,
      `${FILE}:381 empty-enum #/components/schemas/Palette/properties/unused/enum`,
      `${FILE}:186 shared-endpoint #/paths/~1archive#zip/get`,
    ]);
    expect(warnings.find((warning) => warning.rule === "shared-endpoint")?.message).toContain(
      "getArchiveZip (/archive#zip), getArchiveTar (/archive#tar)",
    );
    expect(warnings.find((warning) => warning.rule === "shared-endpoint")?.message).toMatch(
      /choose by what a request fits .*, then by the operation a story or test asked for .*, else answer with getArchiveZip and say so in the exchange's note\.$/,
    );
  });
});
