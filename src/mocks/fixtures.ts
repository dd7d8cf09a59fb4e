import contractText from "@/api/contract.json?raw";
import type { ContractSchemas } from "#workbench/contract/contract-types.ts";
import { manifest } from "@/api/manifest";
import type { operations } from "@/api/schema";
import { createFixtures } from "#workbench/fixtures/contract-fixtures.ts";
import { unhandledPolicy } from "#workbench/fixtures/worker/unhandled.ts";
import { fixturesSession } from "./fixtures-session";
import recording from "./recorded/recorded.json";

// Read as text and parsed here: TypeScript would otherwise infer a type for the whole
// contract (megabytes on a large one) on every type-check.
const contract = JSON.parse(contractText) as ContractSchemas;

/**
 * The product contract's fixtures: a default answer for every operation and status,
 * the scenarios, typed overrides and the run-time contract check. Storybook, the
 * tests and the app's mock mode all start from them.
 *
 * @example
 * // In a story: the contract's 404 for getNote, every other operation as usual.
 * parameters: { msw: { handlers: [fixtures.respond("getNote", 404)] } }
 */
export const fixtures = createFixtures<operations>(manifest, contract, {
  session: fixturesSession,
  // What `npm run fixtures:import` kept from a real server: the `recorded` scenario replays it.
  recording,
});

/** The unhandled-request policy, naming the contract's operation when the request is for one. */
export const onUnhandledFrame = unhandledPolicy(fixturesSession, (request) => fixtures.operationFor(request));
