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
