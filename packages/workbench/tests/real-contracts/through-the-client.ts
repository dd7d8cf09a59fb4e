// A test contract answered by its default fixtures in Node and called through the app's own
// client, every exchange checked: the setup both real-contract test files share.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createApiClient } from "@contract-workbench/runtime";
import { createFixtures, formatViolation, unhandledPolicy } from "@contract-workbench/workbench/fixtures";
import type { LoadedContract } from "../../src/fixtures/test-contracts.ts";

/** One method of the client, untyped: these contracts are generated in memory, so no `paths` types them. */
export type Call = (
  url: string,
  init?: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response; request?: Request }>;

/**
 * The fixtures of `loaded` on an MSW server for the calling suite (started before it,
 * reset after each test, closed after it), the client that calls them at `baseUrl`, the
 * requests sent, and the violations seen so far.
 *
 * @example
 * const { client, violations } = throughTheClient(loaded, "http://api.test/v1");
 */
export function throughTheClient(loaded: LoadedContract, baseUrl: string) {
  const fixtures = createFixtures(loaded.manifest, loaded.contract);
  const server = setupServer(...fixtures.handlers);
  const client = createApiClient<Record<string, never>>({
    baseUrl,
    operations: loaded.manifest.operations,
  }) as unknown as Record<"GET" | "POST" | "PUT" | "PATCH", Call>;
  const sent: Request[] = [];

  beforeAll(() => {
    fixtures.observe(server.events);
    server.events.on("request:start", ({ request }) => sent.push(request.clone()));
    server.listen({
      onUnhandledFrame: unhandledPolicy(fixtures.session, (request) => fixtures.operationFor(request)),
    });
  });
  afterEach(async () => {
    await fixtures.settled();
    server.resetHandlers(...fixtures.handlers);
    sent.length = 0;
  });
  afterAll(() => server.close());

  /** What the exchanges so far broke, once every check has run. */
  async function violations(): Promise<string[]> {
    await fixtures.settled();
    return fixtures.session.takeViolations().map(formatViolation);
  }

  return { fixtures, server, client, sent, violations };
}
