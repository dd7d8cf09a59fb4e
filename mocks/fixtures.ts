// The product contract's fixtures, as the stories, the tests and the app's mock mode import
// them: the instance `npm run api` generates (./generated/fixtures.ts, from the registry in
// contracts.config.ts), and the unhandled-request policy that names the product's operations.
import { unhandledPolicy } from "@contract-workbench/workbench/fixtures";
import { fixturesSession } from "./fixtures-session.ts";
import { fixtures } from "./generated/fixtures.ts";
import recording from "./recorded/recorded.json";

// What `npm run fixtures:import` (or the dev drift check's copy) kept from a real server: the
// `recorded` scenario replays it.
fixtures.replayRecording(recording);

/**
 * The product contract's fixtures: a default answer for every operation and status,
 * the scenarios, typed overrides and the run-time contract check. Storybook, the
 * tests and the app's mock mode all start from them.
 *
 * @example
 * // In a story: the contract's 404 for getNote, every other operation as usual.
 * parameters: { msw: { handlers: [fixtures.respond("getNote", 404)] } }
 */
export { fixtures };

/** The unhandled-request policy, naming the contract's operation when the request is for one. */
export const onUnhandledFrame = unhandledPolicy(fixturesSession, (request) => fixtures.operationFor(request));
