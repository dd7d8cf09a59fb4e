// The tools that meet a real server, against hostile ones on loopback (hostile-server.ts): the
// probe ends within its deadlines with a report line naming each behaviour, never contacts
// another origin and reads no body past its cap; the dev drift check's observer lets go of
// what the app abandons and never reads or holds more than its cap of an answer. Deadlines
// here are 1.5 s, which a well-behaved answer keeps on a busy two-core machine; the upper
// bounds asserted are generous for one.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createDriftCheck,
  createDriftReport,
  observeFetch,
  formatProbeReport,
  probeExitCode,
} from "@contract-workbench/workbench/drift";
import { probe, type ProbeOptions } from "@contract-workbench/workbench/drift";
import { loadContract } from "./drift-contract.ts";
import { HTML, startHostileServer, type HostileServer, type Hostility } from "./hostile-server.ts";

const LIMITS = { timeoutMs: 1_500, maxBodyBytes: 64 * 1024, pages: 3, maxRetryWaitMs: 2000 };
/** How long a run bounded by 1.5 s deadlines may take on a busy machine. */
const WITHIN = 8_000;
/** What a server can push into loopback's socket buffers while nobody reads: far below an unbounded read. */
const BUFFERS = 16 * 1024 * 1024;

let manifest: Manifest;
let contract: ContractSchemas;
/** Another origin, which redirects and links point at: nothing may reach it. */
let elsewhere: HostileServer;
const servers: HostileServer[] = [];

beforeAll(async () => {
  ({ manifest, contract } = await loadContract("tests/contracts/hostile-server/openapi.yaml"));
  elsewhere = await startHostileServer();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  expect(elsewhere.hits).toEqual([]);
  await elsewhere.close();
});

async function hostile(hostility?: Hostility): Promise<HostileServer> {
  const server = await startHostileServer(hostility, { elsewhere: elsewhere.url });
  servers.push(server);
  return server;
}

async function probeHostile(hostility: Hostility, options: Partial<ProbeOptions> = {}) {
  const server = await hostile(hostility);
  const started = performance.now();
  const result = await probe({ baseUrl: server.url, manifest, contract, ...LIMITS, ...options });
  const ms = performance.now() - started;
  return { server, result, ms, report: formatProbeReport(result, LIMITS), exit: probeExitCode(result) };
}

const line = (text: string) => `contract:probe: ${text}`;
const drifting = (pattern: RegExp): unknown => expect.arrayContaining([expect.stringMatching(pattern)]);
const matching = (text: string | RegExp): unknown => (typeof text === "string" ? text : expect.stringMatching(text));

describe("the probe against a hostile server", () => {
  const cases: Array<[Hostility, Array<string | RegExp>, number]> = [
    ["never answers", [line("GET /pets: no answer within 1.5 s")], 1],
    [
      "headers then silence",
      [line("GET /pets: no complete answer within 1.5 s (status 200, 0 bytes of body so far)")],
      1,
    ],
    [
      "endless drip",
      [/^contract:probe: GET \/pets: no complete answer within 1.5 s \(status 200, \d+ bytes of body so far\)$/],
      1,
    ],
    // A total deadline, not an idle one: ten bytes every 20 ms would never trip an idle timeout.
    [
      "slow trickle under the cap",
      [/^contract:probe: GET \/pets: no complete answer within 1.5 s \(status 200, \d+ bytes of body so far\)$/],
      1,
    ],
    ["endless body", [line("GET /pets: a body over the 64 KiB limit")], 1],
    ["huge declared body", [line("GET /pets: a body of 30 MiB declared, over the 64 KiB limit")], 1],
    ["gzip past the cap", [line("GET /pets: a gzip body over the 64 KiB limit once decoded")], 1],
    [
      "reset mid-body",
      [line("GET /pets: status 200, then the connection was cut after 20 bytes of the body (ECONNRESET)")],
      1,
    ],
    [
      "Retry-After of an hour",
      [line("GET /pets: 429 asking to retry after 1 h, longer than the 2 s allowed: not retried")],
      1,
    ],
    [
      "looping cursor chain",
      [line("GET /pets (page 2): its next page is page 2 again: a paging chain that loops, not followed")],
      1,
    ],
    // A chain that never ends looks like a long list for as many pages as are read: the limit ends it.
    ["endless cursor chain", [line("GET /pets (page 3): more pages, not followed (--pages 3)")], 0],
    ["endless Link chain to another origin", [line("GET /visits (page 3): more pages, not followed (--pages 3)")], 0],
  ];
  it.each(cases)("%s: says so in one line and ends within its deadline", async (hostility, lines, exit) => {
    const { report, ms, server, exit: code } = await probeHostile(hostility);
    expect(report.problems).toEqual(lines.map(matching));
    expect(ms).toBeLessThan(WITHIN);
    expect(code).toBe(exit);
    // Whatever it sent, the probe read no more than its cap, and the server could push little more.
    expect(server.bytesSent).toBeLessThan(LIMITS.maxBodyBytes + BUFFERS);
  });

  it("the slow trickle stays under the cap: only the total deadline stops it", async () => {
    const { result } = await probeHostile("slow trickle under the cap");
    const bytes = Number(
      /(\d+) bytes of body so far/.exec(result.calls.find((call) => call.problem)?.problem ?? "")?.[1],
    );
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(2048);
  });

  it("asks a cursor chain for its pages on the same server, as the app's hooks would, and no more than --pages", async () => {
    const { server } = await probeHostile("endless cursor chain");
    expect(server.hits.filter((hit) => hit.startsWith("GET /pets?") || hit === "GET /pets")).toEqual([
      "GET /pets",
      "GET /pets?cursor=c-1",
      "GET /pets?cursor=c-2",
    ]);
  });

  it("takes only the query of a Link that points at another origin", async () => {
    const { server } = await probeHostile("endless Link chain to another origin");
    expect(server.hits.filter((hit) => hit.startsWith("GET /visits"))).toEqual([
      "GET /visits",
      "GET /visits?page=2&per_page=2",
      "GET /visits?page=3&per_page=2",
    ]);
  });

  it("does not follow a redirect to another origin, and names it", async () => {
    const { report, exit } = await probeHostile("redirect to another origin");
    expect(report.problems).toEqual([line(`GET /pets: redirected to another origin (${elsewhere.url}): not followed`)]);
    expect(report.output).toEqual(drifting(/^GET \/pets +302 +response status +one of 200 +302 +1$/m));
    expect(exit).toBe(1);
  });

  it.each([
    [
      "HTML where JSON is declared",
      /^GET \/pets +200 +response media type +one of application\/json +"text\/html; charset=utf-8" +1$/m,
    ],
    ["HTML labelled as JSON", /^GET \/pets +200 +response body +JSON \(application\/json\) +"<!doctype html>/m],
  ] as const)("reports %s as drift", async (hostility, row) => {
    const { report, exit } = await probeHostile(hostility);
    expect(report.problems).toEqual([]);
    expect(report.output).toEqual(drifting(row));
    expect(exit).toBe(1);
  });

  it("waits once as a short Retry-After asks, then asks again", async () => {
    const { server, report, ms } = await probeHostile("rate-limited once");
    expect(server.hits.filter((hit) => hit === "GET /pets")).toHaveLength(2);
    expect(report.problems).toEqual([]);
    expect(ms).toBeGreaterThanOrEqual(1000);
  });

  it("keeps its deadline while the garbage collector runs, and closes the connection it gave up on", async () => {
    // Node's AbortSignal.timeout loses its timer with its signal, and fetch holds a request's signal weakly.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const collecting = setInterval(gc, 50);
    try {
      const { result, report, ms, server } = await probeHostile("never answers");
      // What this proves is about the request that never answers: the probe gives up on it at its
      // own deadline (not the run's) and closes its connection. The collector's pauses may make a
      // well-behaved request miss its deadline too, which says nothing about that.
      expect(result.calls.find((call) => call.operationId === "listPets")?.problem).toBe("no answer within 1.5 s");
      expect(report.problems).toContain(line("GET /pets: no answer within 1.5 s"));
      expect(result.stopped).toBeUndefined();
      expect(ms).toBeLessThan(WITHIN);
      // Every request the server saw, the one given up on included, has its connection closed
      // (a request the server reads late is counted once it is read).
      expect(server.hits).toContain("GET /pets");
      await expect.poll(() => server.hits.length - server.closed, { timeout: WITHIN }).toBe(0);
    } finally {
      clearInterval(collecting);
    }
  }, 20_000);

  it("stops at the run's deadline with the report so far", async () => {
    // Long enough for the well-behaved first call to answer on a busy machine.
    const { report, result, ms, exit } = await probeHostile("never answers", { timeoutMs: 30_000, maxTimeMs: 2_000 });
    expect(report.problems).toEqual([
      line("stopped: the run's deadline of 2 s passed"),
      line("GET /pets: stopped: the run's deadline of 2 s passed"),
    ]);
    // What had answered by then is in the report; what had not been called says why.
    expect(result.calls.map((call) => [call.operationId, call.status])).toEqual([
      ["listVisits", 200],
      ["listPets", undefined],
    ]);
    expect(result.skipped).toEqual([
      { operationId: "getPet", reason: "stopped before it was called: the run's deadline of 2 s passed" },
    ]);
    expect(ms).toBeLessThan(WITHIN);
    expect(exit).toBe(2);
  });
});

describe("the dev drift check's observer against a hostile server", () => {
  // A deadline a well-behaved answer keeps on a busy machine; the test of the deadline sets its own.
  function observed(limits = { timeoutMs: 2_000, maxBodyBytes: 64 * 1024 }) {
    const target = { fetch: globalThis.fetch };
    const report = createDriftReport();
    const unchecked: string[] = [];
    observeFetch(target, createDriftCheck({ manifest, contract }), report, {
      onNew: () => undefined,
      onUnchecked: (text) => unchecked.push(text),
      limits,
    });
    return { fetch: target.fetch, report, unchecked };
  }

  it("checks a whole answer, while the app gets what the server sent", async () => {
    const server = await hostile("HTML where JSON is declared");
    const { fetch, report } = observed();
    const response = await fetch(`${server.url}/pets`);
    expect([response.status, response.headers.get("content-type"), response.url]).toEqual([
      200,
      "text/html; charset=utf-8",
      `${server.url}/pets`,
    ]);
    expect(await response.text()).toBe(HTML);
    await expect.poll(() => report.entries().map((entry) => entry.place)).toEqual(["response media type"]);
  });

  it("lets go of an exchange the app abandons, at once", async () => {
    const server = await hostile("endless drip");
    const { fetch, unchecked } = observed({ timeoutMs: 60_000, maxBodyBytes: 64 * 1024 * 1024 });
    // The app cancels the body it was reading; another app aborts its request.
    const reader = (await fetch(`${server.url}/pets`)).body?.getReader();
    await reader?.read();
    await reader?.cancel();
    const controller = new AbortController();
    const aborted = await fetch(`${server.url}/pets`, { signal: controller.signal });
    await aborted.body?.getReader().read();
    controller.abort();
    // Both connections closed though the observer's own limits were a minute and 64 MiB away.
    await expect.poll(() => server.closed, { timeout: 2_000 }).toBe(2);
    expect(unchecked).toEqual([]);
  });

  it("reads no more than its cap of an answer the app leaves unread", async () => {
    const server = await hostile("endless body");
    const { fetch, unchecked } = observed();
    const response = await fetch(`${server.url}/pets`);
    await expect
      .poll(() => unchecked)
      .toEqual(["[contract drift] GET /pets: not checked: a body over the 64 KiB limit"]);
    // A second for the server to push what it can: the observer's copy no longer pulls.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.bytesSent).toBeLessThan(64 * 1024 + BUFFERS);
    await response.body?.cancel();
    await expect.poll(() => server.closed).toBe(1);
  });

  it("gives up on a stream that drips past its deadline, and the app reads on", async () => {
    const server = await hostile("endless drip");
    const { fetch, unchecked } = observed({ timeoutMs: 300, maxBodyBytes: 64 * 1024 });
    const reader = (await fetch(`${server.url}/pets`)).body?.getReader();
    // The app reads while the observer's deadline passes, however late its timer fires…
    const until = performance.now() + WITHIN;
    while (unchecked.length === 0 && performance.now() < until && (await reader?.read())?.done === false);
    expect(unchecked).toEqual(["[contract drift] GET /pets: not checked: no complete answer within 300 ms"]);
    // …and reads on after it.
    let after = 0;
    while (after < 3 && (await reader?.read())?.done === false) after += 1;
    expect(after).toBe(3);
    await reader?.cancel();
  });
});
