// `@contract-workbench/workbench/serve`: the fixtures over HTTP (Node), as `contract-workbench mock` serves them.
export type { MockServer, MockServerOptions } from "../serve/server.ts";
export { createMockServer, RESET_PATH } from "../serve/server.ts";
export type { ServeOptions } from "../serve/options.ts";
export { isLoopback, parseServeArgs, USAGE, UsageError } from "../serve/options.ts";
