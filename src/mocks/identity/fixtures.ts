import type { ContractSchemas } from "#workbench/contract/contract-types.ts";
import type { Manifest } from "@/api/manifest-types";
import { createFixtures } from "#workbench/fixtures/contract-fixtures.ts";
import { firebaseSetup } from "@/lib/firebase/config";
import contractText from "./generated/contract.json?raw";
import generatedManifest from "./generated/manifest.json";
import type { operations } from "./generated/schema";
import { fixturesSession } from "@/mocks/fixtures-session";
import { identityHandlersFor } from "./handlers";
import { createIdentityStore, type SeedUser } from "./store";

/** The accounts every story, test and `npm run dev` session starts with. */
export const SEEDED_USERS = [
  {
    localId: "ada",
    email: "ada@example.com",
    password: "Analytical1",
    emailVerified: true,
    createdAt: Date.UTC(2026, 0, 15, 9, 30),
    lastLoginAt: Date.UTC(2026, 10, 20, 18, 5),
  },
  { localId: "grace", email: "grace@example.com", password: "Compiler1952", createdAt: Date.UTC(2025, 5, 1, 12, 0) },
  { localId: "barred", email: "disabled@example.com", password: "Disabled123", disabled: true },
] as const satisfies readonly SeedUser[];

/** The embedded identity provider's accounts (reset after each test and story). */
export const identityStore = createIdentityStore(SEEDED_USERS);

/**
 * The identity endpoints' contract fixtures (src/mocks/identity/identity-toolkit.openapi.yaml):
 * typed overrides for a provider error, and the check of every exchange against that
 * contract once `observe` is attached.
 *
 * @example
 * parameters: { msw: { handlers: [identity.respond("signInWithPassword", 400, providerError("USER_DISABLED"))] } }
 */
export const identity = createFixtures<operations>(
  generatedManifest as Manifest,
  JSON.parse(contractText) as ContractSchemas,
  { session: fixturesSession },
);

/** The identity handlers for this build's Firebase setup, over {@link identityStore}. */
export const identityHandlers = identityHandlersFor(firebaseSetup(import.meta.env), identityStore, fixturesSession);
