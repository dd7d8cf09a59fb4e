import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import type { paths } from "../../../tests/contracts/clinic/generated/schema.d.ts";
import { clinicManifest } from "../../../tests/contracts/clinic/fixtures.ts";
import { createApiClient } from "./client.ts";
import { server } from "../../../mocks/node.ts";
import { setTokenSource, type TokenSource } from "./session.ts";

// The gallery's test contract: deletePet requires `bearer`, getPet needs nothing.
const API = "https://api.clinic.test/api";
const client = createApiClient<paths>({ baseUrl: API, operations: clinicManifest.operations });
const pet = { id: 7, name: "Rex", species: "dog" };

/** A token source like the identity feature's: a counter of refreshes, tokens t0, t1, … */
function tokens(options: { refreshesTo?: (n: number) => string | null } = {}) {
  const state = { current: "t0" as string | null, refreshes: 0, expired: 0 };
  const source: TokenSource = {
    getToken: async (forceRefresh) => {
      if (forceRefresh) {
        state.refreshes += 1;
        // A refresh takes a moment: parallel 401s must find it in flight.
        await new Promise((resolve) => setTimeout(resolve, 20));
        state.current = options.refreshesTo ? options.refreshesTo(state.refreshes) : `t${state.refreshes}`;
      }
      return state.current;
    },
    onExpired: () => {
      state.expired += 1;
    },
  };
  const clear = setTokenSource(source);
  return { state, clear };
}

let clearSource: (() => void) | undefined;
afterEach(() => clearSource?.());

/**
 * Records the Authorization header of every request to the API and answers 401 unless
 * `accepted`, the first answer to pet `n` after `delays[n]` ms.
 */
function api(accepted: (token: string | null) => boolean, delays: Record<number, number> = {}) {
  const seen: Array<{ method: string; path: string; authorization: string | null }> = [];
  server.use(
    http.all(`${API}/pets/:id`, async ({ request, params }) => {
      const wait = seen.some((earlier) => earlier.path === new URL(request.url).pathname)
        ? 0
        : delays[Number(params.id)];
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      const authorization = request.headers.get("Authorization");
      seen.push({ method: request.method, path: new URL(request.url).pathname, authorization });
      if (!accepted(authorization?.replace(/^Bearer /, "") ?? null)) return new HttpResponse(null, { status: 401 });
      return request.method === "DELETE" ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(pet);
    }),
  );
  return seen;
}

describe("the session on API calls", () => {
  it("sends the ID token to operations whose security requires it, and only to them", async () => {
    clearSource = tokens().clear;
    const seen = api(() => true);
    await client.DELETE("/pets/{petId}", { params: { path: { petId: 7 } } });
    await client.GET("/pets/{petId}", { params: { path: { petId: 7 } } });
    expect(seen.map((request) => [request.method, request.authorization])).toEqual([
      ["DELETE", "Bearer t0"],
      ["GET", null],
    ]);
  });

  it("never sends it to another origin", async () => {
    clearSource = tokens().clear;
    const elsewhere = createApiClient<paths>({
      baseUrl: "https://api.clinic.test/api",
      operations: clinicManifest.operations,
    });
    const seen: Array<string | null> = [];
    server.use(
      http.all("https://third-party.test/*", ({ request }) => {
        seen.push(request.headers.get("Authorization"));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // A call openapi-fetch sends to an absolute URL on another origin (a path that is a full URL).
    await elsewhere.DELETE("/pets/{petId}", {
      params: { path: { petId: 7 } },
      baseUrl: "https://third-party.test/api",
    });
    expect(seen).toEqual([null]);
  });

  it("sends nothing when signed out", async () => {
    const seen = api(() => true);
    await client.DELETE("/pets/{petId}", { params: { path: { petId: 7 } } });
    expect(seen[0]?.authorization).toBeNull();
  });

  it("refreshes once and retries once after a 401", async () => {
    const { state, clear } = tokens();
    clearSource = clear;
    const seen = api((token) => token === "t1");
    const { response } = await client.DELETE("/pets/{petId}", { params: { path: { petId: 7 } } });
    expect(response.status).toBe(204);
    expect(seen.map((request) => request.authorization)).toEqual(["Bearer t0", "Bearer t1"]);
    expect(state.refreshes).toBe(1);
    expect(state.expired).toBe(0);
  });

  it("shares one refresh between 401s that arrive together", async () => {
    const { state, clear } = tokens();
    clearSource = clear;
    const seen = api((token) => token === "t1");
    const results = await Promise.all(
      [1, 2, 3].map((petId) => client.DELETE("/pets/{petId}", { params: { path: { petId } } })),
    );
    expect(results.map(({ response }) => response.status)).toEqual([204, 204, 204]);
    expect(state.refreshes).toBe(1);
    expect(seen.filter((request) => request.authorization === "Bearer t1")).toHaveLength(3);
  });

  it("refreshes once for a refused token even when the refresh gives the same token back", async () => {
    // A provider mints the same token within one second (the identity fixtures do): the calls
    // that carried it retry with what the refresh gave, and none refreshes again.
    const { state, clear } = tokens({ refreshesTo: () => "t0" });
    clearSource = clear;
    // The second and third 401 arrive while the refresh (20 ms) is in flight.
    const seen = api(() => false, { 2: 5, 3: 10 });
    const results = await Promise.all(
      [1, 2, 3].map((petId) => client.DELETE("/pets/{petId}", { params: { path: { petId } } })),
    );
    expect(results.map(({ response }) => response.status)).toEqual([401, 401, 401]);
    expect(state.refreshes).toBe(1);
    expect(seen).toHaveLength(6);
  });

  it("ends the session when the refreshed token is refused too", async () => {
    const { state, clear } = tokens();
    clearSource = clear;
    const seen = api(() => false);
    const { response, error } = await client.DELETE("/pets/{petId}", { params: { path: { petId: 7 } } });
    expect(response.status).toBe(401);
    expect(error).toBeDefined();
    expect(seen).toHaveLength(2);
    expect(state.refreshes).toBe(1);
    expect(state.expired).toBe(1);
  });

  it("ends the session when there is no token to refresh to", async () => {
    const { state, clear } = tokens({ refreshesTo: () => null });
    clearSource = clear;
    const seen = api(() => false);
    const { response } = await client.DELETE("/pets/{petId}", { params: { path: { petId: 7 } } });
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(state.expired).toBe(1);
  });
});
