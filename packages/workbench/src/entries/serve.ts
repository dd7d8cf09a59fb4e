// `@contract-workbench/workbench/serve`: the fixtures over HTTP (Node), as `contract-workbench mock` serves them.
export { createMockServer, type MockServer, type MockServerOptions, RESET_PATH } from "../serve/server.ts";
export { isLoopback, parseServeArgs, type ServeOptions, USAGE, UsageError } from "../serve/options.ts";
