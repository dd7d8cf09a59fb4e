import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors.ts";

// Apart from ./query.ts: the shell provides the cache from its first render, the typed client comes with a screen.

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
