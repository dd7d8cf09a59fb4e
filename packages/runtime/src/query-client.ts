import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors.ts";

// Apart from the hooks (./query.ts) so the shell, which provides the cache from its first render,
// does not pull in the typed client: that arrives with the first screen that calls the API.

/** Retries only what may succeed on a second try: transport failures and 5xx, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !(error instanceof ApiError)) return false;
  if (error.kind === "network" || error.kind === "timeout") return true;
  return error.status !== undefined && error.status >= 500;
}

/** The app's QueryClient. Stories and tests pass `{ retry: false }` so an error state shows at once. */
export function createQueryClient(options: { retry?: false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: options.retry ?? shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
