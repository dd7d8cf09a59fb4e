/**
 * `npm run bench:mock-server [-- --duration <s>] [-- --creates <n>]`: `npm run mock` beside Prism's
 * `prism mock` and Scalar's mock server (`scalar-server.ts`), the three serving the same contract
 * (SHARED_SPECS/petstore3.yaml, then github-rest.json, each in a scratch copy), in one run:
 * requests per second and p99 latency for the same GET operations at 50 connections (autocannon,
 * in this process; each server a process of its own on 127.0.0.1), the ratios ours/Prism and
 * ours/Scalar; then the mock server's memory over many requests that create pets (its store holds
 * at most `DEFAULT_MAX_RECORDS` records; past that a create is refused with 507). Every server it
 * starts is stopped on the way out, on failure and on Ctrl-C too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { makeApiScratch, removeApiScratch, runApi, writeContract } from "../../tests/harness/api-scratch.ts";
import { freePort } from "../../tests/harness/dev-server.ts";
import { REPO, WORKBENCH_BIN } from "../../tests/harness/scratch-copy.ts";
import { SHARED_SPECS } from "../../tooling/shared-specs.ts";

interface Result {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<Result>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const { values: flags } = parseArgs({
  options: { duration: { type: "string", default: "8" }, creates: { type: "string", default: "100000" } },
});
const SECONDS = Number(flags.duration);
const CREATES = Number(flags.creates);
if (!(SECONDS >= 1) || !(CREATES >= 4)) {
  console.error(
    "bench:mock-server: usage: npm run bench:mock-server -- [--duration <seconds ≥ 1>] [--creates <n ≥ 4>]",
  );
  process.exit(1);
}
const CONNECTIONS = 50;
const KEY = { api_key: "bench-key" };
const BEARER = { Authorization: "Bearer bench-token" };

interface Operation {
  name: string;
  path: string;
  /** Sent with this request, in place of the contract's `headers`. */
  headers?: Record<string, string>;
}
interface Contract {
  name: string;
  /** Its file in SHARED_SPECS. */
  spec: string;
  /** Sent with each request that names none. */
  headers?: Record<string, string>;
  operations: Operation[];
}

// GETs each of the three servers answers with a 2xx; the same request to each.
const CONTRACTS: Contract[] = [
  {
    name: "Petstore",
    spec: "petstore3.yaml",
    operations: [
      { name: "GET /pet/{petId} (api_key)", path: "/pet/10", headers: KEY },
      { name: "GET /pet/findByStatus (OAuth)", path: "/pet/findByStatus?status=available", headers: BEARER },
      { name: "GET /store/inventory (api_key)", path: "/store/inventory", headers: KEY },
      { name: "GET /user/{username}", path: "/user/user1", headers: {} },
    ],
  },
  {
    // Its operations need no credentials; a token is sent as a client of GitHub's would.
    name: "GitHub",
    spec: "github-rest.json",
    headers: BEARER,
    operations: [
      { name: "GET /users/{username}", path: "/users/octocat" },
      { name: "GET /rate_limit", path: "/rate_limit" },
      { name: "GET /repos/{owner}/{repo}/issues", path: "/repos/octocat/hello-world/issues" },
      { name: "GET /meta", path: "/meta" },
    ],
  },
];
const sourceOf = (contract: Contract) => join(SHARED_SPECS, contract.spec);
/** Its name under the scratch copy's `openapi/`. */
const fileOf = (contract: Contract) => `openapi${extname(contract.spec)}`;

for (const contract of CONTRACTS) {
  if (!existsSync(sourceOf(contract))) {
    console.error(`bench:mock-server: ${sourceOf(contract)} is missing (SHARED_SPECS names the folder).`);
    process.exit(1);
  }
}

const children = new Set<ChildProcess>();
const scratches = new Set<string>();

function stopServers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
}
function cleanUp(): void {
  stopServers();
  for (const dir of scratches) removeApiScratch(dir);
  scratches.clear();
}
// Ctrl-C or a kill: the servers and scratch copies go with this process.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
  });
}
process.once("exit", stopServers);

/** Starts a server with its output in a file (as CI keeps it: a pipe read late would hold its log in memory). */
async function startServer(cwd: string, name: string, command: string, args: string[], ready: string) {
  const log = join(cwd, `${name}.log`);
  const fd = openSync(log, "w");
  const child = spawn(command, args, { cwd, stdio: ["ignore", fd, fd] });
  children.add(child);
  closeSync(fd);
  // GitHub's contract takes each server a while to read.
  const deadline = Date.now() + 240_000;
  while (!readFileSync(log, "utf8").includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not start:\n${readFileSync(log, "utf8").trim().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** The resident memory of a process, in MiB (Linux). */
function rssMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

interface Server {
  name: string;
  url: string;
}

/** The three servers on one contract, ours first; Scalar is left out, with a line saying why, when it cannot serve it. */
async function startServers(dir: string, contract: Contract): Promise<{ servers: Server[]; mock: ChildProcess }> {
  const document = join("openapi", fileOf(contract));
  const [ours, prism, scalar] = [await freePort(), await freePort(), await freePort()];
  const mock = await startServer(
    dir,
    "mock",
    process.execPath,
    [WORKBENCH_BIN, "mock", "--port", String(ours)],
    "mock: product",
  );
  await startServer(
    dir,
    "prism",
    join(REPO, "node_modules/.bin/prism"),
    ["mock", "-h", "127.0.0.1", "-p", String(prism), document],
    "Prism is listening",
  );
  const servers = [
    { name: "npm run mock", url: `http://127.0.0.1:${ours}` },
    { name: "prism mock", url: `http://127.0.0.1:${prism}` },
  ];
  try {
    const script = join(REPO, "scripts/bench/scalar-server.ts");
    await startServer(
      dir,
      "scalar",
      process.execPath,
      [script, join(dir, document), String(scalar)],
      "scalar: listening",
    );
    servers.push({ name: "Scalar", url: `http://127.0.0.1:${scalar}` });
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).split("\n").slice(1).join(" ").trim();
    console.log(
      `Scalar's mock server cannot serve ${contract.name}'s contract (${why.slice(0, 300) || "it exited"}); left out.`,
    );
  }
  return { servers, mock };
}

// A server that completed no request in the time has no ratio (its cells say 0).
const ratio = (ours: Result | undefined, theirs: Result | undefined) =>
  ours && theirs && theirs.requests.average > 0
    ? `${(ours.requests.average / theirs.requests.average).toFixed(1)}×`
    : "—";
const cells = (result: Result | undefined) =>
  result ? `${result.requests.average.toFixed(0)} | ${result.latency.p99}` : "— | —";

/** Each operation on each server: a warm-up, then `SECONDS` at `CONNECTIONS`; one table row per operation. */
async function compare(contract: Contract, servers: Server[]): Promise<void> {
  console.log(
    "| operation | npm run mock req/s | p99 ms | prism mock req/s | p99 ms | Scalar req/s | p99 ms | ours/Prism | ours/Scalar |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const op of contract.operations) {
    const headers = op.headers ?? contract.headers ?? {};
    const results = new Map<string, Result>();
    for (const server of servers) {
      const url = `${server.url}${op.path}`;
      // A server that refuses the request would be measured refusing it: say so, leave its cell empty.
      const probe = await fetch(url, { headers });
      await probe.arrayBuffer();
      if (!probe.ok) {
        console.error(`  ${server.name} ${op.name}: answers ${probe.status}; not measured`);
        continue;
      }
      // A short warm-up: schemas compiled, data generated, the JIT settled.
      await autocannon({ url, connections: 10, duration: 1, headers });
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
      if (result["2xx"] === 0)
        console.error(`  ${server.name} ${op.name}: no answer within ${SECONDS} s at ${CONNECTIONS} connections`);
      else if (result.non2xx > 0 || result.errors > 0)
        console.error(`  ${server.name} ${op.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.set(server.name, result);
    }
    const [ours, prism, scalar] = ["npm run mock", "prism mock", "Scalar"].map((name) => results.get(name));
    console.log(
      `| ${op.name} | ${cells(ours)} | ${cells(prism)} | ${cells(scalar)} | ${ratio(ours, prism)} | ${ratio(ours, scalar)} |`,
    );
  }
}

/** Many creates: the store is bounded, so resident memory levels off. */
async function memory(mock: ChildProcess, url: string): Promise<void> {
  const body = JSON.stringify({ name: "doggie", photoUrls: ["https://example.com/dog.jpg"], status: "available" });
  const headers = { ...BEARER, "Content-Type": "application/json" };
  const before = rssMiB(mock);
  const lines = [`\nnpm run mock, ${CREATES} × POST /pet at ${CONNECTIONS} connections (RSS of its process):`];
  let created = 0;
  let refused = 0;
  let failed = 0;
  for (let step = 1; step <= 4; step++) {
    const result = await autocannon({
      url: `${url}/pet`,
      connections: CONNECTIONS,
      amount: Math.round(CREATES / 4),
      method: "POST",
      headers,
      body,
    });
    created += result["2xx"];
    refused += result.non2xx;
    failed += result.errors + result.timeouts;
    lines.push(
      `  after ${Math.round((CREATES / 4) * step).toLocaleString("en")} creates: ${rssMiB(mock).toFixed(0)} MiB`,
    );
  }
  console.log(
    [
      ...lines,
      `  before: ${before.toFixed(0)} MiB; ${created} created, ${refused} refused (store full), ${failed} errors or timeouts`,
    ].join("\n"),
  );
}

try {
  // What else the machine runs changes every column alike; the ratios are what one run compares.
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per operation and server (autocannon 9), load average ${loadavg()[0]?.toFixed(1)}`,
  );
  for (const contract of CONTRACTS) {
    const dir = makeApiScratch("bench-mock-server");
    scratches.add(dir);
    writeContract(dir, { [fileOf(contract)]: readFileSync(sourceOf(contract), "utf8") });
    if (runApi(dir).status !== 0) throw new Error(`npm run api failed on ${contract.name}`);
    console.log(`\n${contract.name}\n`);
    const { servers, mock } = await startServers(dir, contract);
    await compare(contract, servers);
    if (contract.name === "Petstore") await memory(mock, servers[0]!.url);
    stopServers();
    removeApiScratch(dir);
    scratches.delete(dir);
  }
} catch (error) {
  console.error(`bench:mock-server: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
