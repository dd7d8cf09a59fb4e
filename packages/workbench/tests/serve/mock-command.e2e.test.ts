// `npm run mock` as a command, in a scratch copy whose product contract is Petstore: it serves
// the contract, regenerates and reloads a saved one, logs one line per exchange without a
// credential, stops cleanly on SIGTERM, refuses bad arguments in a line; and clients no one here wrote find every operation's default
// answer keeps the contract: Prism in its validating proxy mode, and the Postman collection
// openapi-to-postmanv2 makes of the contract, run by newman.
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeCheck, createOperationMatcher, createFixtures } from "@contract-workbench/workbench/fixtures";
import { readContract, readManifest } from "@contract-workbench/workbench/codegen";
import { removeApiScratch } from "../../../../tests/harness/api-scratch.ts";
import { REPO, WORKBENCH_BIN } from "../../../../tests/harness/scratch-copy.ts";
import { startMockInScratch } from "./mock-scratch.ts";
import { startPrismProxy, throughPrism } from "./prism-proxy.ts";
import { requestsOf, runCollection, toCollection } from "./postman.ts";
import { SHARED_SPECS } from "../../../../tooling/shared-specs.ts";

const PETSTORE = join(SHARED_SPECS, "petstore3.yaml");
const MARKER = "k3y-marker-0d9e";
const CREDENTIALS = { api_key: MARKER, Authorization: `Bearer ${MARKER}` };

function runMock(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, [WORKBENCH_BIN, "mock", ...args], { cwd, encoding: "utf8", timeout: 60_000 });
}

describe.skipIf(!existsSync(PETSTORE))("npm run mock on Petstore", () => {
  let dir: string;
  let mock: ChildProcess;
  let url: string;
  let output: () => string;

  beforeAll(async () => {
    ({ dir, mock, url, output } = await startMockInScratch("mock-petstore", {
      "openapi.yaml": readFileSync(PETSTORE, "utf8"),
    }));
  });
  afterAll(() => {
    if (mock.exitCode === null) mock.kill("SIGKILL");
    removeApiScratch(dir);
  });

  it("answers Petstore's GET /pet/{petId} with its example, and refuses it without the key", async () => {
    const pet = await fetch(`${url}/api/v3/pet/10`, { headers: { api_key: MARKER } });
    expect(pet.status).toBe(200);
    expect(await pet.json()).toMatchObject({ id: 10, name: "doggie" });
    const refused = await fetch(`${url}/api/v3/pet/10`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toContain("api_key");
  });

  it("passes Prism's response validation (its proxy mode) for every operation's default answer", async () => {
    const { prism, url: proxy } = await startPrismProxy(dir, "openapi/openapi.yaml", url);
    try {
      const { operations } = readManifest(dir);
      const { findings, unrouted, statuses } = await throughPrism(dir, proxy, operations, CREDENTIALS);
      expect({ findings, unrouted }).toEqual({ findings: [], unrouted: [] });
      expect([...statuses.values()].filter((status) => status >= 300)).toEqual([]);
      expect(statuses.size).toBe(operations.length);
    } finally {
      prism.kill();
    }
  });

  it("runs the collection openapi-to-postmanv2 makes of the contract with newman: declared statuses, bodies that keep their schemas", async () => {
    const collection = await toCollection(readFileSync(join(dir, "openapi/openapi.yaml"), "utf8"));
    const requests = requestsOf(collection.item);
    // Every URL is built on the baseUrl variable pointed below at the loopback server, so newman reaches no other host.
    expect(requests.map((request) => request.url.host?.join("."))).toEqual(requests.map(() => "{{baseUrl}}"));
    // As a Postman user does after getting a token: the OAuth2 requests send it as a Bearer header.
    for (const request of requests)
      if (request.auth?.type === "oauth2")
        request.auth.oauth2?.push(
          { key: "accessToken", value: "{{accessToken}}" },
          { key: "addTokenTo", value: "header" },
        );
    const executions = await runCollection(collection, [
      { key: "baseUrl", value: `${url}/api/v3` },
      { key: "apiKey", value: MARKER },
      { key: "accessToken", value: MARKER },
    ]);
    const manifest = readManifest(dir);
    const match = createOperationMatcher(manifest.operations);
    const check = createExchangeCheck(readContract(dir), createFixtures(manifest, readContract(dir)).validator);
    const findings: string[] = [];
    const statuses: string[] = [];
    for (const { item, request, response, requestError } of executions) {
      expect(request.url.getHost()).toBe("127.0.0.1");
      const found = match(request.method, request.url.toString());
      if (!found || !response) {
        findings.push(`${item.name}: ${found ? (requestError?.message ?? "no response") : "no operation"}`);
        continue;
      }
      statuses.push(`${found.operation.operationId} ${response.code}`);
      const body = [204, 304].includes(response.code) ? null : response.stream ? new Uint8Array(response.stream) : null;
      const answer = new Response(body, { status: response.code, headers: response.headers.toObject() });
      for (const violation of await check.response(found.operation, answer, { method: request.method }))
        findings.push(
          `${violation.operationId} ${response.code}: ${violation.place} ${violation.pointer} expected ${violation.expected}, got ${violation.actual}`,
        );
    }
    expect(findings).toEqual([]);
    // Contracts that declare `default` accept any status: the collection's requests are valid, so each is answered.
    expect(statuses.filter((each) => !/ 2\d\d$/.test(each))).toEqual([]);
    expect(statuses).toHaveLength(manifest.operations.length);
  });

  it("regenerates and reloads a saved contract; a save that cannot be generated keeps the one before, located", async () => {
    const file = join(dir, "openapi", "openapi.yaml");
    const petstore = readFileSync(PETSTORE, "utf8");
    // As editors save: a new file renamed over the old one (which Node's own recursive watch loses).
    const save = (text: string) => {
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
    };
    const until = async (seen: (text: string) => boolean) => {
      for (const deadline = Date.now() + 90_000; !seen(output());) {
        if (Date.now() > deadline) throw new Error(`not printed:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const health = "/api/v3/health";
    const withHealth = petstore.replace(
      /^paths:\n/m,
      'paths:\n  /health:\n    get:\n      operationId: getHealth\n      responses:\n        "200":\n          description: up\n          content:\n            application/json:\n              schema: { type: object, properties: { up: { type: boolean } } }\n',
    );
    expect(withHealth).not.toBe(petstore);
    const operations = (count: number) => `mock: the contract changed: serving ${count} operations`;
    try {
      save(withHealth);
      await until((text) => text.includes(operations(20)));
      expect((await fetch(`${url}${health}`)).status).toBe(200);

      save(`${withHealth}\nbroken: [\n`);
      await until((text) => text.includes("was saved but cannot be generated; still serving the contract before."));
      expect(output()).toMatch(/^mock: openapi\/openapi\.yaml:\d+:\d+ error /m);
      expect((await fetch(`${url}${health}`)).status).toBe(200);
    } finally {
      save(petstore);
    }
    await until((text) => text.includes(operations(19)));
    expect((await fetch(`${url}${health}`)).status).toBe(404);
  });

  it("logs one line per exchange without the key, and stops cleanly on SIGTERM", async () => {
    await fetch(`${url}/api/v3/store/inventory?api_key=${MARKER}`, { headers: { api_key: MARKER } });
    const exited = new Promise<number | null>((resolve) => mock.once("exit", resolve));
    mock.kill("SIGTERM");
    expect(await exited).toBe(0);
    const text = output();
    expect(text).toMatch(/GET \/api\/v3\/store\/inventory getInventory 200 \d+\.\d ms/);
    expect(text).toContain("mock: SIGTERM: closing.");
    expect(text).not.toContain(MARKER);
  });

  it("refuses to start on a hand-broken recording, naming its file, line and column", () => {
    mkdirSync(join(dir, "mocks/recorded"), { recursive: true });
    writeFileSync(join(dir, "mocks/recorded/recorded.json"), '{\n  "getPetById": { "status": 200,, }\n}\n');
    const result = runMock(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^mock: cannot start: mocks\/recorded\/recorded\.json:2:33: not JSON \(.+\)\.\n$/);
  });
});

describe("npm run mock's arguments", () => {
  it("refuses an unknown contract, naming the registry's", () => {
    const result = runMock(REPO, "--contract", "nope");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "--contract nope: contracts.config.ts has no such contract; its contracts are product,",
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a bad port and an unknown scenario with the usage line", () => {
    const port = runMock(REPO, "--port", "http");
    expect(port.status).toBe(1);
    expect(port.stderr).toContain("--port takes 0 to 65535, not http.");
    expect(port.stderr).toContain("usage: npm run mock --");
    const scenario = runMock(REPO, "--scenario", "sunny");
    expect(scenario.stderr).toContain("--scenario sunny is not a scenario; the scenarios are default, empty,");
  });
});
