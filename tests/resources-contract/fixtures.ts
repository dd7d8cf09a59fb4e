// The resources test contract's fixtures (tests/resources-contract/openapi.yaml, generated
// by `npm run api`): the stateful fixtures' flow story and store panel use them, built
// exactly as the product's are, in the product's fixtures session (the stories' Scenario
// menu and failure checks cover them too).
import type { ContractSchemas } from "#workbench/contract/contract-types.ts";
import type { Manifest } from "@/api/manifest-types";
import { createFixtures } from "#workbench/fixtures/contract-fixtures.ts";
import contractText from "./generated/contract.json?raw";
import generatedManifest from "./generated/manifest.json";
import type { operations } from "./generated/schema";
import { fixturesSession } from "@/mocks/fixtures-session";

/** The Pet Registry contract's fixtures: `registry.resources.seed("getOwner", …)`, `registry.handlers`, … */
export const registry = createFixtures<operations>(
  generatedManifest as Manifest,
  JSON.parse(contractText) as ContractSchemas,
  { session: fixturesSession },
);
