// Setup for the jsdom projects (`dom`, `dom-isolated`): components and the API layer.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { fixtures } from "#mocks/fixtures.ts";
import { onUnhandledFrame, server } from "#mocks/node.ts";
import { fixturesSession } from "#mocks/fixtures-session.ts";
import { recordContractCoverage } from "@contract-workbench/workbench/coverage";
import { identityStore } from "#mocks/identity/fixtures.ts";
import { mockedContracts } from "#mocks/generated/mocked-contracts.ts";
import { serviceFixtures } from "#mocks/generated/service-fixtures.ts";

// `findBy…` and `waitFor` wait up to 10 s for a mocked answer, as play functions do
// (.storybook/preview.tsx): under CI's load (three Vitest runs of a scratch copy beside the
// suite) a fixture's first answer in jsdom came after Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledFrame }));
afterEach(async () => {
  cleanup();
  for (const contract of mockedContracts) await contract.fixtures.settled();
  identityStore.reset();
  server.resetHandlers();
  fixturesSession.setScenario("default");
  fixtures.setDefaults(true);
  // What one test created, changed or deleted, the next does not see.
  for (const contract of mockedContracts) if (contract.ownData) contract.fixtures.resources.reset();
  const problems = fixturesSession.takeProblems();
  if (problems.length > 0) throw new Error(problems.join("\n"));
});
afterAll(() => server.close());
// What each test exercised, for `npm run coverage:contract`: the product's contract and the
// services' documents (the registry's services, each in its own section of the report).
recordContractCoverage({ services: serviceFixtures });
