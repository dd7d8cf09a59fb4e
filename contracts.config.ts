// The contract registry: every OpenAPI document the project generates from, named once.
// `npm run api` (and `api:check`), watch mode, the gallery, contract coverage, the
// scratch-copy harness and the mock setups (Node, browser, Storybook) all read it.
// Adding a contract is one entry here plus its document; `npm run api` then writes its
// types, manifest, schemas and typed fixtures module (packages/workbench/src/contract/registry.ts
// says what each field and role means).
import { defineContracts } from "@contract-workbench/workbench/contract";
import { roomRules } from "./tests/contracts/field-values/field-rules.ts";

export default defineContracts({
  // The app's contract; its fixtures module sits with the other mocks, not in src/api (which ships).
  product: { role: "product", source: "openapi", generated: "src/api", fixtures: "mocks/generated/fixtures.ts" },
  // Proves that a filled-in contract flows through the generator, the client and the fixtures.
  example: {
    role: "test",
    source: "tests/contracts/example/openapi.yaml",
    generated: "tests/contracts/example/generated",
  },
  // The gallery's test contract: the schema view's stories and the coverage report's tests read it.
  clinic: {
    role: "test",
    source: "tests/contracts/clinic/openapi.yaml",
    generated: "tests/contracts/clinic/generated",
  },
  // The stateful fixtures' test contract: the resources flow story and the mock data panel use it.
  "pet-registry": {
    role: "test",
    source: "tests/contracts/pet-registry/openapi.yaml",
    generated: "tests/contracts/pet-registry/generated",
  },
  // No tags, no examples: the field rules' values (a rule of its own among them), a rate limit's
  // headers and the gallery's folders by path.
  "field-values": {
    role: "test",
    source: "tests/contracts/field-values/openapi.yaml",
    generated: "tests/contracts/field-values/generated",
    fieldRules: roomRules,
  },
  // OpenAPI 3.2 and streamed answers (Server-Sent Events, JSON Lines, JSON sequences): the stream
  // client's, fixtures' and checks' tests and the dev-mode stream read it.
  streams: {
    role: "test",
    source: "tests/contracts/streams/openapi.yaml",
    generated: "tests/contracts/streams/generated",
  },
  // The identity provider's endpoints. An embedded provider answers them (hand-written handlers
  // over a store of accounts), which the gallery's generated answers would not show: no gallery.
  identity: {
    role: "service",
    source: "mocks/identity/identity-toolkit.openapi.yaml",
    generated: "mocks/identity/generated",
    answers: { module: "mocks/identity/fixtures.ts", export: "identityHandlers" },
    gallery: false,
  },
  // The Google endpoints the Analytics SDK calls on start-up. Tests and stories mount its
  // fixtures when they want them; the SDK, not the app's hooks, calls it: no gallery.
  analytics: {
    role: "service",
    source: "mocks/analytics/firebase-analytics.openapi.yaml",
    generated: "mocks/analytics/generated",
    answers: "on-request",
    gallery: false,
  },
});
