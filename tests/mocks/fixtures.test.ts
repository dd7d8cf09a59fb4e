// The default fixtures, end to end in Node: every operation × status of each
// contract answers with data that keeps the contract, the scenarios reshape it,
// overrides replace one answer, and every exchange is checked while it runs.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFixtures, type Fixtures } from "@/api/mocks/contract-fixtures";
import { schemaPointer } from "@/api/mocks/exchange-check";
import { MANY_ITEMS, type DataScenario } from "@/api/mocks/fixture-data";
import { setScenario, SLOW_DELAY_MS } from "@/api/mocks/scenarios";
import { takeUnhandledRequests, unhandledPolicy } from "@/api/mocks/unhandled";
import { formatViolation, takeViolations } from "@/api/mocks/violations";
import { generatedContract, loadContract, TEST_CONTRACTS, type LoadedContract } from "./contracts.ts";

const BASE = "http://api.test/v2";
/** How many operation × status pairs one test checks. */
const PART = 250;

function pairs({ manifest }: LoadedContract) {
  return manifest.operations.flatMap((operation) =>
    operation.responses.map((response) => ({ operation, status: response.status })),
  );
}

// The product contract (in a scratch copy, a shared real-world document), the tests'
// example, and the construct contracts written for these tests.
const contracts = await Promise.all(TEST_CONTRACTS.map(loadContract));
const all = [generatedContract("src/api"), generatedContract("tests/example-contract/generated"), ...contracts];

describe.each(all.map((loaded) => [loaded.name, loaded] as const))("every default fixture of %s", (_name, loaded) => {
  const fixtures = createFixtures(loaded.manifest, loaded.contract);
  const scenarios: DataScenario[] = loaded.name.startsWith("tests/mocks")
    ? ["default", "empty", "many", "long-text"]
    : ["default"];

  // In parts, so that a large contract (GitHub: 3,437 pairs) is many short tests, not one long one.
  const all = pairs(loaded);
  // An empty contract (a fresh project's) still gets its test, which checks nothing is wrong.
  const parts = scenarios.flatMap((scenario) =>
    Array.from({ length: Math.max(1, Math.ceil(all.length / PART)) }, (_, index) => {
      const first = index * PART + 1;
      const last = Math.min(all.length, first + PART - 1);
      const label = all.length === 0 ? "no pair (an empty contract)" : `operation × status pairs ${first} to ${last}`;
      return { scenario, first, last, label };
    }),
  );

  it.each(parts)("keeps the contract in the $scenario scenario, for $label", ({ scenario, first, last }) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const broken: string[] = [];
    for (const { operation, status } of all.slice(first - 1, last)) {
      const response = loaded.contract.operations[operation.operationId]?.responses[status];
      for (const mediaType of Object.keys(response?.content ?? {})) {
        if (response?.content[mediaType]?.schema === undefined) continue;
        const value = fixtures.fixture(operation.operationId, status, scenario);
        if (!mediaType.includes("json")) continue;
        const pointer = schemaPointer(operation.operationId, "responses", status, "content", mediaType, "schema");
        const failures = fixtures.validator.check(pointer, value);
        if (failures.length > 0) broken.push(`${operation.operationId} ${status}: ${JSON.stringify(failures)}`);
        break; // the default answers with the preferred media type only
      }
    }
    warn.mockRestore();
    expect(broken).toEqual([]);
    expect(takeViolations().map(formatViolation)).toEqual([]);
  });
});

describe("the fixtures of a filled-in contract", () => {
  let constructs: LoadedContract;
  let fixtures: Fixtures;
  const server = setupServer();

  beforeAll(() => {
    constructs = contracts[0] as LoadedContract;
    fixtures = createFixtures(constructs.manifest, constructs.contract);
    server.use(...fixtures.handlers);
    fixtures.observe(server.events);
    server.listen({ onUnhandledFrame: unhandledPolicy((request) => fixtures.operationFor(request)) });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fixtures.settled();
    server.resetHandlers(...fixtures.handlers);
    setScenario("default");
    fixtures.setDefaults(true);
  });
  afterAll(() => server.close());

  async function json(path: string, init?: RequestInit) {
    const response = await fetch(`${BASE}${path}`, init);
    const text = await response.text();
    return { response, body: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>) };
  }

  async function violations() {
    await fixtures.settled();
    return takeViolations().map(formatViolation);
  }

  it("serves the contract's own example first", async () => {
    const { response, body } = await json("/things/7d8f7d8e-1c1b-4a8e-9a77-0b6f5d1f3a10");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(body).toMatchObject({ name: "Desk lamp", sku: "ABC-1234" });
    expect(await violations()).toEqual([]);
  });

  it("skips an example that breaks its schema, says so, and serves generated data", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fresh = createFixtures(constructs.manifest, constructs.contract);
    const tree = fresh.fixture("getTree", "200") as { label: string; children: unknown[] };
    expect(tree).not.toEqual({ label: "root" });
    expect(Array.isArray(tree.children)).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        "getTree → 200: the contract's example 1 does not match its schema (/children: expected a value (required), got nothing)",
      ),
    );
    warn.mockRestore();
  });

  it("generates the same data on every run (a fixed seed per operation)", () => {
    const again = createFixtures(constructs.manifest, constructs.contract);
    expect(again.fixture("listThings", "200")).toEqual(fixtures.fixture("listThings", "200"));
    expect(again.fixture("listThings", "200", "many")).toEqual(fixtures.fixture("listThings", "200", "many"));
  });

  it("generates each schema construct as declared", () => {
    const page = fixtures.fixture("listThings", "200") as { items: Array<Record<string, unknown>>; total: number };
    expect(page.items.length).toBeGreaterThan(0);
    for (const thing of page.items) {
      expect(thing.version).toBe(1); // const
      expect(["gadget", "gizmo", "widget"]).toContain(thing.kind); // enum
      expect(thing.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/); // format: uuid
      expect(thing.createdOn).toMatch(/^\d{4}-\d{2}-\d{2}$/); // format: date
      if (thing.sku !== undefined) expect(thing.sku).toMatch(/^[A-Z]{3}-[0-9]{4}$/); // pattern
      const pet = thing.pet as Record<string, unknown>;
      // oneOf with a discriminator: the value names the branch whose fields are present
      expect(pet.petType === "cat" ? "lives" in pet : "goodBoy" in pet).toBe(true);
    }
    // A recursive schema ends (bounded depth).
    const depth = (node: { children: unknown[] }): number =>
      1 + Math.max(0, ...node.children.map((child) => depth(child as { children: unknown[] })));
    expect(depth(fixtures.fixture("getTree", "200") as { children: unknown[] })).toBeLessThan(10);
  });

  it("answers in each scenario", async () => {
    setScenario("empty");
    expect((await json("/things")).body).toMatchObject({ items: [] });

    setScenario("many");
    expect(((await json("/things")).body?.items as unknown[]).length).toBe(30); // the schema's maxItems

    setScenario("long-text");
    const long = (await json("/things")).body?.items as Array<{ name: string }>;
    expect(long[0]?.name).toHaveLength(40); // the schema's maxLength

    setScenario("error");
    const error = await json("/things");
    expect(error.response.status).toBe(400);
    expect(error.response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(error.body).toMatchObject({ status: 400, title: "Bad Request" });

    setScenario("unauthorized");
    const secured = await json("/things", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(secured.response.status).toBe(401);
    expect((await json("/tree")).response.status).toBe(200); // `security: []`: no credentials needed

    setScenario("offline");
    await expect(fetch(`${BASE}/things`)).rejects.toThrow(TypeError);

    expect(await violations()).toEqual(["createThing request body at /name: expected a value (required), got nothing"]);
  });

  it("holds each answer in the slow scenario", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    setScenario("slow");
    let settled = false;
    const answered = fetch(`${BASE}/tree`).then((response) => {
      settled = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(SLOW_DELAY_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await answered).status).toBe(200);
  });

  it("answers a status class or `default` as declared, even when the operation declares both", async () => {
    server.use(fixtures.respond("deleteThing", "4XX"));
    const refused = await fetch(`${BASE}/things/7d8f7d8e-1c1b-4a8e-9a77-0b6f5d1f3a10`, { method: "DELETE" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
    expect(fixtures.fixture("getTree", "default")).toMatchObject({ status: 500 });
    expect(await violations()).toEqual([]);
  });

  it("replaces one operation's answer in one line, the others unchanged", async () => {
    server.use(fixtures.respond("getThing", 404));
    const missing = await json("/things/7d8f7d8e-1c1b-4a8e-9a77-0b6f5d1f3a10");
    expect(missing.response.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, title: "Not Found" });
    expect((await json("/tree")).response.status).toBe(200);

    const page = { items: [], total: 0, next: null };
    server.use(fixtures.respond("listThings", 200, page));
    expect((await json("/things")).body).toEqual(page);
    expect(await violations()).toEqual([]);
  });

  it("catches an override that breaks the contract, naming operation, status, place, expected and actual", async () => {
    const thing = fixtures.fixture("getThing", "200") as Record<string, unknown>;
    server.use(
      fixtures.respond("listThings", 200, {
        items: [
          { ...thing, id: 42 },
          { ...thing, kind: "gizmo" },
        ],
        total: -1,
      }),
    );
    await json("/things");
    expect(await violations()).toEqual([
      "listThings → 200 response body at /items/0/id: expected type string, got 42",
      "listThings → 200 response body at /total: expected >= 0, got -1",
    ]);
  });

  it("checks hand-written MSW handlers too: status, media type and body", async () => {
    server.use(
      http.get("*/tree", () => HttpResponse.json({ label: "x", children: [] }, { status: 418 })),
      http.delete("*/things/:id", () => HttpResponse.text("gone", { status: 404 })),
    );
    await json("/tree");
    await fetch(`${BASE}/things/7d8f7d8e-1c1b-4a8e-9a77-0b6f5d1f3a10`, { method: "DELETE" });
    expect(await violations()).toEqual([
      'getTree → default response media type: expected one of application/problem+json, got "application/json"',
      'deleteThing → 4XX response media type: expected one of application/problem+json, got "text/plain"',
    ]);
  });

  it("checks each request's parameters and body against the contract", async () => {
    await json("/things?limit=0&tag=a&tag=b");
    await json("/things/not-a-uuid");
    await json("/things", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "lamp" });
    await json("/things", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"name":"x"}' });
    expect(await violations()).toEqual([
      "listThings request query at limit: expected >= 1, got 0",
      'getThing request path at thingId: expected format uuid, got "not-a-uuid"',
      'createThing request body: expected one of application/json, got "text/plain"',
      'createThing request body at /name: expected at least 2 characters, got "x"',
    ]);
  });

  it("reads parameters as OpenAPI serialises them: deepObject, delimited arrays, types under allOf", async () => {
    await fetch(`${BASE}/search?filter[status]=open&filter[minRating]=3&size=10&ids=1|2`, {
      headers: { "X-Trace": "7d8f7d8e-1c1b-4a8e-9a77-0b6f5d1f3a10" },
    });
    expect(await violations()).toEqual([]);
    await fetch(`${BASE}/search?filter[minRating]=high&size=1000&ids=1|x`, { headers: { "X-Trace": "t" } });
    expect(await violations()).toEqual([
      'search request query at filter/minRating: expected type integer, got "high"',
      "search request query at size: expected <= 100, got 1000",
      'search request query at ids/1: expected type integer, got "x"',
      'search request header at X-Trace: expected format uuid, got "t"',
    ]);
  });

  it("answers and checks media ranges and media types with parameters", async () => {
    const range = await fetch(`${BASE}/search`);
    expect(range.headers.get("Content-Type")).toBe("application/json");
    const readme = await fetch(`${BASE}/readme`);
    expect(readme.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    server.use(
      fixtures.respond("getReadme", 200, "Read me."),
      http.get("*/search", () => HttpResponse.text("plain words")),
    );
    expect(await (await fetch(`${BASE}/readme`)).text()).toBe("Read me.");
    await fetch(`${BASE}/search`);
    expect(await violations()).toEqual([]);
  });

  it("answers 501 naming the operation when its default is turned off and nothing else answers", async () => {
    fixtures.setDefaults(false);
    const { response, body } = await json("/tree");
    expect(response.status).toBe(501);
    expect(body).toMatchObject({ operationId: "getTree" });
    expect(takeUnhandledRequests()).toEqual([
      expect.stringContaining(`No handler for GET ${BASE}/tree (operation getTree)`),
    ]);
    // The unhandled answer is a failure already: the contract check does not report it again.
    expect(await violations()).toEqual([]);
  });

  it("gives valid arguments to call any operation with", () => {
    expect(fixtures.sampleRequest("getThing").params.path?.thingId).toMatch(/^[0-9a-f-]{36}$/);
    const create = fixtures.sampleRequest("createThing");
    expect(create.mediaType).toBe("application/json");
    const pointer = schemaPointer("createThing", "requestBody", "content", "application/json", "schema");
    expect(fixtures.validator.check(pointer, create.body)).toEqual([]);
  });

  it("generates the inheritance form of a discriminator: each animal is the child its value names", () => {
    const legacy = createFixtures((contracts[1] as LoadedContract).manifest, (contracts[1] as LoadedContract).contract);
    const animals = legacy.fixture("listAnimals", "200", "many") as Array<Record<string, unknown>>;
    expect(animals.length).toBeGreaterThan(3);
    for (const animal of animals) {
      expect(
        animal.animalType === "bird" ? "wingspan" in animal : animal.animalType === "Fish" && "fins" in animal,
      ).toBe(true);
    }
  });

  it("grows only the response's own collections in the many scenario", () => {
    const accounts = contracts[1] as LoadedContract;
    const legacy = createFixtures(accounts.manifest, accounts.contract);
    expect((legacy.fixture("listAccounts", "200", "many") as unknown[]).length).toBe(5); // maxItems
    // A property of the body without maxItems grows to MANY_ITEMS; the collections nested in its items do not.
    const tree = fixtures.fixture("getTree", "200", "many") as { children: Array<{ children: unknown[] }> };
    expect(tree.children).toHaveLength(MANY_ITEMS);
    for (const child of tree.children) expect(child.children.length).toBeLessThan(MANY_ITEMS);
  });
});

describe("a contract whose schema cannot be compiled", () => {
  it("fails as a located violation, not as a stray rejection", async () => {
    const manifest = {
      title: "Broken",
      version: "1",
      openapi: "3.1.0",
      schemas: [],
      operations: [
        {
          operationId: "getCode",
          method: "get" as const,
          path: "/code",
          summary: null,
          tags: [],
          parameters: [],
          requestBody: null,
          responses: [{ status: "200", mediaTypes: ["application/json"] }],
          security: [],
        },
      ],
    };
    const contract = {
      openapi: "3.1.0",
      $schema: "https://json-schema.org/draft/2020-12/schema" as const,
      components: { schemas: {} },
      operations: {
        getCode: {
          parameters: [],
          requestBody: null,
          responses: {
            "200": { content: { "application/json": { schema: { type: "string", pattern: "[" }, examples: [] } } },
          },
        },
      },
    };
    const broken = createFixtures(manifest, contract);
    const server = setupServer(http.get("*/code", () => HttpResponse.json("x")));
    broken.observe(server.events);
    server.listen({ onUnhandledFrame: "error" });
    try {
      await fetch(`${BASE}/code`);
      await broken.settled();
    } finally {
      server.close();
    }
    expect(takeViolations().map(formatViolation)).toEqual([
      "getCode → 200 response body: expected a schema the validator can compile, got Invalid regular expression: /[/: Unterminated character class",
    ]);
  });
});

describe("data that looks like what the names say", () => {
  it("puts the status sent in an error body, dates in date-like names and ids in id-like names", () => {
    const constructs = contracts[0] as LoadedContract;
    const fixtures = createFixtures(constructs.manifest, constructs.contract);
    expect(fixtures.fixture("getMember", "401")).toMatchObject({ status: 401 });
    expect(fixtures.fixture("getMember", "503")).toMatchObject({ error: { status: "503" } });
    const member = fixtures.fixture("getMember", "200") as Record<string, unknown>;
    expect(member.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(member.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(member.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A date does not fit in 4 characters: the name cannot win over the schema.
    expect(String(member.renewal_date).length).toBeLessThanOrEqual(4);
    expect(member.id).toBeGreaterThanOrEqual(1);
    expect(member.accountId).toMatch(/^[a-z0-9]{10}$/);
    expect(member.nickname).not.toMatch(/^\d{4}-/);
    expect(takeViolations().map(formatViolation)).toEqual([]);
  });
});
