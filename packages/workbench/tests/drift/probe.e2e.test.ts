// The probe against real servers on loopback: Prism serving an older version of the drift
// tests' contract (the drifts are real, nobody here planted them), and a server of our own
// that departs from the contract once for each kind of drift, or is not there. The hostile
// servers (silent, endless, huge, redirecting, rate-limiting) are hostile.e2e.test.ts's.
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe, type ProbeResult } from "@contract-workbench/workbench/drift";
import { loadContract, startPrism } from "./drift-contract.ts";
import { startDriftServer, type DriftKind } from "./drift-server.ts";

let manifest: Manifest;
let contract: ContractSchemas;
beforeAll(async () => {
  ({ manifest, contract } = await loadContract());
});

/** The report as operation, status, place and pointer: what each drift is, without its wording. */
function kinds(result: ProbeResult): string[] {
  return result.drift
    .map((entry) => `${entry.operationId} ${entry.status ?? "-"} ${entry.place} ${entry.pointer}`)
    .sort();
}

async function probeServer(drifts: readonly DriftKind[] = []) {
  const server = await startDriftServer({ drifts });
  try {
    const result = await probe({
      baseUrl: server.url,
      manifest,
      contract,
      timeoutMs: 1_500,
      maxBodyBytes: 1024 * 1024,
    });
    return { result, hits: server.hits };
  } finally {
    await server.close();
  }
}

describe("the probe against a server of our own", () => {
  it("finds nothing on a server that keeps the contract, having called the list and then an item by an id it listed", async () => {
    const { result, hits } = await probeServer();
    expect(result.drift).toEqual([]);
    expect(hits).toEqual(["GET /api/pets?species=cat", "GET /api/pets/p-1"]);
    expect(result.skipped.map((skip) => skip.operationId).sort()).toEqual(["createPet", "signIn"]);
  });

  it("does not send a request its own values would make break the contract", async () => {
    // An id from the list that the item's path parameter does not accept.
    const strict = structuredClone(contract);
    const parameter = strict.operations.getPet?.parameters[0];
    if (parameter) parameter.schema = { type: "string", pattern: "^q-" };
    const server = await startDriftServer();
    try {
      const result = await probe({ baseUrl: server.url, manifest, contract: strict });
      expect(server.hits).toEqual(["GET /api/pets?species=cat"]);
      expect(result.drift).toEqual([]);
      expect(result.skipped).toContainEqual({
        operationId: "getPet",
        reason: 'no valid value for the request path petId: expected a match for /^q-/, had "p-1"',
      });
    } finally {
      await server.close();
    }
  });

  const planted: Array<[DriftKind, string]> = [
    ["undeclared status", "getPet 418 response status "],
    ["missing required property", "getPet 200 response body /name"],
    ["wrong type", "getPet 200 response body /age"],
    ["undeclared media type", "listPets 200 response media type "],
    ["missing declared header", "listPets 200 response header X-Total-Count"],
  ];
  it.each(planted)("reports a planted %s, and only it", async (kind, expected) => {
    const { result } = await probeServer([kind]);
    expect(kinds(result)).toEqual([expected]);
  });

  it("says what was expected and what came", async () => {
    const server = await startDriftServer({ drifts: ["wrong type"] });
    try {
      const first = await probe({ baseUrl: server.url, manifest, contract });
      expect(first.drift).toMatchObject([{ pointer: "/age", expected: "type integer", actual: '"3"', count: 1 }]);
    } finally {
      await server.close();
    }
  });
});

describe("the probe against a server that is not there", () => {
  it("says in one line that nothing listens, and stops", async () => {
    const server = await startDriftServer();
    const url = server.url;
    await server.close();
    const result = await probe({ baseUrl: url, manifest, contract });
    expect(result.stopped).toMatch(/^http:\/\/127\.0\.0\.1:\d+: cannot connect \(ECONNREFUSED\)$/);
    expect(result.requests).toBe(1);
  });

  it("says the server speaks no TLS when asked for https", async () => {
    const server = await startDriftServer();
    try {
      const result = await probe({ baseUrl: server.url.replace("http:", "https:"), manifest, contract });
      expect(result.stopped ?? result.calls[0]?.problem).toMatch(/TLS error|connection failed/);
    } finally {
      await server.close();
    }
  });
});

describe("the probe against Prism serving an older version of the contract", () => {
  let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
  beforeAll(async () => {
    prism = await startPrism("tests/contracts/drift/server-v1.yaml");
  }, 70_000);
  afterAll(() => prism?.stop());

  it("reports what changed between the versions", async () => {
    const result = await probe({ baseUrl: prism!.url, manifest, contract });
    expect(kinds(result)).toEqual([
      "getPet 200 response body /age",
      "getPet 200 response body /name",
      "listPets 200 response body ",
      "listPets 200 response header X-Total-Count",
    ]);
  });
});
