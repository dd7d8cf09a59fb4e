// Typed fixtures answered from a contract, the checks every answer passes, the session contracts share; runs anywhere.
export { createFixtures, type Exchange, type Fixtures } from "../fixtures/contract-fixtures.ts";
export { createFixturesSession, type FixturesSession } from "../fixtures/fixtures-session.ts";
export { isScenario, networkAnswer, SCENARIO_NAMES, SCENARIOS } from "../fixtures/scenarios.ts";
export { formatViolation } from "../fixtures/check/violations.ts";
export { createValidator } from "../fixtures/check/validator.ts";
export { createExchangeCheck } from "../fixtures/check/exchange-check.ts";
export { checkStream } from "../fixtures/check/stream-check.ts";
export { createOperationMatcher } from "../fixtures/answer/operation-matcher.ts";
export { frameItem, paceFor, STREAM_PACE_MS } from "../fixtures/answer/stream-answers.ts";
export { createFixtureData } from "../fixtures/data/fixture-data.ts";
export { unhandledPolicy } from "../fixtures/worker/unhandled.ts";
