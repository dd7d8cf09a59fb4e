// The stateful fixtures end to end in Node: on the resources test contract and on
// Petstore (copied from the shared specs into a scratch folder), what a request creates,
// changes or deletes, later requests see; lists paginate and filter; every exchange
// keeps the contract.
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContractSchemas } from "@/api/contract-types";
import type { Manifest } from "@/api/manifest-types";
import { createFixtures, type Fixtures } from "@/api/mocks/contract-fixtures";
import { setScenario } from "@/api/mocks/scenarios";
import { takeUnhandledRequests, unhandledPolicy } from "@/api/mocks/unhandled";
import { formatViolation, takeViolations } from "@/api/mocks/violations";
import { inferResources } from "../../workbench/fixtures/resources/infer";
import { REPO } from "../e2e/scratch-copy.ts";
import contract from "../resources-contract/generated/contract.json";
import manifest from "../resources-contract/generated/manifest.json";
import type { operations } from "../resources-contract/generated/schema";
import { loadContract } from "./contracts.ts";

const BASE = "http://api.test/api";
type Body = Record<string, unknown>;

function serve(fixtures: Fixtures<never> | Fixtures<operations>) {
  const server = setupServer(...fixtures.handlers);
  fixtures.observe(server.events);
  server.listen({ onUnhandledFrame: unhandledPolicy((request) => fixtures.operationFor(request)) });
  return server;
}

async function call(path: string, init: RequestInit & { json?: unknown; type?: string } = {}) {
  const { json, type, ...rest } = init;
  const response = await fetch(`${BASE}${path}`, {
    ...rest,
    ...(json === undefined
      ? {}
      : { body: JSON.stringify(json), headers: { "Content-Type": type ?? "application/json" } }),
  });
  const text = await response.text();
  return { status: response.status, response, body: (text === "" ? undefined : JSON.parse(text)) as Body };
}

describe("the resources of the test contract", () => {
  const fixtures = createFixtures<operations>(manifest as Manifest, contract as unknown as ContractSchemas);
  let server: ReturnType<typeof serve>;

  beforeAll(() => {
    server = serve(fixtures);
  });
  beforeEach(() => fixtures.resources.reset());
  afterEach(async () => {
    await fixtures.settled();
    setScenario("default");
    const problems = [...takeUnhandledRequests(), ...takeViolations().map(formatViolation)];
    expect(problems).toEqual([]);
  });
  afterAll(() => server.close());

  it("finds three resources, their keys and pagination, and leaves the rest stateless", () => {
    const { resources } = inferResources(fixtures.manifest.operations, fixtures.contract);
    expect(resources.map((r) => [r.name, r.key, r.keyType])).toEqual([
      ["Owner", "id", "string"],
      ["Pet", "petId", "integer"],
      ["tag", "slug", "string"],
    ]);
    const [owner, pet, tag] = resources;
    expect(owner?.collections[0]?.list?.pagination).toMatchObject({ kind: "offset", limit: "limit", offset: "offset" });
    expect(owner?.collections[0]?.list?.arrayProperty).toBe("items");
    expect(owner?.collections[0]?.list?.filters).toEqual({ city: "city" });
    expect(pet?.collections[0]).toMatchObject({ path: "/owners/{ownerId}/pets", scope: ["ownerId"] });
    expect(pet?.items[0]?.merge?.mergePatch).toBe(true);
    expect(tag?.collections[0]?.list?.pagination).toMatchObject({ kind: "cursor", cursor: "cursor" });
    expect(owner?.serverFields).toEqual(["id", "createdAt"]);
  });

  it("starts from the default fixture data, so the first screen looks as without state", async () => {
    const { body } = await call("/owners?limit=100");
    const defaults = fixtures.fixture("listOwners", 200).items;
    expect((body.items as Body[]).slice(0, defaults.length)).toEqual(defaults);
    expect(body.total).toBe((body.items as Body[]).length);
  });

  it("POST then GET returns what was created, with server fields and a Location", async () => {
    const created = await call("/owners", { method: "POST", json: { name: "Ada Lovelace", city: "London" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Ada Lovelace", city: "London" });
    expect(typeof created.body.id).toBe("string");
    expect(Date.parse(String(created.body.createdAt))).not.toBeNaN();
    const location = created.response.headers.get("Location");
    expect(location).toBe(`/api/owners/${encodeURIComponent(String(created.body.id))}`);
    const read = await call(`/owners/${encodeURIComponent(String(created.body.id))}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const listed = await call("/owners?limit=100&city=London");
    expect(listed.body.items).toContainEqual(created.body);
  });

  it("PUT replaces, keeping the key and the server's fields; GET shows it", async () => {
    const { body: owner } = await call("/owners", { method: "POST", json: { name: "Grace", city: "Arlington" } });
    const path = `/owners/${encodeURIComponent(String(owner.id))}`;
    const replaced = await call(path, { method: "PUT", json: { name: "Grace Hopper", city: "New York" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ ...owner, name: "Grace Hopper", city: "New York" });
    expect((await call(path)).body).toEqual(replaced.body);
  });

  it("PATCH merges as JSON Merge Patch (null removes); GET shows it", async () => {
    const { body: owner } = await call("/owners", { method: "POST", json: { name: "Lin", city: "Oslo" } });
    const ownerPath = `/owners/${encodeURIComponent(String(owner.id))}/pets`;
    const { body: pet } = await call(ownerPath, { method: "POST", json: { name: "Rex", species: "dog" } });
    expect(pet.ownerId).toBe(owner.id);
    const path = `/pets/${String(pet.petId)}`;
    const named = await call(path, {
      method: "PATCH",
      json: { nickname: "Rexy" },
      type: "application/merge-patch+json",
    });
    expect(named.body).toMatchObject({ name: "Rex", nickname: "Rexy", petId: pet.petId });
    const cleared = await call(path, {
      method: "PATCH",
      json: { nickname: null, species: "cat" },
      type: "application/merge-patch+json",
    });
    expect(cleared.body).not.toHaveProperty("nickname");
    expect((await call(path)).body).toEqual(cleared.body);
    expect((await call(`${ownerPath}?size=50`)).body).toContainEqual(cleared.body);
  });

  it("names the operation and pointer when a change would store an entity its schema refuses", async () => {
    const { body: pet } = await call("/owners/o-slip/pets", { method: "POST", json: { name: "Tom", species: "cat" } });
    const path = `/pets/${String(pet.petId)}`;
    const patched = await fetch(`${BASE}${path}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/merge-patch+json" },
      body: JSON.stringify({ color: "grey" }),
    });
    expect(patched.status).toBe(500);
    expect(await patched.text()).toBe(
      "[fixtures] updatePet: the stored entity would break #/components/schemas/Pet (see the contract violations).",
    );
    await fixtures.settled();
    // The entity is refused by name and pointer; the 500 that answers instead breaks the contract too.
    expect(takeViolations().map(formatViolation)).toEqual([
      "updatePet → 200 response body at /color: expected no such property (additionalProperties: false), got a value",
      "updatePet → 500 response status: expected one of 200, 404, got 500",
    ]);
    expect((await call(path)).body).toEqual(pet);
  });

  it("DELETE then GET answers the contract's 404, as problem details", async () => {
    const { body: owner } = await call("/owners", { method: "POST", json: { name: "Alan", city: "Wilmslow" } });
    const path = `/owners/${encodeURIComponent(String(owner.id))}`;
    expect((await call(path, { method: "DELETE" })).status).toBe(204);
    const gone = await call(path);
    expect(gone.status).toBe(404);
    expect(gone.response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(gone.body).toMatchObject({ status: 404, title: "Not Found" });
    expect((await call(path, { method: "DELETE" })).status).toBe(404);
    const { body } = await call("/owners?limit=100");
    expect((body.items as Body[]).map((item) => item.id)).not.toContain(owner.id);
  });

  it("limit/offset pages are disjoint and cover the store", async () => {
    for (const city of ["A", "B", "C", "D", "E", "F", "G"])
      await call("/owners", { method: "POST", json: { name: `Owner ${city}`, city } });
    const all = (await call("/owners?limit=100")).body;
    const total = all.total as number;
    const seen: unknown[] = [];
    for (let offset = 0; offset < total; offset += 3) {
      const page = (await call(`/owners?limit=3&offset=${offset}`)).body;
      expect(page.total).toBe(total);
      expect((page.items as Body[]).length).toBe(Math.min(3, total - offset));
      seen.push(...(page.items as Body[]).map((item) => item.id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual((all.items as Body[]).map((item) => item.id));
  });

  it("page/size and cursor pages are disjoint and cover the store; a query parameter filters", async () => {
    const owner = "o-pages";
    for (const [index, species] of ["cat", "dog", "cat", "rabbit", "cat"].entries())
      await call(`/owners/${owner}/pets`, { method: "POST", json: { name: `Pet ${index}`, species } });
    const everything = (await call(`/owners/${owner}/pets?size=50`)).body as unknown as Body[];
    const pages = [1, 2, 3, 4, 5, 6].map(
      async (page) => (await call(`/owners/${owner}/pets?page=${page}&size=2`)).body,
    );
    const paged = ((await Promise.all(pages)) as unknown as Body[][]).flat();
    expect(paged).toEqual(everything);
    const cats = (await call(`/owners/${owner}/pets?size=50&species=cat`)).body as unknown as Body[];
    expect(cats.length).toBeGreaterThanOrEqual(3);
    expect(cats.every((pet) => pet.species === "cat")).toBe(true);

    for (const slug of ["alpha", "beta", "gamma"]) await call("/tags", { method: "POST", json: { slug, title: slug } });
    const tags: unknown[] = [];
    let cursor: string | null | undefined = "";
    do {
      const query: string = cursor === "" ? "" : `&cursor=${cursor}`;
      const page: Body = (await call(`/tags?limit=2${query}`)).body;
      tags.push(...(page.data as Body[]).map((tag) => tag.slug));
      cursor = page.nextCursor as string | null | undefined;
    } while (typeof cursor === "string");
    const stored = fixtures.resources.records("tag").map((tag) => tag.slug);
    expect(tags).toEqual(stored);
    expect(stored).toEqual(expect.arrayContaining(["alpha", "beta", "gamma"]));
  });

  it("reads a key it never stored as the default item under that key, until that key is deleted", async () => {
    const read = await call("/pets/7");
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...fixtures.fixture("getPet", 200), petId: 7 });
    expect((await call("/pets/7", { method: "DELETE" })).status).toBe(204);
    expect((await call("/pets/7")).status).toBe(404);
    expect((await call("/pets/0")).status).toBe(404); // a key the schema refuses (minimum 1)
    setScenario("empty");
    expect((await call("/pets/8")).status).toBe(404);
    setScenario("default");
    await fixtures.resources.seed("getPet", { petId: 1, name: "Only", species: "cat", ownerId: "o1" });
    expect((await call("/pets/9")).status).toBe(404);
    await fixtures.settled();
    takeViolations(); // the 0 above breaks the path parameter's minimum: reported, as it should be
  });

  it("seeds typed records in one line, instead of the default data", async () => {
    await fixtures.resources.seed("getPet", { petId: 41, name: "Mog", species: "cat", ownerId: "o1" });
    expect((await call("/pets/41")).body).toEqual({ petId: 41, name: "Mog", species: "cat", ownerId: "o1" });
    expect((await call("/owners/o1/pets")).body).toEqual([{ petId: 41, name: "Mog", species: "cat", ownerId: "o1" }]);
    await expect(
      fixtures.resources.seed("getPet", { petId: 0, name: "", species: "cat", ownerId: "o1" }),
    ).rejects.toThrow(
      '[fixtures] seed("getPet") record 1 breaks #/components/schemas/Pet: /petId: expected >= 1, got 0; /name:',
    );
  });

  it("scenarios apply: empty starts empty, error keeps the stateless error, reset forgets", async () => {
    setScenario("empty");
    expect((await call("/owners")).body).toMatchObject({ items: [], total: 0 });
    const { body } = await call("/owners", { method: "POST", json: { name: "Only", city: "One" } });
    expect((await call("/owners")).body).toMatchObject({ items: [body], total: 1 });
    setScenario("error");
    expect((await call("/owners")).status).toBe(400);
    setScenario("default");
    fixtures.resources.reset();
    expect(((await call("/owners?limit=100")).body.items as Body[]).map((item) => item.id)).not.toContain(body.id);
    expect((await call("/health")).body).toEqual(fixtures.fixture("getHealth", 200));
  });

  it("persists to a session storage and restores from it, as the dev app does across a reload", async () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    };
    await fixtures.resources.persist(storage, "store");
    const { body } = await call("/owners", { method: "POST", json: { name: "Kept", city: "Bern" } });
    const reloaded = createFixtures<operations>(manifest as Manifest, contract as unknown as ContractSchemas);
    await reloaded.resources.persist(storage, "store");
    expect(reloaded.resources.records("Owner")).toEqual(fixtures.resources.records("Owner"));
    expect(reloaded.resources.records("Owner")).toContainEqual(body);
    reloaded.resources.reset();
    await fixtures.resources.persist({ ...storage, getItem: () => null }, "other");
    expect(JSON.parse(saved.get("store") ?? "{}")).toMatchObject({ resources: { Owner: { records: [] } } });
  });

  it("an invalid body is not stored and answers the declared 422 (the request violation is reported)", async () => {
    await call("/owners");
    const before = fixtures.resources.records("Owner").length;
    expect(before).toBeGreaterThan(0);
    const { status } = await call("/owners", { method: "POST", json: { name: "" } });
    expect(status).toBe(422);
    expect(fixtures.resources.records("Owner").length).toBe(before);
    await fixtures.settled();
    expect(takeViolations().map(formatViolation).join("\n")).toContain("createOwner request body");
  });
});

describe("x-fixtures-resource", () => {
  it("refuses a malformed value with the file, line and column, and writes nothing", async () => {
    const scratch = mkdtempSync(join(REPO, ".cache", "extension-"));
    const file = join(scratch, "openapi.yaml");
    writeFileSync(
      file,
      [
        "openapi: 3.1.0",
        "info: { title: Bad, version: 1.0.0 }",
        "paths:",
        "  /tags/{label}:",
        "    x-fixtures-resource: { key: 3 }",
        "    get:",
        "      operationId: getTag",
        "      parameters: [{ name: label, in: path, required: true, schema: { type: string } }]",
        '      responses: { "200": { description: ok }, "404": { description: missing } }',
        "",
      ].join("\n"),
    );
    try {
      const relativeFile = join(scratch.slice(REPO.length + 1), "openapi.yaml");
      await expect(loadContract(relativeFile)).rejects.toThrow(
        `${relativeFile}:5:5 error x-fixtures-resource must be false or an object with only \`name\` and \`key\``,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

// Petstore, from the shared specs, in a scratch folder of its own (never read in place).
const SHARED = process.env.SHARED_SPECS ?? "/work/shared/specs";
describe.skipIf(!existsSync(join(SHARED, "petstore3.yaml")))("the resources of Petstore", () => {
  let fixtures: Fixtures;
  let server: ReturnType<typeof serve>;
  let scratch: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(REPO, ".cache", "petstore-"));
    copyFileSync(join(SHARED, "petstore3.yaml"), join(scratch, "openapi.yaml"));
    const loaded = await loadContract(join(scratch.slice(REPO.length + 1), "openapi.yaml"));
    fixtures = createFixtures(loaded.manifest, loaded.contract);
    server = serve(fixtures as unknown as Fixtures<never>);
  });
  afterEach(async () => {
    await fixtures.settled();
    expect([...takeUnhandledRequests(), ...takeViolations().map(formatViolation)]).toEqual([]);
  });
  afterAll(() => {
    server.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("finds Pet, Order and User", () => {
    expect(fixtures.resources.summary().map((r) => `${r.name}:${r.key}`)).toEqual([
      "Pet:id",
      "Order:id",
      "User:username",
    ]);
  });

  it("POST, PUT, GET, DELETE on pets and users behave as a server would", async () => {
    const pet = { name: "Doggie", photoUrls: ["https://example.test/d.png"], status: "available" };
    const created = await call("/pet", { method: "POST", json: pet });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject(pet);
    const path = `/pet/${String(created.body.id)}`;
    expect((await call(path)).body).toEqual(created.body);
    const updated = await call("/pet", { method: "PUT", json: { ...created.body, status: "sold" } });
    expect(updated.body).toMatchObject({ id: created.body.id, status: "sold" });
    expect((await call(path)).body).toEqual(updated.body);
    expect((await call("/pet/findByStatus?status=sold")).body).toContainEqual(updated.body);
    expect((await call(path, { method: "DELETE" })).status).toBe(200);
    expect((await call(path)).status).toBe(404);

    const user = { username: "ada", firstName: "Ada", email: "ada@example.test" };
    expect((await call("/user", { method: "POST", json: user })).body).toMatchObject(user);
    await call("/user/ada", { method: "PUT", json: { ...user, lastName: "Lovelace" } });
    expect((await call("/user/ada")).body).toMatchObject({ ...user, lastName: "Lovelace" });
  });
});
