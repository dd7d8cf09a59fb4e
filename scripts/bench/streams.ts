/**
 * `npm run bench:streams [-- <document> [runs]]`: what streamed answers cost. For each stream a
 * contract declares (the streams test contract's by default, generated in memory from a
 * document when one is given): the time from the call to the first event in the `default`
 * scenario, through MSW and the app's own stream client (target under 50 ms), over `runs` calls
 * (default 20); then the cost of reading and of checking one event against its item schema, over
 * a stream of 2,000 of the fixtures' events. Exit code 1 when the target is missed.
 */
import { setupServer } from "msw/node";
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { runnerImport } from "vite";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { createApiClient, createApiStreams } from "@contract-workbench/runtime";
import { readItems } from "@contract-workbench/runtime/streams";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type * as FixturesEntry from "@contract-workbench/workbench/fixtures";
import { generate } from "@contract-workbench/workbench/codegen";
import { median, percentile } from "./measure.ts";

const root = resolve(import.meta.dirname, "../..");
const TARGET_MS = 50;
const EVENTS_CHECKED = 2_000;
const BASE = "http://bench.test";

const [documentArg, runsArg] = process.argv.slice(2);
const runs = runsArg === undefined ? 20 : Number(runsArg);
if (documentArg !== undefined && !existsSync(resolve(process.cwd(), documentArg))) {
  console.error(`bench:streams: ${documentArg}: file not found.`);
  console.error("bench:streams: usage: npm run bench:streams [-- <openapi document> [runs]]");
  process.exit(1);
}

/** The fixtures' modules, loaded the way Vite serves them (`import.meta.env`, the `@` alias); the runtime package Node reads itself. */
async function load<T>(specifier: string): Promise<T> {
  const { module } = await runnerImport<T>(specifier, {
    configFile: false,
    root,
    logLevel: "silent",
    resolve: { alias: { "@": join(root, "src") } },
  });
  return module;
}

const { checkStream, createFixtures, frameItem } = await load<typeof FixturesEntry>(
  "@contract-workbench/workbench/fixtures",
);

let manifest: Manifest;
let contract: ContractSchemas;
if (documentArg === undefined) {
  const generated = join(root, "tests/contracts/streams/generated");
  manifest = JSON.parse(readFileSync(join(generated, "manifest.json"), "utf8")) as Manifest;
  contract = JSON.parse(readFileSync(join(generated, "contract.json"), "utf8")) as ContractSchemas;
} else {
  const document = relative(root, resolve(process.cwd(), documentArg));
  const { outputs } = await generate(root, { contract: document, outDir: "bench" });
  manifest = JSON.parse(outputs.get("bench/manifest.json") ?? "") as Manifest;
  contract = JSON.parse(outputs.get("bench/contract.json") ?? "") as ContractSchemas;
}

const fixtures = createFixtures(manifest, contract);
const server = setupServer(...fixtures.handlers);
server.listen({ onUnhandledFrame: "bypass" });
const client = createApiClient({ baseUrl: BASE, operations: manifest.operations });
const streams = createApiStreams(client as never, { manifest }) as unknown as {
  open(
    method: string,
    path: string,
    init: object,
    options: { accept: string },
  ): Promise<{ events?: AsyncIterable<unknown>; error?: unknown }>;
};

const pairs = manifest.operations.flatMap((operation) =>
  operation.responses
    .filter((response) => /^2/.test(response.status))
    .flatMap((response) => (response.streams ?? []).map((stream) => ({ operation, status: response.status, stream }))),
);
if (pairs.length === 0) {
  console.log("bench:streams: the contract declares no stream.");
  process.exit(0);
}

console.log(
  `bench:streams: ${pairs.length} streams, ${runs} calls each, default scenario, through MSW and the stream client`,
);
let missed = false;
const firsts: number[] = [];
for (const { operation, status, stream } of pairs) {
  const { params, body, mediaType } = fixtures.sampleRequest(operation.operationId);
  const init = {
    params,
    ...(body === undefined ? {} : { body, headers: { "Content-Type": mediaType ?? "application/json" } }),
  };
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const controller = new AbortController();
    const start = performance.now();
    const opened = await streams.open(
      operation.method,
      operation.path,
      { ...init, signal: controller.signal },
      {
        accept: stream.mediaType,
      },
    );
    if (opened.events === undefined)
      throw new Error(`${operation.operationId} ${status}: no stream (${String(opened.error)})`);
    // The first event arrived: that is what is timed.
    await opened.events[Symbol.asyncIterator]().next();
    times.push(performance.now() - start);
    controller.abort();
  }
  firsts.push(...times);
  const warm = times.slice(1);
  const line = `${operation.operationId} ${status} ${stream.mediaType}: first call ${times[0]?.toFixed(1)} ms, then median ${median(warm).toFixed(1)} ms, p95 ${percentile(warm, 0.95).toFixed(1)} ms`;
  console.log(`  ${line}`);
  if (median(warm) >= TARGET_MS) missed = true;
}
console.log(
  `time to the first event: median ${median(firsts).toFixed(1)} ms, p95 ${percentile(firsts, 0.95).toFixed(1)} ms, worst ${Math.max(...firsts).toFixed(1)} ms (target: median under ${TARGET_MS} ms) ${missed ? "MISSED" : "met"}`,
);
server.close();

// Reading and checking one event: the fixtures' own events, repeated into one long stream.
console.log(`\ncost of one event, over a stream of ${EVENTS_CHECKED} of the fixtures' events:`);
const encoder = new TextEncoder();
function bodyOf(text: string): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.subarray(at, at + 16_384));
      controller.close();
    },
  });
}
for (const { operation, status, stream } of pairs) {
  const media = contract.operations[operation.operationId]?.responses[status]?.content[stream.mediaType];
  const sequence: unknown = fixtures.fixture(operation.operationId, status as never, "default", stream.mediaType);
  const items = Array.isArray(sequence) && sequence.length > 0 ? sequence : [];
  if (media?.stream === undefined || items.length === 0) continue;
  const text = Array.from({ length: EVENTS_CHECKED }, (_, index) =>
    frameItem(items[index % items.length], media.stream!),
  ).join("");
  const pointer = `#/operations/${operation.operationId}/responses/${status}/content/${stream.mediaType.replace("~", "~0").replace("/", "~1")}/schema`;
  // Warm: the item schema compiled once. Then the median of a few rounds of each.
  await checkStream(fixtures.validator, pointer, media, bodyOf(text));
  const readRounds: number[] = [];
  const checkRounds: number[] = [];
  let failures = 0;
  for (let round = 0; round < 5; round++) {
    const readStart = performance.now();
    let read = 0;
    const reader = readItems(bodyOf(text), media.stream, { maxEvents: EVENTS_CHECKED + 1 });
    while (!(await reader.next()).done) read += 1;
    readRounds.push(((performance.now() - readStart) / read) * 1000);
    const checkStart = performance.now();
    const checked = await checkStream(fixtures.validator, pointer, media, bodyOf(text), {
      maxEvents: EVENTS_CHECKED + 1,
    });
    checkRounds.push(((performance.now() - checkStart) / checked.items) * 1000);
    failures = checked.failures.length;
  }
  const bytes = encoder.encode(text).length / EVENTS_CHECKED;
  console.log(
    `  ${operation.operationId} ${status} ${stream.mediaType} (${bytes.toFixed(0)} bytes an event): read ${median(readRounds).toFixed(1)} µs, read and checked ${median(checkRounds).toFixed(1)} µs an event${failures > 0 ? ` (${failures} failures!)` : ""}`,
  );
}
process.exitCode = missed ? 1 : 0;
