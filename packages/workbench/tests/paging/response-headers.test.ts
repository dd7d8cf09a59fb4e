// The headers a mocked response sends are checked against the schemas the contract declares
// for them, as bodies are: the stateful fixtures' `Link` and `X-Total-Count` keep them, and
// a hand-written answer that breaks one is reported, naming the operation, status and header.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import { createFixtures } from "@contract-workbench/workbench/fixtures";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import contract from "../../../../tests/contracts/clinic/generated/contract.json";
import manifest from "../../../../tests/contracts/clinic/generated/manifest.json";

const clinic = createFixtures(manifest as Manifest, contract as unknown as ContractSchemas);
const server = setupServer();

describe("declared response headers", () => {
  beforeAll(() => {
    clinic.observe(server.events);
    server.listen({ onUnhandledFrame: "error" });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it("keeps the schemas of the headers the stateful fixtures send", async () => {
    server.use(...clinic.handlers);
    const response = await fetch("http://api.test/api/pets?limit=2");
    expect(response.headers.get("Link")).toMatch(/rel="next"/);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(3);
    await clinic.settled();
    expect(clinic.session.takeProblems()).toEqual([]);
  });

  it("reports a header that breaks its schema", async () => {
    server.use(
      http.get("*/api/pets", () =>
        HttpResponse.json([], { headers: { "X-Total-Count": "-3", Link: "x".repeat(2001) } }),
      ),
    );
    await fetch("http://api.test/api/pets");
    await clinic.settled();
    const problems = clinic.session.takeProblems().join("\n");
    expect(problems).toMatch(/listPets → 200 response header at X-Total-Count/);
    expect(problems).toMatch(/listPets → 200 response header at Link/);
  });
});
