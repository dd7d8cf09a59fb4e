/**
 * The exchange each gallery story of a contract makes, checked in Node for `npm run bench:corpus`
 * (./corpus-worker.ts): the stories batched as `vitest run` batches them, each batch's handlers
 * installed as `galleryBatch` installs them, each story's sample request sent as the gallery's
 * call sends it (the path without its fragment, the literal query, the body in its declared
 * media type), matched and answered by the fixtures' own handlers, request and answer checked by
 * their exchange monitor. No browser: what a page adds (rendering, axe) is the story tests' part.
 * A stream's story (a stream media type beside JSON) is left to those tests: the stream client
 * reads it. A pair fetch cannot exchange (a TRACE operation, a 1xx status) has no story
 * (`galleryPairs`), so none is checked here either.
 */
import createClient from "openapi-fetch";
import { setupServer } from "msw/node";
import type { Manifest, ManifestOperation } from "@contract-workbench/runtime/manifest";
import { bodyOptionsFor } from "@contract-workbench/runtime";
import { querySerializer } from "@contract-workbench/runtime/styles";
import { withoutFragment } from "@contract-workbench/workbench/contract";
import type { Exchange, Fixtures } from "@contract-workbench/workbench/fixtures";
import { formatViolation, unhandledPolicy } from "@contract-workbench/workbench/fixtures";
import { galleryBatches, galleryPairs } from "@contract-workbench/workbench/storybook";

/**
 * Where the stories' calls go unless the fixtures' session names its own base: under a path, as a
 * client configured with `VITE_API_BASE_URL=…/v1` calls, so that a template's leading parameter
 * could take `v1` (the session's `baseUrl` tells the matcher it is the base). Plain HTTP: in Node,
 * MSW emulates a TLS connection for each `https:` request, a cost the browser's service worker,
 * which the stories use, never pays.
 */
export const GALLERY_BASE_URL = "http://api.corpus.test/v1";

type Init = {
  params: Record<string, Record<string, unknown> | undefined>;
  body?: unknown;
  parseAs: "text";
  querySerializer: (query: Record<string, unknown>) => string;
};
type Call = (path: string, init: Init) => Promise<{ response: Response }>;

/** A path parameter's value as text, as the client's `simple` style writes it (a list comma-separated). */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(",");
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * A path key as the app's client sends it: no fragment, its literal query (`/responses?beta=true`)
 * in the query, its templates (`?key={APIKEY}`, `?{search}=1`) filled from the path parameters,
 * a pair with a template none fills left to the query parameter of its name (`?query={query}`).
 */
function sentPath(
  path: string,
  query: Record<string, unknown> | undefined,
  pathValues: Record<string, unknown> | undefined,
) {
  const [template = "", literal] = withoutFragment(path).split("?", 2);
  const fill = (text: string) =>
    text.replace(/\{([^{}]+)\}/g, (written: string, name: string) => {
      const value = pathValues?.[name];
      return value === undefined ? written : asText(value);
    });
  const pairs = [...new URLSearchParams(literal ?? "")]
    .map(([key, value]): [string, string] => [fill(key), fill(value)])
    .filter((pair) => !/\{[^{}]+\}/.test(pair.join("=")));
  const merged = { ...Object.fromEntries(pairs), ...query };
  return { template, query: Object.keys(merged).length === 0 ? undefined : merged };
}

/**
 * How many gallery stories' exchanges were checked, and what broke in them, each naming its story (operation and
 * status) and, where another operation answered it or its request was checked against another's
 * schema, that operation too. Empty: every story gets its own operation's answer, and every
 * request and answer keeps the contract.
 *
 * @example
 * const { stories, unsendable, failures } = await galleryExchanges(manifest, createFixtures(manifest, contract));
 */
export async function galleryExchanges(
  manifest: Manifest,
  fixtures: Fixtures,
): Promise<{ stories: number; unsendable: number; failures: string[] }> {
  const failures: string[] = [];
  let stories = 0;
  let unsendable = 0;
  // Seeded, so the same for each status's story: made once per operation.
  const samples = new Map<string, ReturnType<Fixtures["sampleRequest"]>>();
  const sampleOf = (id: string) => {
    const made = samples.get(id) ?? fixtures.sampleRequest(id);
    samples.set(id, made);
    return made;
  };
  const byId = new Map(manifest.operations.map((operation) => [operation.operationId, operation]));
  const server = setupServer(...fixtures.handlers);
  const seen: Exchange[] = [];
  const stopListening = fixtures.onExchange((exchange) => seen.push(exchange));
  const detach = fixtures.observe(server.events);
  server.listen({ onUnhandledFrame: unhandledPolicy(fixtures.session, (request) => fixtures.operationFor(request)) });
  const client = createClient<Record<string, never>>({
    baseUrl: fixtures.session.baseUrl ?? GALLERY_BASE_URL,
    // Looked up per call: MSW patched it after the module was loaded.
    fetch: (request) => globalThis.fetch(request),
  }) as unknown as Record<string, Call>;
  try {
    const batches = galleryBatches(galleryPairs(manifest).filter((pair) => pair.mediaType === undefined));
    for (const batch of batches) {
      server.resetHandlers();
      server.use(...batch.map((pair) => fixtures.respond(pair.operationId, pair.status)));
      for (const pair of batch) {
        stories++;
        const story = `${pair.operationId} ${pair.status}`;
        const operation = byId.get(pair.operationId) as ManifestOperation;
        seen.length = 0;
        const sample = sampleOf(pair.operationId);
        // The contract's own defect, named by the sample: the gallery's story shows it and sends nothing.
        if (sample.unsendable !== undefined) {
          unsendable++;
          continue;
        }
        try {
          const { template, query } = sentPath(operation.path, sample.params.query, sample.params.path);
          const body =
            sample.body === undefined
              ? {}
              : { body: sample.body, ...bodyOptionsFor(sample.mediaType ?? "application/json", sample.encoding) };
          const call = client[operation.method.toUpperCase()];
          if (call === undefined) continue;
          const init = { params: { ...sample.params, query }, parseAs: "text" as const, ...body };
          // The query in its declared styles, as the app's client writes it.
          await call(template, { ...init, querySerializer: querySerializer(operation.parameters) });
        } catch (error) {
          failures.push(`${story}: the call failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        await fixtures.settled();
        const answered = seen.map((exchange) => exchange.operationId);
        const others = answered.filter((id) => id !== pair.operationId);
        if (others.length > 0)
          failures.push(
            `${story}: answered by another operation, ${others.join(", ")}, and checked against its schemas`,
          );
        else if (answered.length === 0) failures.push(`${story}: no handler of the contract answered its request`);
        failures.push(
          ...fixtures.session.takeUnhandledRequests().map((message) => `${story}: ${message}`),
          ...fixtures.session.takeViolations().map((violation) => `${story}: ${formatViolation(violation)}`),
        );
      }
    }
  } finally {
    stopListening();
    detach();
    server.close();
  }
  return { stories, unsendable, failures };
}
