// Query parameters in the styles a contract declares (tests/contracts/query-styles/openapi.yaml),
// written by the app's own client and read back by the default fixtures in Node: objects and
// lists of objects `form` exploded (Amazon's query protocol), a nested `deepObject`, a
// `pipeDelimited` list, `allowReserved`. Every exchange is checked as strictly as anywhere else.
import { describe, expect, it } from "vitest";
import { loadContract } from "../../src/fixtures/test-contracts.ts";
import { throughTheClient } from "./through-the-client.ts";

const BASE = "http://api.test/v1";
const loaded = await loadContract("tests/contracts/query-styles/openapi.yaml");

/** The query of the one request sent, decoded, in order. */
const sentQuery = (sent: Request[]) => [...new URL(sent[0]?.url ?? BASE).searchParams.entries()];

describe("query parameters in their declared styles", () => {
  const { fixtures, client, sent, violations } = throughTheClient(loaded, BASE);

  it("carries each parameter's non-default style, explode and allowReserved in the manifest", () => {
    const search = loaded.manifest.operations.find((operation) => operation.operationId === "searchItems");
    expect(search?.parameters).toEqual([
      { name: "filter", in: "query", required: true, style: "deepObject", explode: true },
      { name: "ids", in: "query", required: false, style: "pipeDelimited" },
      { name: "prefix", in: "query", required: false, allowReserved: true },
    ]);
  });

  it("writes a form-exploded object as its members' own fields", async () => {
    const { response } = await client.GET("/bundles", {
      params: { query: { location: { bucket: "b1", key: "k/1" } } },
    });
    expect(response.status).toBe(200);
    expect(sentQuery(sent)).toEqual([
      ["bucket", "b1"],
      ["key", "k/1"],
    ]);
    expect(await violations()).toEqual([]);
  });

  it("writes a form-exploded list of objects bracketed by index, read back as the list", async () => {
    const { response } = await client.GET("/sources", {
      params: { query: { sources: [{ identifier: "tg-1", weight: 2 }, { identifier: "tg-2" }] } },
    });
    expect(response.status).toBe(200);
    expect(sentQuery(sent)).toEqual([
      ["sources[0][identifier]", "tg-1"],
      ["sources[0][weight]", "2"],
      ["sources[1][identifier]", "tg-2"],
    ]);
    expect(await violations()).toEqual([]);
  });

  it("writes a nested deepObject, a pipeDelimited list and reserved characters as declared", async () => {
    const { response } = await client.GET("/items", {
      params: { query: { filter: { owner: { name: "ann" }, tags: ["x", "y"] }, ids: [1, 2], prefix: "docs/2024" } },
    });
    expect(response.status).toBe(200);
    expect(sentQuery(sent)).toEqual([
      ["filter[owner][name]", "ann"],
      ["filter[tags][0]", "x"],
      ["filter[tags][1]", "y"],
      ["ids", "1|2"],
      ["prefix", "docs/2024"],
    ]);
    expect(new URL(sent[0]?.url ?? BASE).search).toContain("prefix=docs/2024");
    expect(await violations()).toEqual([]);
  });

  it("sends each gallery story's sample request so that the fixtures read every required parameter back", async () => {
    for (const operation of loaded.manifest.operations) {
      const sample = fixtures.sampleRequest(operation.operationId);
      // A list of objects is written by its members' names: nothing here is unsendable.
      expect(sample.unsendable, operation.operationId).toBeUndefined();
      const { response } = await client.GET(operation.path, { params: sample.params });
      expect(response.status, operation.operationId).toBe(200);
    }
    expect(await violations()).toEqual([]);
  });
});
