// The files `init` writes into an app: this repository's own, reduced to what a new contract needs.

/** The registry: the app's contract, named once (docs/decisions/0014-contract-registry.md). */
export const REGISTRY = `// The contract registry: every OpenAPI document this app generates from, named once.
// \`npm run api\`, the gallery, contract coverage and the mock setups all read it.
import { defineContracts } from "@contract-workbench/workbench/contract";

export default defineContracts({
  // The app's contract; its fixtures module sits with the mocks, not in src/api (which ships).
  product: { role: "product", source: "openapi", generated: "src/api", fixtures: "mocks/generated/fixtures.ts" },
});
`;

/** An empty contract: valid, no operation yet; \`npm run api\` generates from it as it is. */
export const EMPTY_CONTRACT = `# The API contract. Everything the app calls arrives here first; \`npm run api\` turns it
# into src/api/ (types, the operation manifest) and mocks/generated/ (typed fixtures).
# Describe each operation under \`paths\` with an \`operationId\` and every response, then run
# \`npm run api\`.
openapi: 3.1.0
info:
  title: Product API
  version: 0.0.0
paths: {}
`;

/** The one file binding the runtime to the generated contract (the runtime's README shows it). */
export const API_BINDING = `// The app's client and hooks, bound to its generated contract (src/api/schema.d.ts and
// manifest.json, written by \`npm run api\`). The base URL comes from VITE_API_BASE_URL.
import { apiBaseUrl, createApiClient, createApiHooks, type Manifest } from "@contract-workbench/runtime";
import generated from "./manifest.json";
import type { paging, paths } from "./schema.d.ts";

export const manifest = generated as Manifest;
export const apiClient = createApiClient<paths>({
  baseUrl: apiBaseUrl(import.meta.env.VITE_API_BASE_URL),
  operations: manifest.operations,
});
export const api = createApiHooks<paths, paging>(apiClient, { manifest });
`;

/** The session every fixtures instance shares: the generated fixtures module imports it. */
export const FIXTURES_SESSION = `import { apiBaseUrl } from "@contract-workbench/runtime";
import { createFixturesSession } from "@contract-workbench/workbench/fixtures";

/**
 * The one session every fixtures instance of the app shares: a story or test sets its scenario
 * (\`fixturesSession.setScenario("empty")\`), and its violations fail that story or test. It knows
 * the base URL the app's client calls, so a request goes to the operation a gateway with that
 * base path would route it to.
 */
export const fixturesSession = createFixturesSession({ baseUrl: apiBaseUrl(import.meta.env.VITE_API_BASE_URL) });
`;
