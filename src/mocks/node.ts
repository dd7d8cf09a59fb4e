import { setupServer } from "msw/node";
import { identity, identityHandlers } from "@/mocks/identity/fixtures";
import { fixtures, onUnhandledFrame } from "./fixtures";

/**
 * The fixtures in Node (Vitest), the identity provider's included, with every mocked exchange checked against the
 * contract. Tests add or replace handlers with `server.use(...)`; they are reset
 * after each test.
 *
 * @example
 * server.listen({ onUnhandledFrame });
 */
export const server = setupServer(...fixtures.handlers, ...identityHandlers);
fixtures.observe(server.events);
identity.observe(server.events);

export { onUnhandledFrame };
