// Path keys as real contracts write them (tests/contracts/path-templates/openapi.yaml), called
// through the app's own client and read back by the default fixtures in Node: two parameters in
// one segment, a query in the path key, an array path parameter. Every exchange is checked.
import { describe, expect, it } from "vitest";
import { loadContract } from "../../src/fixtures/test-contracts.ts";
import { throughTheClient } from "./through-the-client.ts";

const BASE = "http://api.test/v1";
const loaded = await loadContract("tests/contracts/path-templates/openapi.yaml");

describe("path templates as real contracts write them", () => {
  const { fixtures, client, sent, violations } = throughTheClient(loaded, BASE);

  it("splits a segment holding two parameters by the one whose enum names its values", async () => {
    const { response } = await client.GET("/profiles/{id}{mediaTypeExtension}", {
      params: { path: { id: "p-7.v2", mediaTypeExtension: ".json" } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/profiles/p-7.v2.json`);
    expect(fixtures.operationFor(new Request(`${BASE}/profiles/p-7.v2.json`))).toBe("getProfile");
    expect(await violations()).toEqual([]);
  });

  it("sends a query template's parameter once, from the call's query, and reads it back", async () => {
    const { response } = await client.GET("/search/articles?query={query}", {
      params: { query: { query: "startup" } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/search/articles?query=startup`);
    expect(await violations()).toEqual([]);
  });

  it("fills a path parameter the path key puts in its query, and reads it back from there", async () => {
    const { response } = await client.GET("/users/{userid}/pic?key={APIKEY}", {
      params: { path: { userid: "u1", APIKEY: "k-1" } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/users/u1/pic?key=k-1`);
    expect(await violations()).toEqual([]);
  });

  it("fills a template in a query name of the path key, and reads it back from the pair that fits", async () => {
    const { response } = await client.GET("/numbers/search/{country}?{search}=1&{search_type}=2", {
      params: { path: { country: "US", search: "88", search_type: 1 } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/numbers/search/US?88=1&1=2`);
    expect(await violations()).toEqual([]);
  });

  it("reads an array path parameter back in its declared style", async () => {
    const { response } = await client.GET("/agents/{agentNum}/values/{objects}", {
      params: { path: { agentNum: 2, objects: ["sysDescr", "ifIndex"] } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/agents/2/values/sysDescr,ifIndex`);
    expect(await violations()).toEqual([]);
  });

  it("reads a list path parameter at the delimiters written as is, an escaped one inside an item", async () => {
    const { response } = await client.GET("/agents/{agentNum}/tables/{columns}", {
      params: { path: { agentNum: 2, columns: [["ifIndex", "ifDescr"], ["sysDescr"]] } },
    });
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/agents/2/tables/ifIndex%2CifDescr,sysDescr`);
    expect(await violations()).toEqual([]);
    await client.GET("/agents/{agentNum}/values/{objects}", {
      params: { path: { agentNum: 2, objects: ["sysDescr,ifIndex"] } },
    });
    // One item holding a comma, which the enum refuses: read as one item, not as two.
    expect(await violations()).toEqual([
      `getValues request path at objects: expected at least 2 items, got ["sysDescr,ifIndex"]`,
      `getValues request path at objects/0: expected one of ["sysDescr","sysUpTime","ifIndex"], got "sysDescr,ifIndex"`,
    ]);
  });

  it("leaves out each path parameter the template lacks, one located warning each, so no caller is asked for it", async () => {
    const exportHistory = loaded.manifest.operations.find((operation) => operation.operationId === "exportHistory");
    expect(exportHistory?.parameters).toEqual([]);
    const unused = loaded.warnings?.filter((warning) => warning.rule === "unused-path-parameter");
    expect(unused?.map(({ file, pointer, message }) => ({ file, pointer, message: message.slice(0, 30) }))).toEqual(
      ["filename", "format"].map((name, index) => ({
        file: "tests/contracts/path-templates/openapi.yaml",
        pointer: `#/paths/~1exports~1history/get/parameters/${index}/name`,
        message: `The path parameter \`${name}\` is de`.slice(0, 30),
      })),
    );
    const { response } = await client.GET("/exports/history", {});
    expect(response.status).toBe(200);
    expect(await violations()).toEqual([]);
  });

  it("leaves out a path parameter only the key's fragment names, with a located warning", async () => {
    const transfer = loaded.manifest.operations.find((operation) => operation.operationId === "createTransfer");
    expect(transfer?.parameters).toEqual([]);
    expect(loaded.warnings?.filter((warning) => warning.rule === "unsent-path-parameter")).toEqual([
      expect.objectContaining({
        file: "tests/contracts/path-templates/openapi.yaml",
        line: expect.any(Number) as number,
        pointer: "#/paths/~1send~1#env~1v1~1partners~1{partnerId}~1transfer/post/parameters/0/name",
      }),
    ]);
    const { response } = await client.POST("/send/#env/v1/partners/{partnerId}/transfer", {});
    expect(response.status).toBe(200);
    expect(sent[0]?.url).toBe(`${BASE}/send/`);
    expect(await violations()).toEqual([]);
  });

  it("reads a query template as its query parameter's place, never as a path parameter", () => {
    const search = loaded.manifest.operations.find((operation) => operation.operationId === "searchArticles");
    expect(search?.parameters).toEqual([{ name: "query", in: "query", required: true }]);
    const rules = loaded.warnings?.map((warning) => warning.rule);
    expect(rules).not.toContain("undeclared-path-parameter");
    expect(loaded.warnings?.find((warning) => warning.rule === "query-template-in-path-key")).toMatchObject({
      file: "tests/contracts/path-templates/openapi.yaml",
      pointer: "#/paths/~1search~1articles?query={query}/get/parameters",
    });
  });

  it("names a path parameter no value satisfies in the sample request, which leaves it out", () => {
    const sample = fixtures.sampleRequest("getVerse");
    expect(sample.params.path).toEqual({ chapter: expect.any(Number) as number });
    expect(sample.unsendable).toEqual([
      expect.stringMatching(
        /^no value satisfies the schema of its path parameter `verse`: the enum \[1, 2, 3\] at #\/operations\/getVerse\/parameters\/1\/schema\/enum/,
      ),
    ]);
  });

  it("sends each gallery story's sample request so that the fixtures read every parameter back", async () => {
    for (const operation of loaded.manifest.operations) {
      const sample = fixtures.sampleRequest(operation.operationId);
      if (sample.unsendable !== undefined) continue;
      const call = client[operation.method.toUpperCase() as "GET" | "POST"];
      const { response } = await call(operation.path, { params: sample.params });
      expect(response.status, operation.operationId).toBe(200);
    }
    expect(await violations()).toEqual([]);
  });
});
