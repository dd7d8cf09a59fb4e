/**
 * `npm run bench:mock-server`: `npm run mock` beside Prism's `prism mock`, both serving Petstore
 * (SHARED_SPECS/petstore3.yaml, in a scratch copy), in one run: requests per second and p99
 * latency for the same operations at 50 connections (autocannon, in this process; each server a
 * process of its own), then the mock server's memory over many requests that create pets (its
 * store holds at most `DEFAULT_MAX_RECORDS` records; past that a create is refused with 507).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { loadavg } from "node:os";
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

const PETSTORE = join(SHARED_SPECS, "petstore3.yaml");
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CREATES = Number(process.env.BENCH_CREATES ?? 100_000);
const KEY = { api_key: "bench-key" };
const BEARER = { Authorization: "Bearer bench-token" };

const OPERATIONS: Array<{ name: string; path: string; headers: Record<string, string> }> = [
  { name: "GET /pet/{petId} (api_key)", path: "/pet/10", headers: KEY },
  { name: "GET /pet/findByStatus (OAuth)", path: "/pet/findByStatus?status=available", headers: BEARER },
  { name: "GET /store/inventory (api_key)", path: "/store/inventory", headers: KEY },
  { name: "GET /user/{username}", path: "/user/user1", headers: {} },
];

if (!existsSync(PETSTORE)) {
  console.error(`bench:mock-server: ${PETSTORE} is missing (SHARED_SPECS names the folder).`);
  process.exit(1);
}

/** Starts a server with its output in a file (as CI keeps it: a pipe read late would hold its log in memory). */
async function startServer(cwd: string, name: string, command: string, args: string[], ready: string) {
  const log = join(cwd, `${name}.log`);
  const fd = openSync(log, "w");
  const child = spawn(command, args, { cwd, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const deadline = Date.now() + 60_000;
  while (!readFileSync(log, "utf8").includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${readFileSync(log, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** The resident memory of a process, in MiB (Linux). */
function rssMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

const dir = makeApiScratch("bench-mock-server");
const children: ChildProcess[] = [];
try {
  writeContract(dir, { "openapi.yaml": readFileSync(PETSTORE, "utf8") });
  if (runApi(dir).status !== 0) throw new Error("npm run api failed on Petstore");
  const [ours, prism] = [await freePort(), await freePort()];
  const mock = await startServer(
    dir,
    "mock",
    process.execPath,
    [WORKBENCH_BIN, "mock", "--port", String(ours)],
    "mock: product",
  );
  children.push(mock);
  children.push(
    await startServer(
      dir,
      "prism",
      join(REPO, "node_modules/.bin/prism"),
      ["mock", "-h", "127.0.0.1", "-p", String(prism), "openapi/openapi.yaml"],
      "Prism is listening",
    ),
  );
  const servers = [
    { name: "npm run mock", url: `http://127.0.0.1:${ours}` },
    { name: "prism mock", url: `http://127.0.0.1:${prism}` },
  ];

  // What else the machine runs changes both columns alike; the ratio is what one run compares.
  const load = loadavg()[0]?.toFixed(1);
  console.log(
    `Petstore, ${CONNECTIONS} connections, ${SECONDS} s per operation and server (autocannon 9), load average ${load}\n`,
  );
  console.log("| operation | npm run mock req/s | p99 ms | prism mock req/s | p99 ms | ratio |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const op of OPERATIONS) {
    const results: Result[] = [];
    for (const server of servers) {
      const url = `${server.url}${op.path}`;
      // A short warm-up: schemas compiled, data generated, the JIT settled.
      await autocannon({ url, connections: 10, duration: 1, headers: op.headers });
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: op.headers });
      if (result.non2xx > 0 || result.errors > 0)
        console.error(`  ${server.name} ${op.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.push(result);
    }
    const [a, b] = results as [Result, Result];
    console.log(
      `| ${op.name} | ${a.requests.average.toFixed(0)} | ${a.latency.p99} | ${b.requests.average.toFixed(0)} | ${b.latency.p99} | ${(a.requests.average / b.requests.average).toFixed(1)}× |`,
    );
  }

  // Memory over many creates: the store is bounded, so resident memory levels off.
  const url = `http://127.0.0.1:${ours}/pet`;
  const body = JSON.stringify({ name: "doggie", photoUrls: ["https://example.com/dog.jpg"], status: "available" });
  const headers = { ...BEARER, "Content-Type": "application/json" };
  const before = rssMiB(mock);
  const lines = [`\nnpm run mock, ${CREATES} × POST /pet at ${CONNECTIONS} connections (RSS of its process):`];
  let created = 0;
  let refused = 0;
  let failed = 0;
  for (let step = 1; step <= 4; step++) {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      amount: CREATES / 4,
      method: "POST",
      headers,
      body,
    });
    created += result["2xx"];
    refused += result.non2xx;
    failed += result.errors + result.timeouts;
    lines.push(`  after ${((CREATES / 4) * step).toLocaleString("en")} creates: ${rssMiB(mock).toFixed(0)} MiB`);
  }
  console.log(
    [
      ...lines,
      `  before: ${before.toFixed(0)} MiB; ${created} created, ${refused} refused (store full), ${failed} errors or timeouts`,
    ].join("\n"),
  );
} finally {
  for (const child of children) child.kill("SIGTERM");
  removeApiScratch(dir);
}
