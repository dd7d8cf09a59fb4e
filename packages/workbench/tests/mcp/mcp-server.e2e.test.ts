// The workbench's MCP server as a coding agent's host runs it: the command the committed
// .mcp.json names, started by the SDK's own client over stdio, on the registry's test
// contracts (the project's own contract is empty). Every tool, the resources and the prompt;
// each bad argument is a tool error naming it; nothing but the protocol on stdout; the probe
// reaches only the loopback server the test starts, and its credential shows nowhere.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../../../../tests/harness/scratch-copy.ts";
import { connectWorkbench, type WorkbenchClient } from "./workbench-client.ts";

const SECRET = "Bearer mcp-test-credential-0123456789";

interface McpConfig {
  mcpServers: Record<string, { command?: string; args?: string[]; type?: string; url?: string }>;
}

/** A server on loopback that answers the clinic contract's reads, with one wrong type on purpose. */
function clinicServer(): Promise<{
  server: Server;
  url: string;
  seen: Array<{ line: string; authorization?: string }>;
}> {
  const seen: Array<{ line: string; authorization?: string }> = [];
  const server = createServer((request, response) => {
    seen.push({
      line: `${request.method} ${request.url}`,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    });
    if (request.url?.split("?")[0] === "/api/pets") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify([{ id: 1, name: 42, species: "dog", vaccinated: true }]));
      return;
    }
    response.writeHead(404, { "Content-Type": "application/problem+json" });
    response.end(JSON.stringify({ title: "Not Found", status: 404 }));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

describe("npm run mcp, as .mcp.json starts it, on the registry's test contracts", () => {
  let mcp: WorkbenchClient;
  let loopback: Awaited<ReturnType<typeof clinicServer>>;

  beforeAll(async () => {
    const config = JSON.parse(readFileSync(join(REPO, ".mcp.json"), "utf8")) as McpConfig;
    const entry = config.mcpServers["contract-workbench"];
    expect(config.mcpServers.storybook).toEqual({ type: "http", url: "http://localhost:6006/mcp" });
    [mcp, loopback] = await Promise.all([
      connectWorkbench({
        command: entry?.command ?? "",
        args: entry?.args ?? [],
        cwd: REPO,
        env: { CONTRACT_PROBE_AUTHORIZATION: SECRET },
      }),
      clinicServer(),
    ]);
  }, 60_000);

  afterAll(async () => {
    await mcp?.close();
    loopback?.server.close();
  });

  it("offers its tools, each contract's document and manifest, and the build-screen prompt", async () => {
    const tools = (await mcp.client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual([
      "list_contracts",
      "list_operations",
      "describe_operation",
      "read_schema",
      "fixture_answer",
      "coverage_gaps",
      "regenerate",
      "drift_report",
      "probe",
    ]);
    const resources = (await mcp.client.listResources()).resources.map((resource) => resource.uri);
    expect(resources).toContain("contract://clinic/document");
    expect(resources).toContain("contract://clinic/manifest");
    expect((await mcp.client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["build-screen"]);
    const contracts = await mcp.call<Array<{ name: string; role: string; operations?: number }>>("list_contracts");
    expect(contracts.json.find((contract) => contract.name === "clinic")).toMatchObject({
      role: "test",
      operations: 10,
    });
    expect(contracts.json.map((contract) => contract.name)).toEqual([
      "product",
      "example",
      "clinic",
      "pet-registry",
      "field-values",
      "streams",
      "identity",
      "analytics",
    ]);
  });

  it("lists and searches operations by text, tag, path and method, a page at a time", async () => {
    type Listed = {
      total: number;
      operations: Array<{ contract: string; operationId: string }>;
      next?: { offset: number };
    };
    const ids = (answer: { json: Listed }) => answer.json.operations.map((op) => `${op.contract} ${op.operationId}`);
    // Every word, in the id, the summary, the path or the tags, across the registry.
    expect(ids(await mcp.call<Listed>("list_operations", { text: "patient record" }))).toEqual(["clinic deletePet"]);
    expect(ids(await mcp.call<Listed>("list_operations", { text: "pets owner" }))).toEqual([
      "clinic getOwner",
      "pet-registry listOwnerPets",
      "pet-registry createOwnerPet",
    ]);
    expect(ids(await mcp.call<Listed>("list_operations", { contract: "clinic", method: "POST" }))).toEqual([
      "clinic createPet",
    ]);
    expect(ids(await mcp.call<Listed>("list_operations", { contract: "clinic", path: "/visits" }))).toEqual([
      "clinic listVisits",
    ]);
    expect(ids(await mcp.call<Listed>("list_operations", { tag: "Visits" }))).toEqual([
      "clinic listVisits",
      "clinic listVets",
    ]);
    const first = await mcp.call<Listed>("list_operations", { contract: "clinic", limit: 4 });
    expect(first.json).toMatchObject({ total: 10, next: { offset: 4 } });
    const second = await mcp.call<Listed>("list_operations", { contract: "clinic", limit: 4, offset: 4 });
    expect(ids(second)[0]).toBe("clinic getPetNotes");
    const badMethod = await mcp.call("list_operations", { method: "FETCH" });
    expect(badMethod).toMatchObject({ isError: true });
    expect(badMethod.text).toMatch(/a method is one of get, put.* at method/);
    const badContract = await mcp.call("list_operations", { contract: "nope" });
    expect(badContract.isError).toBe(true);
    expect(badContract.text).toMatch(
      /^contract: the registry \(contracts.config.ts\) has no contract named "nope"; its contracts are product, example/,
    );
  });

  it("describes an operation: schemas with their pointers, headers, types, the hook call and its paging", async () => {
    const answer = await mcp.call<{
      method: string;
      paging: unknown;
      responses: Array<{ status: string; headers?: Record<string, { required: boolean; schema?: unknown }> }>;
      parameters: Array<{ name: string; in: string; schema: unknown }>;
      hook: { call: string; imports: string[]; setup: string[] };
      types: string;
    }>("describe_operation", { operationId: "listPets" });
    expect(answer.isError).toBe(false);
    expect(answer.json.method).toBe("GET");
    expect(answer.json.paging).toEqual({ style: "link", from: "inferred", param: "page", size: "limit", items: "" });
    expect(answer.json.responses[0]?.headers).toEqual({
      Link: { required: false, schema: { type: "string", maxLength: 2000 } },
      "X-Total-Count": { required: false, schema: { type: "integer", minimum: 0 } },
    });
    expect(answer.json.parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      "query page",
      "query limit",
      "query species",
    ]);
    expect(answer.json.hook.call).toBe(
      'const pets = hooks.useInfiniteQuery("get", "/pets", { params: { query: { limit: 20 } } });',
    );
    expect(answer.json.hook.imports).toContain(
      'import type { paging, paths } from "../../../tests/contracts/clinic/generated/schema.d.ts";',
    );
    // The generated types of the operation and of the components it names, as schema.d.ts has them.
    expect(answer.json.types).toContain('// operations["listPets"]');
    expect(answer.json.types).toContain('"application/json": components["schemas"]["Pet"][];');
    expect(answer.json.types).toContain('// components["schemas"]["Pet"]');
    expect(answer.json.types).toMatch(/notes\?: string \| null;/);

    const getPet = await mcp.call<{ responses: Array<{ content: Record<string, { pointer: string }> }> }>(
      "describe_operation",
      {
        operationId: "getPet",
        contract: "clinic",
      },
    );
    const pointer = getPet.json.responses[0]?.content["application/json"]?.pointer ?? "";
    expect(pointer).toBe("#/operations/getPet/responses/200/content/application~1json/schema");
    const read = await mcp.call<{ value: unknown }>("read_schema", { contract: "clinic", pointer });
    expect(read.json.value).toEqual({ $ref: "#/components/schemas/Pet" });
    const pet = await mcp.call<{ value: { required: string[] } }>("read_schema", {
      contract: "clinic",
      pointer: "#/components/schemas/Pet",
    });
    expect(pet.json.value.required).toEqual(["id", "name", "species", "vaccinated"]);

    const shared = await mcp.call("describe_operation", { operationId: "getPet" });
    expect(shared).toMatchObject({
      isError: true,
      text: 'contract: "getPet" is an operation of clinic, pet-registry: name one.',
    });
    const unknown = await mcp.call("describe_operation", { operationId: "getPets" });
    expect(unknown.text).toMatch(
      /^operationId: any contract of the registry has no operation "getPets"; did you mean getPet\?$/,
    );
    // An id of 200,000 characters is compared with no id (none is near its length) and quoted short.
    const huge = await mcp.call("describe_operation", { operationId: "getPet".repeat(40_000) });
    expect(huge.text).toBe(
      `operationId: any contract of the registry has no operation "${"getPet".repeat(12)}getP…; list_operations lists them.`,
    );
    const missing = await mcp.call("read_schema", { contract: "clinic", pointer: "#/components/schemas/Nope" });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.text).toMatch(/^pointer: clinic's schemas hold nothing at #\/components\/schemas\/Nope/);
    const wrongType = await mcp.call("describe_operation", { operationId: 42 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.text).toMatch(/expected string, received number at operationId/);
  });

  it("answers what the mocks send for a status, a scenario or a named example, headers included", async () => {
    type Answer = {
      status: number;
      headers: Record<string, string>;
      body: unknown;
      fromExamples?: string[];
      override: string;
      answered: boolean;
    };
    const rex = await mcp.call<Answer>("fixture_answer", { operationId: "getPet", contract: "clinic", status: 200 });
    expect(rex.json).toMatchObject({
      answered: true,
      status: 200,
      headers: { "content-type": "application/json" },
      body: { id: 7, name: "Rex", species: "dog", vaccinated: true, weightKg: 31.5 },
      fromExamples: ["the whole answer"],
      override: 'parameters: { msw: { handlers: [fixtures.respond("getPet", 200)] } }',
    });
    const mittens = await mcp.call<Answer>("fixture_answer", {
      operationId: "getPet",
      contract: "clinic",
      example: "mittens",
    });
    expect(mittens.json.body).toMatchObject({ name: "Mittens", species: "cat" });
    expect(mittens.json.override).toBe(
      'parameters: { msw: { handlers: [fixtures.respondExample("getPet", "200", "mittens")] } }',
    );
    const notFound = await mcp.call<Answer>("fixture_answer", {
      operationId: "getPet",
      contract: "clinic",
      status: "404",
    });
    expect(notFound.json).toMatchObject({
      status: 404,
      headers: { "content-type": "application/problem+json" },
      body: { status: 404, title: "Not Found" },
    });

    // The default answer of a list that pages: its declared headers come with it.
    const list = await mcp.call<Answer>("fixture_answer", { operationId: "listPets" });
    expect(list.json.status).toBe(200);
    expect(list.json.headers["x-total-count"]).toMatch(/^\d+$/);
    expect(list.json.headers.link).toContain('rel="next"');
    const empty = await mcp.call<Answer>("fixture_answer", { operationId: "listPets", scenario: "empty" });
    expect(empty.json).toMatchObject({ status: 200, body: [] });
    const failing = await mcp.call<Answer>("fixture_answer", { operationId: "listPets", scenario: "error" });
    expect(failing.json).toMatchObject({ status: 400, headers: { "content-type": "application/problem+json" } });
    const offline = await mcp.call<Answer>("fixture_answer", { operationId: "listPets", scenario: "offline" });
    expect(offline.json).toMatchObject({ answered: false });

    // A service whose requests hand-written handlers answer says so.
    const identity = await mcp.call<Answer & { note?: string }>("fixture_answer", { operationId: "signUp" });
    expect(identity.json.note).toMatch(
      /^by default mocks\/identity\/fixtures.ts's identityHandlers answer identity's requests/,
    );

    const undeclared = await mcp.call("fixture_answer", { operationId: "getPet", contract: "clinic", status: 500 });
    expect(undeclared).toMatchObject({ isError: true, text: "status: getPet declares 200, 404, not 500." });
    const noSuchExample = await mcp.call("fixture_answer", {
      operationId: "getPet",
      contract: "clinic",
      example: "tom",
    });
    expect(noSuchExample.text).toBe(
      'example: getPet → 200 (application/json): the contract has no example named "tom"; its named examples are "rex", "mittens".',
    );
    const badScenario = await mcp.call("fixture_answer", { operationId: "listPets", scenario: "sunny" });
    expect(badScenario.isError).toBe(true);
    expect(badScenario.text).toMatch(/at scenario$/);
  });

  it("lists coverage gaps for the product and its services, and says why not for a test contract", async () => {
    const identity = await mcp.call<{
      covered: number;
      total: number;
      gapCount: number;
      gaps: Array<{ operationId: string; status: string; story: { file: string; override: string } }>;
    }>("coverage_gaps", { contract: "identity", limit: 200 });
    expect(identity.isError).toBe(false);
    expect(identity.json.gapCount).toBe(identity.json.total - identity.json.covered);
    for (const gap of identity.json.gaps) {
      expect(gap.story.file).toMatch(/^src\/.+\.stories\.tsx$/);
      expect(gap.story.override).toBe(
        `parameters: { msw: { handlers: [fixtures.respond("${gap.operationId}", ${gap.status})] } }`,
      );
    }
    const test = await mcp.call("coverage_gaps", { contract: "clinic" });
    expect(test).toMatchObject({ isError: true });
    expect(test.text).toMatch(
      /^contract: clinic is a test contract: coverage is recorded for the product's contract and its services \(product, identity, analytics\)/,
    );
  });

  it("checks the generated files without writing (npm run api:check)", async () => {
    const check = await mcp.call<{ ok: boolean; stale: unknown[]; files: number; written: string }>("regenerate", {
      check: true,
    });
    expect(check.json).toMatchObject({ ok: true, stale: [], written: "nothing (check only)" });
    expect(check.json.files).toBeGreaterThan(20);
  });

  it("probes only the URL given, safe operations only, and keeps the report for drift_report; the credential shows nowhere", async () => {
    const probed = await mcp.call<{
      driftCount: number;
      drift: Array<{ operationId: string; pointer: string; actual: string }>;
      file: string;
    }>("probe", { url: `${loopback.url}/api`, contract: "clinic", budget: 20 });
    expect(probed.isError).toBe(false);
    expect(probed.json.drift).toContainEqual(
      expect.objectContaining({ operationId: "listPets", pointer: "/0/name", actual: "42" }),
    );
    expect(probed.json.file).toBe(".cache/drift/clinic.json");
    expect(loopback.seen.length).toBeGreaterThan(0);
    expect(loopback.seen.every((request) => /^(GET|HEAD) \/api\//.test(request.line))).toBe(true);
    expect(loopback.seen.every((request) => request.authorization === SECRET)).toBe(true);

    const report = await mcp.call<{ driftCount: number; baseUrl: string }>("drift_report", { contract: "clinic" });
    expect(report.json).toMatchObject({ driftCount: probed.json.driftCount, baseUrl: loopback.url });
    expect(probed.text + report.text + mcp.stderr()).not.toContain("mcp-test-credential");
    expect(readFileSync(join(REPO, ".cache/drift/clinic.json"), "utf8")).not.toContain("mcp-test-credential");

    const notHttp = await mcp.call("probe", { url: "file:///etc/passwd" });
    expect(notHttp).toMatchObject({ isError: true, text: "url: file: is not http: or https:." });
    const withCredentials = await mcp.call("probe", { url: `http://admin:hunter2@127.0.0.1:1/` });
    expect(withCredentials.text).toBe(
      "url: carries credentials; set CONTRACT_PROBE_AUTHORIZATION in the server's environment instead.",
    );
    const none = await mcp.call("drift_report", { contract: "example" });
    expect(none.json).toMatchObject({ report: null });
  });

  it("serves each contract's document and manifest, and no file outside the contract's folder", async () => {
    const document = await mcp.client.readResource({ uri: "contract://clinic/document" });
    expect(document.contents[0]).toMatchObject({
      uri: "contract://clinic/document",
      mimeType: "application/yaml",
      text: readFileSync(join(REPO, "tests/contracts/clinic/openapi.yaml"), "utf8"),
    });
    const manifest = await mcp.client.readResource({ uri: "contract://clinic/manifest" });
    expect(manifest.contents[0]).toMatchObject({
      text: readFileSync(join(REPO, "tests/contracts/clinic/generated/manifest.json"), "utf8"),
    });
    const file = await mcp.client.readResource({ uri: "contract://clinic/file/openapi.yaml" });
    expect(file.contents[0]).toHaveProperty(
      "text",
      readFileSync(join(REPO, "tests/contracts/clinic/openapi.yaml"), "utf8"),
    );
    for (const uri of [
      "contract://clinic/file/..%2F..%2F..%2Fpackage.json",
      "contract://clinic/file/generated%2F..%2F..%2F..%2F..%2F.mcp.json",
      "contract://clinic/file/fixtures.ts",
    ]) {
      await expect(mcp.client.readResource({ uri }), uri).rejects.toThrow(
        /path: .* is not a file of the clinic contract/,
      );
    }
    await expect(mcp.client.readResource({ uri: "contract://clinic/document?part=2" })).rejects.toThrow(
      "part: 2 is not a part of this text; it has parts 1 to 1.",
    );
    await expect(mcp.client.readResource({ uri: "contract://nope/manifest" })).rejects.toThrow(
      /contract: the registry/,
    );
  });

  it("writes the build-screen prompt in the repository's conventions", async () => {
    const text = await mcp.prompt("build-screen", { operationId: "getPet", contract: "clinic" });
    expect(text).toContain("## 1. The screen: src/features/pets/get-pet-screen.tsx");
    expect(text).toContain('const pet = hooks.useQuery("get", "/pets/{petId}", { params: { path: { petId } } });');
    expect(text).toContain('parameters: { msw: { handlers: [fixtures.respond("getPet", 404)] } }');
    expect(text).toContain('globals: { scenario: "slow" }');
    expect(text).toContain("## 3. The stories: src/features/pets/get-pet-screen.stories.tsx");
    expect(text).toContain('import type { Meta, StoryObj } from "@storybook/react-vite";');
    expect(text).toContain('const expected = fixtures.fixture("getPet", 200).name;');
    expect(text).toContain("export const NotFound: Story = {");
    expect(text).toMatch(/play: async \(\{ canvasElement \}\) => \{/);
    await expect(
      mcp.client.getPrompt({ name: "build-screen", arguments: { operationId: "nope", contract: "clinic" } }),
    ).rejects.toThrow(/operationId: the clinic contract has no operation "nope"/);
  });

  it("wrote nothing but the protocol on stdout", () => {
    expect(mcp.errors).toEqual([]);
    expect(mcp.stderr()).toContain("mcp: serving the contracts of");
  });
});
