import { describe, expect, it } from "vitest";
import { createFixtures } from "@contract-workbench/workbench/fixtures";
import { loadContract, VENDOR_SHAPES } from "#workbench/fixtures/test-contracts.ts";
import type { ContractOperation } from "@contract-workbench/workbench/contract";
import { galleryExchanges } from "./corpus-gallery.ts";

const loaded = await loadContract(VENDOR_SHAPES);
/** The test contract's own story no request can call: createIssue 201 (Jira's body). */
const UNSENDABLE = 1;
const templates = await loadContract("tests/contracts/path-templates/openapi.yaml");

/** A copy of the test contract whose operation `id` takes a required body of one media type and schema. */
function withRequestBody(id: string, mediaType: string, schema: Record<string, unknown>) {
  const manifest = structuredClone(loaded.manifest);
  const contract = structuredClone(loaded.contract);
  (contract.operations[id] as ContractOperation).requestBody = {
    required: true,
    content: { [mediaType]: { schema, examples: [] } },
  };
  return { manifest, contract };
}

describe("bench:corpus, the gallery stories' exchanges", () => {
  it("checks every story but a stream's, and finds nothing wrong where each gets its own answer (shared URLs included)", async () => {
    const { stories, unsendable, failures } = await galleryExchanges(
      loaded.manifest,
      createFixtures(loaded.manifest, loaded.contract),
    );
    const streams = loaded.manifest.operations.flatMap((operation) =>
      operation.responses.flatMap((response) => response.streams ?? []),
    );
    expect(stories).toBe(loaded.manifest.operations.reduce((sum, operation) => sum + operation.responses.length, 0));
    expect(unsendable).toBe(UNSENDABLE);
    expect(streams).toEqual([]);
    expect(failures).toEqual([]);
  });

  it("reads path keys as real contracts write them back, and shows a story whose path parameter no value satisfies as unsendable", async () => {
    // Two parameters in a segment, templates in the key's query, a parameter only its fragment names.
    const fixtures = createFixtures(templates.manifest, templates.contract);
    const { failures, unsendable } = await galleryExchanges(templates.manifest, fixtures);
    expect(failures).toEqual([]);
    expect(unsendable).toBe(1);
    expect(fixtures.sampleRequest("getVerse").unsendable).toEqual([
      expect.stringMatching(/^no value satisfies the schema of its path parameter `verse`: the enum \[1, 2, 3\]/),
    ]);
  });

  it("sends what the gallery can send: no body with a GET, no Content-Type the contract lists as a parameter", async () => {
    // Vendors' shapes (GitLab's GET with a body, Amazon's required `Content-Type` header parameter).
    const { manifest, contract } = withRequestBody("listApplications", "application/json", { type: "object" });
    const list = contract.operations.listApplications as ContractOperation;
    list.parameters.push({ name: "Content-Type", in: "header", required: true, schema: { type: "string" } });
    const fixtures = createFixtures(manifest, contract);
    expect(fixtures.sampleRequest("listApplications")).toEqual({ params: {} });
    expect((await galleryExchanges(manifest, fixtures)).failures).toEqual([]);
  });

  it("answers each of one URL written twice with other parameter names (Xero's attachments by id and by name)", async () => {
    const manifest = structuredClone(loaded.manifest);
    const contract = structuredClone(loaded.contract);
    const byId = manifest.operations.find((operation) => operation.operationId === "getDirectoryApplication")!;
    manifest.operations.push({
      ...byId,
      operationId: "getDirectoryApplicationByName",
      path: "/directory/applications/{name}",
      parameters: byId.parameters.map((parameter) => ({ ...parameter, name: "name" })),
    });
    const operation = contract.operations.getDirectoryApplication as ContractOperation;
    contract.operations.getDirectoryApplicationByName = {
      ...operation,
      parameters: operation.parameters.map((parameter) => ({ ...parameter, name: "name" })),
    };
    operation.parameters = operation.parameters.map((parameter) => ({
      ...parameter,
      schema: { type: "string", format: "uuid" },
    }));
    expect((await galleryExchanges(manifest, createFixtures(manifest, contract))).failures).toEqual([]);
  });

  it("fails a story another operation answers, naming both", async () => {
    // A parameter whose only value spells a literal path beside it: the literal path is matched.
    const manifest = structuredClone(loaded.manifest);
    const contract = structuredClone(loaded.contract);
    const template = manifest.operations.find((operation) => operation.operationId === "getDirectoryApplication")!;
    manifest.operations.push({ ...template, operationId: "getOwnApplication", path: "/directory/applications/own" });
    const operation = contract.operations.getDirectoryApplication as ContractOperation;
    contract.operations.getOwnApplication = { ...operation, parameters: [] };
    operation.parameters = operation.parameters.map((parameter) => ({ ...parameter, schema: { const: "own" } }));
    const { failures } = await galleryExchanges(manifest, createFixtures(manifest, contract));
    expect(failures).toEqual([
      "getDirectoryApplication 200: answered by another operation, getOwnApplication, and checked against its schemas",
    ]);
  });

  /** The stories of `id` and what its sample request says of them, after the gallery's exchanges. */
  async function unsendableStories(manifest: typeof loaded.manifest, contract: typeof loaded.contract, id: string) {
    const fixtures = createFixtures(manifest, contract);
    const { failures, unsendable } = await galleryExchanges(manifest, fixtures);
    const stories = manifest.operations.find((operation) => operation.operationId === id)!.responses.length;
    return { failures, unsendable, stories, reasons: fixtures.sampleRequest(id).unsendable };
  }

  it("shows a story whose form body's schema is not an object as unsendable, and sends nothing (a translator's file upload)", async () => {
    const { manifest, contract } = withRequestBody("createUpload", "multipart/form-data", {
      type: "string",
      minLength: 3,
    });
    const { failures, unsendable, stories, reasons } = await unsendableStories(manifest, contract, "createUpload");
    expect(failures).toEqual([]);
    expect(unsendable).toBe(stories + UNSENDABLE);
    expect(reasons).toEqual([
      "its multipart/form-data request body's schema is not an object, and a form sends named fields",
    ]);
  });

  it("shows a story whose required body no value satisfies as unsendable, with the place (a Java `\\p{XDigit}` pattern)", async () => {
    const { manifest, contract } = withRequestBody("createUpload", "application/json", {
      type: "string",
      pattern: "^\\p{XDigit}{8}$",
      maxLength: 8,
    });
    const { failures, unsendable, stories, reasons } = await unsendableStories(manifest, contract, "createUpload");
    expect(failures).toEqual([]);
    expect(unsendable).toBe(stories + UNSENDABLE);
    expect(reasons).toEqual([
      expect.stringMatching(
        /^its request body cannot be sent, since no value satisfies its schema: the pattern at #\/operations\/createUpload\/requestBody\/\S+\/pattern/,
      ),
    ]);
  });

  it("sends an optional body no value satisfies as no body, and checks the exchange", async () => {
    const { manifest, contract } = withRequestBody("createUpload", "application/json", {
      type: "string",
      pattern: "^\\p{XDigit}{8}$",
      maxLength: 8,
    });
    (contract.operations.createUpload as ContractOperation).requestBody!.required = false;
    const { failures, unsendable, reasons } = await unsendableStories(manifest, contract, "createUpload");
    expect({ failures, unsendable, reasons }).toEqual({ failures: [], unsendable: UNSENDABLE, reasons: undefined });
  });

  it("shows a story whose required query is a list of objects with no properties as unsendable (Mastodon's `timeline`)", async () => {
    const manifest = structuredClone(loaded.manifest);
    const contract = structuredClone(loaded.contract);
    const schema = { type: "array", items: { type: "object" } };
    (contract.operations.listApplications as ContractOperation).parameters.push({
      name: "timeline",
      in: "query",
      required: true,
      schema,
    });
    const { failures, unsendable, stories, reasons } = await unsendableStories(manifest, contract, "listApplications");
    expect(failures).toEqual([]);
    expect(unsendable).toBe(stories + UNSENDABLE);
    expect(reasons).toEqual([
      'the query parameter "timeline" is a list of objects that declare no properties, which puts nothing in a query',
    ]);
  });

  it("leaves out an optional response header no value satisfies, and proves the status unsatisfiable where it is required (Pendo's 410)", async () => {
    const outcome = async (required: boolean) => {
      const manifest = structuredClone(loaded.manifest);
      const contract = structuredClone(loaded.contract);
      const { status } = manifest.operations.find((operation) => operation.operationId === "listApplications")!
        .responses[0]!;
      const response = (contract.operations.listApplications as ContractOperation).responses[status]!;
      response.headers = { ...response.headers, status: { required, schema: { type: "integer", enum: ["410"] } } };
      const fixtures = createFixtures(manifest, contract);
      const { failures } = await galleryExchanges(manifest, fixtures);
      return { failures, unsatisfiable: fixtures.unsatisfiable("listApplications", status) };
    };
    expect(await outcome(false)).toEqual({ failures: [], unsatisfiable: undefined });
    // As a body no value satisfies: the pair is counted proven unsatisfiable, the contract's own, and fails nothing.
    const required = await outcome(true);
    expect(required.failures).toEqual([]);
    expect(required.unsatisfiable).toMatch(/^the enum \["410"\] .*\(its required header status\)$/);
  });
});
