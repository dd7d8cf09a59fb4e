import type { Middleware } from "openapi-fetch";
import type { ManifestOperation } from "./manifest-types.ts";

/** Where the API client gets the ID token: set by the identity feature, so `src/api` never imports its SDK. */
export interface TokenSource {
  /** The current ID token, refreshed first when `forceRefresh`; null when signed out. */
  getToken(forceRefresh: boolean): Promise<string | null>;
  /** The API refused a freshly refreshed token: the session is over. */
  onExpired(): void;
}

let source: TokenSource | null = null;

/** Sets (or, with null, clears) the token source every API client uses; returns what clears it. */
export function setTokenSource(next: TokenSource | null): () => void {
  source = next;
  return () => {
    if (source === next) source = null;
  };
}

/** True when the operation's contract `security` requires credentials (an empty alternative makes them optional). */
export function requiresCredentials(operation: Pick<ManifestOperation, "security">): boolean {
  return operation.security.length > 0 && operation.security.every((alternative) => alternative.length > 0);
}

/** A bearer token where `security` requires credentials, on the API's origin; a 401 refreshes it and retries once. */
export function bearerSession(options: {
  operations: readonly ManifestOperation[];
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
}): Middleware {
  const apiOrigin = new URL(options.baseUrl).origin;
  const secured = new Set(
    options.operations.filter(requiresCredentials).map((op) => `${op.method.toUpperCase()} ${op.path}`),
  );
  const sent = new Map<string, { request: Request; token: string }>();
  // Shared by the 401s that carried the refused token; retried even if it is that token (a provider may mint it twice).
  let refresh: { source: TokenSource; refused: string; token: Promise<string | null> } | undefined;

  function refreshAfter(current: TokenSource, refused: string): Promise<string | null> {
    if (refresh?.source !== current || refresh.refused !== refused) {
      const token = current.getToken(true);
      refresh = { source: current, refused, token };
      // A refresh that failed may be tried again by the next 401.
      token.catch(() => {
        if (refresh?.token === token) refresh = undefined;
      });
    }
    return refresh.token;
  }

  return {
    async onRequest({ request, schemaPath, id }) {
      if (source === null || new URL(request.url).origin !== apiOrigin) return undefined;
      if (!secured.has(`${request.method.toUpperCase()} ${schemaPath}`)) return undefined;
      const token = await source.getToken(false);
      if (token === null) return undefined;
      const authorized = new Request(request);
      authorized.headers.set("Authorization", `Bearer ${token}`);
      sent.set(id, { request: authorized.clone(), token }); // copied before the body is read, to send again
      return authorized;
    },

    async onResponse({ response, id }) {
      const original = sent.get(id);
      sent.delete(id);
      const current = source;
      if (response.status !== 401 || original === undefined || current === null) return undefined;
      // Another 401 (or the provider itself) may have refreshed already: then the current token is new, retry with it.
      const shared = refresh?.source === current && refresh.refused === original.token;
      const latest = shared ? null : await current.getToken(false);
      const token = latest !== null && latest !== original.token ? latest : await refreshAfter(current, original.token);
      if (token === null) {
        current.onExpired();
        return undefined;
      }
      const retry = new Request(original.request);
      retry.headers.set("Authorization", `Bearer ${token}`);
      const answer = await (options.fetch ?? ((r: Request) => globalThis.fetch(r)))(retry);
      if (answer.status === 401) current.onExpired();
      return answer;
    },

    onError({ id }) {
      sent.delete(id);
    },
  };
}
