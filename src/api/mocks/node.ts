import { setupServer } from "msw/node";
import { handlers } from "./handlers";
import { failOnUnhandledRequest } from "./unhandled";

/**
 * The fixtures in Node (Vitest). Tests add or replace handlers with
 * `server.use(...)`; they are reset after each test.
 *
 * @example
 * server.listen({ onUnhandledFrame: failOnUnhandledRequest });
 */
export const server = setupServer(...handlers);
export { failOnUnhandledRequest };
