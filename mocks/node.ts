import { setupServer } from "msw/node";
import { mockedContracts } from "./generated/mocked-contracts.ts";
import { onUnhandledFrame } from "./fixtures.ts";

/**
 * The fixtures in Node (Vitest): the product's and each answering service's of the registry
 * (contracts.config.ts), the identity provider's included, with every mocked exchange checked
 * against its contract. Tests add or replace handlers with `server.use(...)`; they are reset
 * after each test.
 *
 * @example
 * server.listen({ onUnhandledFrame });
 */
export const server = setupServer(...mockedContracts.flatMap((contract) => contract.handlers));
for (const { fixtures } of mockedContracts) fixtures.observe(server.events);

export { onUnhandledFrame };
