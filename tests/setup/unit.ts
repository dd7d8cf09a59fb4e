// Setup for the jsdom unit and component tests.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { fixtures } from "@/api/mocks/fixtures";
import { onUnhandledFrame, server } from "@/api/mocks/node";
import { setScenario } from "@/api/mocks/scenarios";
import { takeUnhandledRequests } from "@/api/mocks/unhandled";
import { formatViolation, takeViolations } from "@/api/mocks/violations";
import { identity, identityStore } from "@/mocks/identity/fixtures";
import { recordContractCoverage } from "./contract-coverage.ts";

beforeAll(() => server.listen({ onUnhandledFrame }));
afterEach(async () => {
  cleanup();
  await fixtures.settled();
  await identity.settled();
  identityStore.reset();
  server.resetHandlers();
  setScenario("default");
  fixtures.setDefaults(true);
  const problems = [
    ...takeUnhandledRequests(),
    ...takeViolations().map((v) => `Contract violation: ${formatViolation(v)}`),
  ];
  if (problems.length > 0) throw new Error(problems.join("\n"));
});
afterAll(() => server.close());
// What each test exercised, for `npm run coverage:contract`.
recordContractCoverage();
