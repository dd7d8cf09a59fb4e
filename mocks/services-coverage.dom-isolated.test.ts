// Contract coverage of the services' documents (identity, analytics), recorded as
// tests/setup/dom.ts installs the recorder (packages/workbench/src/coverage/coverage-recorder.ts): what
// a test receives from a service's fixtures is kept on its meta under the service's name,
// for the sections of `npm run coverage:contract`.
import { describe, expect, it } from "vitest";
import { loadIdentity } from "@/features/identity/auth.ts";
import { analyticsFixtures } from "./analytics/fixtures.ts";
import { identity } from "./identity/fixtures.ts";
import { server } from "./node.ts";

const ADA = { email: "ada@example.com", password: "Analytical1" };

async function sdk() {
  const loaded = await loadIdentity();
  if (!loaded) throw new Error("[services-coverage test] the identity SDK did not load");
  return loaded;
}

describe("contract coverage of the services' documents", () => {
  it("records what a test received from the identity provider's fixtures, under `identity`", async ({ task }) => {
    const identitySdk = await sdk();
    await expect(identitySdk.signIn(ADA.email, "not-her-password")).rejects.toThrow();
    const user = await identitySdk.signIn(ADA.email, ADA.password);
    await user.getIdToken(true);
    await identitySdk.signOut();
    await identity.settled();
    expect(task.meta.contractCoverage).toEqual([
      { contract: "identity", operationId: "signInWithPassword", status: "400" },
      { contract: "identity", operationId: "signInWithPassword", status: "200" },
      // The SDK looks the account up after signing in.
      { contract: "identity", operationId: "lookupAccount", status: "200" },
      { contract: "identity", operationId: "refreshToken", status: "200" },
    ]);
  });

  it("records an analytics start-up call under `analytics` once the test observes those fixtures", async ({ task }) => {
    const detach = analyticsFixtures.observe(server.events);
    server.use(...analyticsFixtures.handlers);
    try {
      // The call the analytics SDK makes first (mocks/analytics/firebase-analytics.openapi.yaml).
      const response = await fetch(
        "https://firebase.googleapis.com/v1alpha/projects/-/apps/1:000000000000:web:0000000000000000000000/webConfig",
        { headers: { "x-goog-api-key": "demo-api-key" } },
      );
      expect(response.status).toBe(200);
      await analyticsFixtures.settled();
    } finally {
      detach();
    }
    expect(task.meta.contractCoverage).toEqual([{ contract: "analytics", operationId: "getWebConfig", status: "200" }]);
  });

  it("records nothing for a test that calls no fixtures", ({ task }) => {
    expect(task.meta.contractCoverage).toEqual([]);
  });
});
