// The runtime's main entry: the client, hooks, streams, errors and session token an app calls its
// contract with. React-free readers have their own entries ("./manifest", "./streams", "./paging", "./styles").
export { apiBaseUrl, createApiClient, DEFAULT_TIMEOUT_MS, type ApiClientOptions } from "./client.ts";
export { ApiError, isJsonContentType, toApiError, type ApiErrorKind, type ProblemDetails } from "./errors.ts";
export type { ResponseHeaders } from "./headers.ts";
export type { Invalidates, QueryTarget } from "./invalidation.ts";
export type { Manifest, ManifestOperation } from "./manifest-types.ts";
export type { ApiPage, PageQuery } from "./paging.ts";
export { createApiHooks, type ApiHooks, type ApiHooksOptions, type ApiInfiniteKey, type ApiQueryKey } from "./query.ts";
export { createQueryClient } from "./query-client.ts";
export { bodyOptionsFor, type BodyOptions } from "./request-body.ts";
export { requiresCredentials, setTokenSource, type TokenSource } from "./session.ts";
export {
  createApiStreams,
  type ApiStreamKey,
  type ApiStreams,
  type StreamEventOf,
  type StreamItem,
  type StreamOpened,
  type StreamOptions,
} from "./stream.ts";
