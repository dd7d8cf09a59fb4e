/**
 * `npm run bench:mocks -- <document> [operations]`: what the fixtures cost on a
 * contract. Build: parsing `contract.json` and creating the default handlers and the
 * validator (what Storybook, a test file and the app's mock mode do once). Then, for
 * up to [operations] operations spread over the contract (default 200): the first
 * request (schemas compiled, data generated) and the added latency of a warm
 * request, checked both ways, against a bare MSW handler serving the same bytes; and
 * for the operations of the contract's resources, a stateful answer against the
 * stateless default answer of the same request.
 *
 * The document is generated in memory (never copied into openapi/).
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { join, relative, resolve } from "node:path";
import { runnerImport } from "vite";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type * as ContractFixtures from "@contract-workbench/workbench/fixtures";
import { generate } from "@contract-workbench/workbench/codegen";
import { documentArguments } from "./arguments.ts";
import { median, mib, percentile } from "./measure.ts";

const root = resolve(import.meta.dirname, "../..");
const { document, count: sampleSize } = documentArguments("bench:mocks", "[operations]", 200);
const WARM_RUNS = 15;
const BASE = "http://bench.test";

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

// The fixtures are written for Vite (extensionless imports, the @ alias): load them the way Vitest does.
const { module } = await runnerImport<typeof ContractFixtures>("@contract-workbench/workbench/fixtures", {
  configFile: false,
  root,
  logLevel: "silent",
  resolve: { alias: { "@": join(root, "src") } },
});

const { outputs } = await generate(root, { contract: relative(root, document), outDir: "bench" });
const manifestText = outputs.get("bench/manifest.json") ?? "";
const contractText = outputs.get("bench/contract.json") ?? "";

const rssBefore = process.memoryUsage().rss;
const buildStart = performance.now();
const fixtures = module.createFixtures(
  JSON.parse(manifestText) as Manifest,
  JSON.parse(contractText) as ContractSchemas,
);
const buildMs = performance.now() - buildStart;
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const buildRss = process.memoryUsage().rss - rssBefore;

const operations = fixtures.manifest.operations;
const step = Math.max(1, Math.floor(operations.length / Math.max(1, sampleSize)));
const sample = operations.filter((_, index) => index % step === 0).slice(0, sampleSize);

const server = setupServer();
server.listen({ onUnhandledFrame: "error" });

function requestFor(operation: (typeof operations)[number]): { url: string; init: RequestInit } {
  const { params, body, mediaType } = fixtures.sampleRequest(operation.operationId);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(JSON.stringify(params.path?.[name] ?? name).replace(/^"|"$/g, "")),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params.query ?? {})) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      query.append(name, typeof item === "string" ? item : JSON.stringify(item));
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(params.header ?? {})) {
    headers[name] = typeof value === "string" ? value : JSON.stringify(value);
  }
  if (body !== undefined) headers["Content-Type"] = mediaType ?? "application/json";
  return {
    url: `${BASE}${path}${query.size > 0 ? `?${query.toString()}` : ""}`,
    init: {
      method: operation.method.toUpperCase(),
      headers,
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    },
  };
}

async function time(
  url: string,
  init: RequestInit,
): Promise<{ ms: number; status: number; text: string; type: string }> {
  const start = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  await fixtures.settled();
  return {
    ms: performance.now() - start,
    status: response.status,
    text,
    type: response.headers.get("Content-Type") ?? "",
  };
}

const first: number[] = [];
const added: number[] = [];
const addedOverride: number[] = [];
const addedStateful: number[] = [];
for (const operation of sample) {
  const { url, init } = requestFor(operation);
  server.resetHandlers(...fixtures.handlers);
  const detach = fixtures.observe(server.events);
  const cold = await time(url, init);
  first.push(cold.ms);
  const mocked: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) mocked.push((await time(url, init)).ms);
  // The same body as a one-line override: answered by a story's handler, so checked on every request.
  const declared = operation.responses.find((response) => String(cold.status).startsWith(response.status[0] ?? "?"));
  const overridden: number[] = [];
  if (declared && cold.type.includes("json") && cold.text !== "") {
    server.resetHandlers(fixtures.respond(operation.operationId, declared.status, JSON.parse(cold.text) as never));
    for (let run = 0; run < WARM_RUNS; run++) overridden.push((await time(url, init)).ms);
  }
  // A resource's operation answered from the store, against the same request answered stateless.
  if (fixtures.resources.handles(operation.operationId)) {
    server.resetHandlers(...fixtures.handlers);
    const stateful: number[] = [];
    const stateless: number[] = [];
    for (let run = 0; run < WARM_RUNS; run++) {
      fixtures.resources.setEnabled(true);
      stateful.push((await time(url, init)).ms);
      fixtures.resources.setEnabled(false);
      stateless.push((await time(url, init)).ms);
    }
    fixtures.resources.setEnabled(true);
    addedStateful.push(median(stateful) - median(stateless));
  }
  detach();
  // The same bytes from a bare handler: what MSW costs without the fixtures.
  server.resetHandlers(
    http.all(`${BASE}/*`, () =>
      cold.text === ""
        ? new HttpResponse(null, { status: cold.status })
        : new HttpResponse(cold.text, { status: cold.status, headers: { "Content-Type": cold.type } }),
    ),
  );
  const bare: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) bare.push((await time(url, init)).ms);
  added.push(median(mocked) - median(bare));
  if (overridden.length > 0) addedOverride.push(median(overridden) - median(bare));
}
server.close();
clearInterval(sampler);

const mibOf = (bytes: number) => mib(bytes / 1024 / 1024);
const ms = (value: number) => `${value.toFixed(2)} ms`;
const report = [
  `bench:mocks: ${relative(process.cwd(), document)}: ${operations.length} operations, ${sample.length} measured, ${WARM_RUNS} warm requests each`,
  `  build (parse contract.json, handlers, validator): ${ms(buildMs)}  (target < 2000 ms), +${mibOf(buildRss)} RSS`,
  `  first request per operation (compile + generate + check): median ${ms(median(first))}, p95 ${ms(percentile(first, 0.95))}`,
  `  added latency per warm request (median over operations): ${ms(median(added))}  (target < 1 ms), p95 ${ms(percentile(added, 0.95))}`,
  `  added latency per warm request answered by an override, checked in full (${addedOverride.length} operations): median ${ms(median(addedOverride))}, p95 ${ms(percentile(addedOverride, 0.95))}`,
  `  added latency of a stateful answer over the stateless default (${addedStateful.length} resource operations): median ${ms(median(addedStateful))}  (target < 1 ms), p95 ${ms(percentile(addedStateful, 0.95))}`,
  `  peak RSS: ${mibOf(peakRss)}`,
];
console.log(report.join("\n"));

// The targets: a miss fails the command (and says which).
const misses = [
  ...(buildMs >= 2000 ? [`build took ${ms(buildMs)} (target < 2000 ms)`] : []),
  ...(median(added) >= 1 ? [`a warm request added ${ms(median(added))} (target < 1 ms)`] : []),
  ...(median(addedStateful) >= 1
    ? [`a stateful answer added ${ms(median(addedStateful))} over the stateless one (target < 1 ms)`]
    : []),
];
if (misses.length > 0) {
  console.error(`bench:mocks: missed: ${misses.join("; ")}`);
  process.exit(1);
}
