// The drift check on exchanges with a real server on loopback: the requests the app gets
// wrong, the report's one entry per disagreement with its count, and no secret in any of it.
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDriftCheck, type DriftCheck } from "@contract-workbench/workbench/drift";
import { createDriftReport, formatDrift } from "@contract-workbench/workbench/drift";
import { loadContract } from "./drift-contract.ts";
import { SECRETS, startDriftServer, type DriftServer } from "./drift-server.ts";

let manifest: Manifest;
let contract: ContractSchemas;
let check: DriftCheck;
let server: DriftServer;
beforeAll(async () => {
  ({ manifest, contract } = await loadContract());
  check = createDriftCheck({ manifest, contract });
  server = await startDriftServer({ drifts: ["secret in a wrong value", "wrong type"] });
});
afterAll(() => server.close());

/** Sends a request to the server as the app would, and checks the exchange. */
async function exchange(path: string, init: RequestInit = {}) {
  const request = new Request(`${server.url}${path}`, init);
  const response = await fetch(request.clone());
  return { drifts: await check.check(request, response), response };
}

describe("the drift check on real exchanges", () => {
  it("reports the request the app got wrong, leaving the exchange as it was", async () => {
    const { drifts, response } = await exchange("/pets", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "p-9", name: "?", age: 0 });
    expect(drifts?.map((drift) => `${drift.place} ${drift.pointer} ${drift.expected}`).sort()).toEqual([
      "request body /age a value (required)",
      "request body /name at least 1 characters",
    ]);
  });

  it("reports a request's missing required query parameter", async () => {
    const { drifts } = await exchange("/pets");
    expect(drifts).toMatchObject([{ operationId: "listPets", place: "request query", pointer: "species" }]);
  });

  it("says nothing of requests for no operation of the contract", async () => {
    expect((await exchange("/elsewhere")).drifts).toBeUndefined();
  });

  it("never shows a credential: not the token in a wrong value, not the password sent", async () => {
    const { drifts } = await exchange("/session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: SECRETS.authorization, Cookie: SECRETS.cookie },
      body: JSON.stringify({ email: "not an email", password: [SECRETS.password] }),
    });
    expect(drifts?.map((drift) => `${drift.place} ${drift.pointer} ${drift.actual}`).sort()).toEqual([
      'request body /email "not an email"',
      "request body /password [hidden]",
      "response body /idToken [hidden]",
    ]);
    const text = JSON.stringify(drifts);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });

  it("counts a disagreement seen again instead of listing it twice", async () => {
    const report = createDriftReport();
    const first = await exchange("/pets/p-1");
    const second = await exchange("/pets/p-2");
    expect(report.add(first.drifts ?? [])).toHaveLength(1);
    expect(report.add(second.drifts ?? [])).toEqual([]);
    expect(report.entries().map(formatDrift)).toEqual([
      'GET /pets/{petId} (getPet) → 200 response body at /age: expected type integer, got "3" (×2)',
    ]);
  });
});
