import contractText from "../contract.json?raw";
import type { ContractSchemas } from "../contract-types";
import { manifest } from "../manifest";
import type { operations } from "../schema";
import { createFixtures } from "./contract-fixtures";
import { unhandledPolicy } from "./unhandled";

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
export const fixtures = createFixtures<operations>(manifest, contract);

/** The unhandled-request policy, naming the contract's operation when the request is for one. */
export const onUnhandledFrame = unhandledPolicy((request) => fixtures.operationFor(request));
