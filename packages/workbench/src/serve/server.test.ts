// The mock server over real HTTP, in this process: Node's fetch against a server on a free
// loopback port, answering the test contracts of the registry (tests/contracts/).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { loadContract } from "../fixtures/test-contracts.ts";
import { createMockServer, type MockServer } from "./server.ts";

const root = resolve(import.meta.dirname, "../../../..");
const MARKER = "s3cret-marker-7f3a";

async function start(contract: string, options: Partial<Parameters<typeof createMockServer>[0]> = {}) {
  const lines: string[] = [];
  const mock = createMockServer({ root, contract, log: (line) => lines.push(line), ...options });
  const url = await mock.listen(0, "127.0.0.1");
  return { mock, url, lines };
}

interface ProblemBody {
  status: number;
  detail: string;
  operationId?: string;
  errors?: Array<{ in: string; field: string; rule: string; contract: string }>;
  closest?: string[];
}

async function problem(response: Response): Promise<ProblemBody> {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return (await response.json()) as ProblemBody;
}

describe("the mock server on the stateful test contract (pet-registry)", () => {
  let server: { mock: MockServer; url: string; lines: string[] };
  beforeAll(async () => {
    server = await start("pet-registry", { bodyLimit: 4096 });
  });
  afterAll(() => server.mock.close());

  it("creates an owner, reads it, deletes it, and then answers 404 for it", async () => {
    const created = await fetch(`${server.url}/api/owners`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Åse Ødegård", city: "Tromsø" }),
    });
    expect(created.status).toBe(201);
    const owner = (await created.json()) as { id: string; name: string };
    expect(owner.name).toBe("Åse Ødegård");
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`/owners/${owner.id}$`));

    const read = await fetch(`${server.url}/api/owners/${owner.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(owner);

    expect((await fetch(`${server.url}/api/owners/${owner.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${server.url}/api/owners/${owner.id}`)).status).toBe(404);
  });

  it("puts the store back to its seed on POST /__workbench/reset", async () => {
    const total = async () => ((await (await fetch(`${server.url}/api/owners`)).json()) as { total: number }).total;
    await fetch(`${server.url}/__workbench/reset`, { method: "POST" });
    const seeded = await total();
    await fetch(`${server.url}/api/owners`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Kept Until Reset", city: "Bergen" }),
    });
    expect(await total()).toBe(seeded + 1);
    const reset = await fetch(`${server.url}/__workbench/reset`, { method: "POST" });
    expect(await reset.json()).toEqual({ reset: true, resources: ["Owner", "Pet", "tag"] });
    expect(await total()).toBe(seeded);
  });

  it("refuses a path parameter of the wrong type with a problem naming it and its place", async () => {
    const response = await fetch(`${server.url}/api/pets/abc`);
    expect(response.status).toBe(400);
    const body = await problem(response);
    expect(body.operationId).toBe("getPet");
    expect(body.errors).toEqual([
      expect.objectContaining({
        in: "path",
        field: "petId",
        rule: "type integer",
        contract: "#/paths/~1pets~1{petId}/get/parameters",
      }),
    ]);
  });

  it("refuses a body that is not JSON, a body of the wrong media type and a missing one", async () => {
    const post = (body: string | undefined, type?: string) =>
      fetch(`${server.url}/api/owners`, {
        method: "POST",
        ...(type === undefined ? {} : { headers: { "Content-Type": type } }),
        ...(body === undefined ? {} : { body }),
      });
    const notJson = await post("{name:", "application/json");
    expect(notJson.status).toBe(400);
    expect((await problem(notJson)).errors?.[0]).toMatchObject({
      in: "body",
      rule: "JSON (application/json)",
      contract: "#/paths/~1owners/post/requestBody/content/application~1json/schema",
    });
    const wrongType = await post("name=x", "text/plain");
    expect(wrongType.status).toBe(415);
    expect((await problem(wrongType)).errors?.[0]).toMatchObject({ in: "header", field: "Content-Type" });
    const breaksSchema = await post(JSON.stringify({ name: "", city: "Oslo" }), "application/json");
    expect(breaksSchema.status).toBe(400);
    expect((await problem(breaksSchema)).errors?.[0]).toMatchObject({ in: "body", field: "/name" });
    const none = await post(undefined);
    expect(none.status).toBe(400);
    expect((await problem(none)).errors?.[0]).toMatchObject({ in: "body", rule: "a body (required)" });
  });

  it("refuses a body over its limit with 413 and keeps serving", async () => {
    const response = await fetch(`${server.url}/api/owners`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(10_000), city: "Oslo" }),
    });
    expect(response.status).toBe(413);
    expect((await problem(response)).detail).toContain("4096 bytes");
    expect((await fetch(`${server.url}/api/owners`)).status).toBe(200);
  });

  it("answers an unknown path with a 404 naming the closest operations, and a wrong method with 405", async () => {
    const unknown = await fetch(`${server.url}/api/owner/o1`);
    expect(unknown.status).toBe(404);
    expect((await problem(unknown)).closest).toContain("GET /owners/{ownerId} (getOwner)");
    const wrongMethod = await fetch(`${server.url}/api/owners`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });

  it("serves the contract's paths at the root and under its server's path (/api), under no other prefix", async () => {
    expect((await fetch(`${server.url}/api/owners`)).status).toBe(200);
    expect((await fetch(`${server.url}/owners`)).status).toBe(200);
    for (const path of ["/apis/owners", "/v2/api/owners", "/anything/owners"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect((await problem(response)).closest, path).toContain("GET /owners (listOwners)");
    }
  });

  it("answers what Prefer asks for: a declared status, a scenario, and refuses an undeclared one", async () => {
    const notFound = await fetch(`${server.url}/api/pets/1`, { headers: { Prefer: "code=404" } });
    expect(notFound.status).toBe(404);
    const empty = await fetch(`${server.url}/api/owners`, { headers: { Prefer: "scenario=empty" } });
    expect(await empty.json()).toEqual({ items: [], total: 0 });
    const undeclared = await fetch(`${server.url}/api/pets/1`, { headers: { Prefer: "code=418" } });
    expect(undeclared.status).toBe(400);
    expect((await problem(undeclared)).detail).toContain("getPet declares 200, 404");
    await fetch(`${server.url}/__workbench/reset`, { method: "POST" });
  });

  it("answers a CORS preflight from the contract's methods on the path", async () => {
    const response = await fetch(`${server.url}/api/pets/1`, {
      method: "OPTIONS",
      headers: { Origin: "http://127.0.0.1:5173", "Access-Control-Request-Method": "PATCH" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, DELETE, PATCH");
    expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
  });
});

describe("the mock server on the gallery's test contract (clinic)", () => {
  let server: { mock: MockServer; url: string; lines: string[] };
  beforeAll(async () => {
    server = await start("clinic");
  });
  afterAll(() => server.mock.close());

  it("pages a list to its end through its Link headers", async () => {
    const seen: number[] = [];
    let next: string | undefined = `${server.url}/pets?page=1`;
    let pages = 0;
    while (next !== undefined && pages < 20) {
      const response: Response = await fetch(next);
      expect(response.status).toBe(200);
      seen.push(...((await response.json()) as Array<{ id: number }>).map((pet) => pet.id));
      next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
      pages++;
    }
    expect(next).toBeUndefined();
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("refuses a request without the credentials the operation requires, then takes it with them", async () => {
    const without = await fetch(`${server.url}/pets/7`, { method: "DELETE" });
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toBe("Bearer");
    expect((await problem(without)).errors?.[0]).toMatchObject({
      in: "credentials",
      contract: "#/paths/~1pets~1{petId}/delete/security",
    });
    const withToken = await fetch(`${server.url}/pets/7`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${MARKER}` },
    });
    expect(withToken.status).not.toBe(401);
  });

  it("refuses a missing required header, naming it", async () => {
    const response = await fetch(`${server.url}/pets`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Rex", species: "dog" }),
    });
    expect(response.status).toBe(400);
    expect((await problem(response)).errors).toContainEqual(
      expect.objectContaining({ in: "header", field: "X-Request-Id" }),
    );
  });

  it("answers the contract's example Prefer names", async () => {
    const response = await fetch(`${server.url}/pets/12`, { headers: { Prefer: "example=mittens" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Mittens" });
    const unknown = await fetch(`${server.url}/pets/12`, { headers: { Prefer: "example=nobody" } });
    expect((await problem(unknown)).detail).toContain("200 rex, 200 mittens");
  });

  it("logs one line per exchange with its operation and status, and never a credential", async () => {
    server.lines.length = 0;
    await fetch(`${server.url}/pets/8?api_key=${MARKER}`, {
      headers: { Authorization: `Bearer ${MARKER}`, Cookie: `session=${MARKER}` },
    });
    await fetch(`${server.url}/pets/7`, { method: "DELETE", headers: { Authorization: `Basic ${MARKER}` } });
    expect(server.lines).toHaveLength(2);
    expect(server.lines[0]).toMatch(/^GET \/pets\/8 getPet 200 \d+\.\d ms$/);
    expect(server.lines[1]).toMatch(/^DELETE \/pets\/7 deletePet 401 /);
    expect(server.lines.join("\n")).not.toContain(MARKER);
  });
});

describe("the mock server on a contract with its own field rules (field-values)", () => {
  it("answers with the registry's rule for a room's description", async () => {
    const { mock, url } = await start("field-values");
    try {
      const response = await fetch(`${url}/v1/rooms`);
      expect(response.status).toBe(200);
      const descriptions = ((await response.json()) as { data: Array<{ description?: string }> }).data
        .map((room) => room.description)
        .filter((each) => each !== undefined);
      expect(descriptions.length).toBeGreaterThan(0);
      for (const description of descriptions) expect(description).toMatch(/^Seats \d+ people\.$/);
    } finally {
      await mock.close();
    }
  });
});

/**
 * The server, for the enclosing `describe`, on a test contract in a root of its own: the
 * registry's pet-registry entry holds it, generated in memory as `npm run api` would.
 */
function inOwnRoot(source: string): { server: { mock: MockServer; url: string; lines: string[] } } {
  const own = {} as { server: { mock: MockServer; url: string; lines: string[] }; temp: string };
  beforeAll(async () => {
    own.temp = mkdtempSync(join(tmpdir(), "mock-own-root-"));
    const { manifest, contract } = await loadContract(source);
    const entry = join(own.temp, "tests/contracts/pet-registry");
    cpSync(join(root, source), join(entry, "openapi.yaml"));
    for (const [name, value] of Object.entries({ "manifest.json": manifest, "contract.json": contract })) {
      const file = join(entry, "generated", name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(value));
    }
    own.server = await start("pet-registry", { root: own.temp });
  });
  afterAll(async () => {
    await own.server.mock.close();
    rmSync(own.temp, { recursive: true, force: true });
  });
  return own;
}

describe("the mock server on operations that declare no 404 (tests/contracts/no-not-found)", () => {
  const own = inOwnRoot("tests/contracts/no-not-found/openapi.yaml");

  it("answers a key its store cannot hold with the operation's declared default answer, not an undeclared 404", async () => {
    const refused = await fetch(`${own.server.url}/gauges/0`); // the item's key has minimum 1
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({ id: 7, label: "Boiler pressure" });
  });

  it("answers a deleted key with the declared default answer when only 200 is declared, and 404 where it is", async () => {
    expect(await (await fetch(`${own.server.url}/gauges/5`)).json()).toEqual({ id: 5, label: "Boiler pressure" });
    expect((await fetch(`${own.server.url}/gauges/5`, { method: "DELETE" })).status).toBe(204);
    const gone = await fetch(`${own.server.url}/gauges/5`);
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ id: 7, label: "Boiler pressure" });
    expect((await fetch(`${own.server.url}/gauges/5`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${own.server.url}/dials/0`)).status).toBe(404);
    expect(own.server.lines.filter((line) => / 404 /.test(line))).toEqual([
      expect.stringMatching(/^GET \/dials\/0 getDial 404 /),
    ]);
  });
});

describe("the mock server on a create that declares no 400 nor 422 (tests/contracts/no-bad-request)", () => {
  const own = inOwnRoot("tests/contracts/no-bad-request/openapi.yaml");

  it("answers a create it cannot use with a problem naming the body, the rule and the place in the contract", async () => {
    // The body is optional, so the request keeps the contract; the store still needs an item to create.
    const response = await fetch(`${own.server.url}/meters`, { method: "POST" });
    expect(response.status).toBe(400);
    const body = await problem(response);
    expect(body).toMatchObject({ status: 400, title: "Bad Request", operationId: "createMeter" });
    expect(body.detail).toBe("createMeter: body (whole): expected a JSON object, got no body.");
    expect(body.errors).toEqual([
      {
        in: "body",
        field: "",
        rule: "a JSON object",
        actual: "no body",
        contract: "#/paths/~1meters/post/requestBody/content/application~1json/schema",
      },
    ]);
    const created = await fetch(`${own.server.url}/meters`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ label: "Water" }),
    });
    expect(created.status).toBe(201);
  });
});

describe("the mock server on streamed answers (streams)", () => {
  let server: { mock: MockServer; url: string; lines: string[] };
  beforeAll(async () => {
    server = await start("streams");
  });
  afterAll(() => server.mock.close());

  it("sends a Server-Sent Events answer event by event, the first before the last is played", async () => {
    const response = await fetch(`${server.url}/chats/c1/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    // The first chunk is one event: the others are still to be played.
    expect(first.match(/^data: /gm)).toHaveLength(1);
    let text = first;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text.split("\n\n").filter((event) => event.includes("data: ")).length).toBeGreaterThan(1);
    expect(text.startsWith(first) && text.length > first.length).toBe(true);
  });

  it("stops a stream whose client leaves, and keeps serving", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/logs`, { signal: controller.signal });
    expect(response.headers.get("content-type")).toBe("application/jsonl");
    await response.body!.getReader().read();
    controller.abort();
    const next = await fetch(`${server.url}/logs`);
    expect(next.status).toBe(200);
    expect((await next.text()).trim().split("\n").length).toBeGreaterThan(1);
  });
});

describe("the mock server checking its answers", () => {
  it("logs a violation of a stored entity's answer without the credential a client put in it", async () => {
    // pet-registry's generated files, its owners taking a `password` the answer declares a number.
    const temp = mkdtempSync(join(tmpdir(), "mock-secret-violation-"));
    const generated = join(temp, "tests/contracts/pet-registry/generated");
    cpSync(join(root, "tests/contracts/pet-registry/generated"), generated, { recursive: true });
    const contractFile = join(generated, "contract.json");
    const contract = JSON.parse(readFileSync(contractFile, "utf8")) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    contract.components.schemas.NewOwner!.properties.password = { type: "string" };
    contract.components.schemas.Owner!.properties.password = { type: "integer" };
    writeFileSync(contractFile, JSON.stringify(contract));
    const { mock, url } = await start("pet-registry", { root: temp });
    const violations: Array<{ pointer: string; actual: string }> = [];
    const stop = mock.fixtures.session.onViolation((violation) => violations.push(violation));
    const printed: string[] = [];
    const print = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
    try {
      const created = await fetch(`${url}/owners`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Ada", city: "Oslo", password: MARKER }),
      });
      await created.text();
      await mock.fixtures.settled();
      expect(violations.some((violation) => violation.pointer === "/password")).toBe(true);
      expect(violations.every((violation) => !violation.actual.includes(MARKER))).toBe(true);
      expect(printed.some((line) => line.includes("/password"))).toBe(true);
      expect(printed.join("\n")).not.toContain(MARKER);
    } finally {
      print.mockRestore();
      stop();
      await mock.close();
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it("lets the unauthorized scenario's 401 through where the operation's security implies it", async () => {
    // A root of its own holding clinic's generated files, its deletePet declaring no 401.
    const temp = mkdtempSync(join(tmpdir(), "mock-implied-401-"));
    const generated = join(temp, "tests/contracts/clinic/generated");
    cpSync(join(root, "tests/contracts/clinic/generated"), generated, { recursive: true });
    const contractFile = join(generated, "contract.json");
    const contract = JSON.parse(readFileSync(contractFile, "utf8")) as {
      operations: Record<string, { responses: Record<string, unknown> }>;
    };
    delete contract.operations.deletePet?.responses["401"];
    writeFileSync(contractFile, JSON.stringify(contract));
    const manifestFile = join(generated, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      operations: Array<{ operationId: string; responses: Array<{ status: string }> }>;
    };
    const op = manifest.operations.find((each) => each.operationId === "deletePet")!;
    op.responses = op.responses.filter((each) => each.status !== "401");
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const { mock, url } = await start("clinic", { root: temp });
    const violations: unknown[] = [];
    const stop = mock.fixtures.session.onViolation((violation) => violations.push(violation));
    try {
      const response = await fetch(`${url}/pets/7`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${MARKER}`, Prefer: "scenario=unauthorized" },
      });
      expect(response.status).toBe(401);
      // Its check has run once a later exchange has been answered.
      expect((await fetch(`${url}/pets/7`)).status).toBe(200);
      await mock.fixtures.settled();
      expect(violations).toEqual([]);
    } finally {
      stop();
      await mock.close();
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

describe("the mock server with a slow client", () => {
  it("times out a request whose body never ends with 408, logs it as dropped, and keeps serving", async () => {
    const { mock, url, lines } = await start("pet-registry", { timeouts: { headers: 200, request: 400 } });
    try {
      const { port } = new URL(url);
      const answer = await new Promise<string>((done) => {
        const socket = connect(Number(port), "127.0.0.1", () =>
          socket.write(
            "POST /api/owners HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
          ),
        );
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => done(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect((await fetch(`${url}/api/owners`)).status).toBe(200);
      expect(lines[0]).toMatch(/^POST \/api\/owners - dropped /);
    } finally {
      await mock.close();
    }
  });
});

describe("the mock server with a hostile body", () => {
  it("answers a JSON body 200,000 levels deep with a 400 quoting its start, at once, and keeps serving", async () => {
    const { mock, url, lines } = await start("pet-registry");
    try {
      const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
      const response = await fetch(`${url}/api/owners`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: deep,
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(400);
      const [error] = (await problem(response)).errors ?? [];
      expect(error).toMatchObject({ in: "body", rule: "type object" });
      expect((error as { actual?: string } | undefined)?.actual).toBe(`${"[".repeat(77)}…`);
      expect((await fetch(`${url}/api/owners`)).status).toBe(200);
      expect(lines[0]).toMatch(/^POST \/api\/owners createOwner 400 /);
    } finally {
      await mock.close();
    }
  });
});

describe("the mock server when the contract is regenerated", () => {
  it("reloads from the rewritten generated files, its store back to the seed, and keeps serving when they break", async () => {
    // A root of its own holding pet-registry's generated files, rewritten here as `npm run api` would.
    const temp = mkdtempSync(join(tmpdir(), "mock-reload-"));
    const generated = join(temp, "tests/contracts/pet-registry/generated");
    cpSync(join(root, "tests/contracts/pet-registry/generated"), generated, { recursive: true });
    const { mock, url } = await start("pet-registry", { root: temp });
    const outcomes: string[] = [];
    const stop = mock.watch((outcome) => outcomes.push("error" in outcome ? "error" : outcome.served.manifest.title));
    try {
      await fetch(`${url}/api/owners`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Before Reload", city: "Oslo" }),
      });
      const manifestFile = join(generated, "manifest.json");
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { title: string };
      writeFileSync(manifestFile, JSON.stringify({ ...manifest, title: "Pet Registry, regenerated" }));
      await expect.poll(() => outcomes, { timeout: 10_000 }).toEqual(["Pet Registry, regenerated"]);
      const owners = (await (await fetch(`${url}/api/owners?limit=100`)).json()) as { items: Array<{ name: string }> };
      expect(owners.items.map((owner) => owner.name)).not.toContain("Before Reload");
      writeFileSync(manifestFile, "{ half-written");
      await expect.poll(() => outcomes, { timeout: 10_000 }).toEqual(["Pet Registry, regenerated", "error"]);
      expect((await fetch(`${url}/api/owners`)).status).toBe(200);
    } finally {
      stop();
      await mock.close();
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
