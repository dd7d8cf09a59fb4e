import { describe, expect, it } from "vitest";
import { createFixtures } from "../../workbench/fixtures/contract-fixtures.ts";
import { loadContract, VENDOR_SHAPES } from "../../workbench/fixtures/test-contracts.ts";
import type { ContractOperation } from "../../workbench/contract/contract-types.ts";
import { galleryExchanges } from "./corpus-gallery.ts";

const loaded = await loadContract(VENDOR_SHAPES);

describe("bench:corpus, the gallery stories' exchanges", () => {
  it("checks every story but a stream's, and finds nothing wrong where each gets its own answer (shared URLs included)", async () => {
    const { stories, failures } = await galleryExchanges(
      loaded.manifest,
      createFixtures(loaded.manifest, loaded.contract),
    );
    const streams = loaded.manifest.operations.flatMap((operation) =>
      operation.responses.flatMap((response) => response.streams ?? []),
    );
    expect(stories).toBe(loaded.manifest.operations.reduce((sum, operation) => sum + operation.responses.length, 0));
    expect(streams).toEqual([]);
    expect(failures).toEqual([]);
  });

  it("sends what the gallery can send: no body with a GET, no Content-Type the contract lists as a parameter", async () => {
    // Vendors' shapes (GitLab's GET with a body, Amazon's required `Content-Type` header parameter).
    const manifest = structuredClone(loaded.manifest);
    const contract = structuredClone(loaded.contract);
    const list = contract.operations.listApplications as ContractOperation;
    list.requestBody = {
      required: true,
      content: { "application/json": { schema: { type: "object" }, examples: [] } },
    };
    list.parameters.push({ name: "Content-Type", in: "header", required: true, schema: { type: "string" } });
    const fixtures = createFixtures(manifest, contract);
    expect(fixtures.sampleRequest("listApplications")).toEqual({ params: {} });
    expect((await galleryExchanges(manifest, fixtures)).failures).toEqual([]);
  });

  it("fails a story another operation answers, naming both", async () => {
    // One URL written twice with other parameter names: a request for the second is the first's.
    const manifest = structuredClone(loaded.manifest);
    const contract = structuredClone(loaded.contract);
    const first = manifest.operations.find((operation) => operation.operationId === "getDirectoryApplication")!;
    manifest.operations.push({
      ...first,
      operationId: "getDirectoryApplicationAgain",
      path: "/directory/applications/{appId}",
      parameters: first.parameters.map((parameter) => ({ ...parameter, name: "appId" })),
    });
    const operation = contract.operations.getDirectoryApplication as ContractOperation;
    contract.operations.getDirectoryApplicationAgain = {
      ...operation,
      parameters: operation.parameters.map((parameter) => ({ ...parameter, name: "appId" })),
    };
    const { failures } = await galleryExchanges(manifest, createFixtures(manifest, contract));
    expect(failures).toEqual([
      "getDirectoryApplicationAgain 200: answered by another operation, getDirectoryApplication, and checked against its schemas",
    ]);
  });
});
