import { setupServer } from "msw/node";
import { fixtures, onUnhandledFrame } from "./fixtures";

/**
 * The fixtures in Node (Vitest), with every mocked exchange checked against the
 * contract. Tests add or replace handlers with `server.use(...)`; they are reset
 * after each test.
 *
 * @example
 * server.listen({ onUnhandledFrame });
 */
export const server = setupServer(...fixtures.handlers);
fixtures.observe(server.events);

export { onUnhandledFrame };
