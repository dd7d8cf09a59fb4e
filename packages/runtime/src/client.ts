import createClient, { type Client, type Middleware } from "openapi-fetch";
import { fromMalformedResponse, isJsonContentType, toApiError } from "./errors.ts";
import { METHODS, type ManifestOperation } from "./manifest-types.ts";

import { defaultMediaType, inMediaType } from "./request-body.ts";
import { essenceOf } from "./styles/form-encoding.ts";
import { querySerializer } from "./styles/query.ts";
import { bearerSession } from "./session.ts";
import { streamFormatOf } from "./stream-formats.ts";

/** How long a call may take before it fails with an `ApiError` of kind `timeout`. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The API's base URL (`configured`, else this origin), absolute: `Request` outside a browser rejects relative URLs. */
export function apiBaseUrl(configured?: string): string {
  const origin = globalThis.location?.origin ?? "http://localhost";
  return new URL(configured || "/", origin).href.replace(/\/$/, "");
}

export interface ApiClientOptions {
  /** Defaults to {@link apiBaseUrl}. */
  baseUrl?: string;
  /** Defaults to {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** The manifest's operations: which need the session's token, and each body's media type. */
  operations: readonly ManifestOperation[];
}

/** A success whose expected JSON is not (a proxy's HTML page) is "malformed", not a crash inside a component. */
const rejectNonJsonBodies: Middleware = {
  async onResponse({ request, response, options }) {
    if (options.parseAs !== "json" || !response.ok || response.status === 204) return undefined;
    if (isJsonContentType(response.headers.get("Content-Type"))) return undefined;
    const text = await response.clone().text();
    if (text === "") return undefined;
    try {
      JSON.parse(text);
      return undefined; // JSON without the header: lenient, the body is usable
    } catch {
      throw fromMalformedResponse(response, text.slice(0, 200), request.method);
    }
  },
};

/** A path key's literal query (`/a?b=1`) joined with the call's by `&`; a template pair (`?q={q}`) is left out. */
const literalQueryPaths: Middleware = {
  onRequest({ request, schemaPath }) {
    if (!schemaPath.includes("?") || request.url.includes("#")) return undefined;
    const mark = request.url.indexOf("?");
    const rest = request.url.slice(mark + 1);
    const second = rest.indexOf("?");
    const literal = second === -1 ? rest : rest.slice(0, second);
    const own = second === -1 ? "" : rest.slice(second + 1);
    // A filled value is percent-encoded (`%7B`): a brace left as written is a template.
    const kept = literal.split("&").filter((pair) => !/\{[^{}&]+\}/.test(pair));
    const query = [...kept, own].filter((part) => part !== "").join("&");
    const url = `${request.url.slice(0, mark)}${query === "" ? "" : `?${query}`}`;
    return url === request.url ? undefined : new Request(url, request);
  },
};

/** A path key's fragment (`/items#folders`, decision 18) is never sent; the query after it goes back in the query. */
const fragmentPaths: Middleware = {
  onRequest({ request, schemaPath }) {
    const mark = schemaPath.indexOf("#");
    if (mark === -1) return undefined;
    const url = new URL(request.url);
    const fragment = schemaPath.slice(mark).split("?")[0] ?? "";
    const hash = decodeURIComponent(url.hash);
    if (!hash.startsWith(fragment)) return undefined;
    const rest = hash.slice(fragment.length);
    url.hash = "";
    if (rest.startsWith("?")) url.search = rest;
    return new Request(url.href, request);
  },
};

/** What `of` reads of each operation, by its call (`GET /pets`). */
function byCall<T>(operations: readonly ManifestOperation[], of: (operation: ManifestOperation) => T): Map<string, T> {
  return new Map(operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, of(operation)]));
}

/** Sends each body in its operation's declared media type when the call left openapi-fetch's JSON. */
function declaredRequestMediaTypes(operations: readonly ManifestOperation[]): Middleware {
  const bodies = byCall(operations, (operation) => operation.requestBody);
  return {
    async onRequest({ request, schemaPath }) {
      const declared = bodies.get(`${request.method} ${schemaPath}`);
      const mediaType = defaultMediaType(declared?.mediaTypes ?? []);
      if (mediaType === undefined || request.body === null) return undefined;
      if (essenceOf(request.headers.get("Content-Type") ?? "") !== "application/json") return undefined;
      return inMediaType(request, mediaType, declared?.encoding?.[mediaType]);
    },
  };
}

/** The methods a contract's operations are called with, in capitals: {@link METHODS}, then 3.2's (`QUERY`, …). */
export function clientMethods(operations: readonly ManifestOperation[]): string[] {
  const methods = [...METHODS, ...operations.map((operation) => operation.method)];
  return [...new Set(methods.map((method) => method.toUpperCase()))];
}

/** Each query in its operation's declared styles (openapi-fetch's knows one); a call's own `querySerializer` wins. */
function declaredQueryStyles(operations: readonly ManifestOperation[]) {
  const byKey = byCall(operations, (operation) => querySerializer(operation.parameters));
  const undeclared = querySerializer([]);
  return (method: string, url: string, init?: { querySerializer?: unknown }): object =>
    init?.querySerializer === undefined
      ? { ...init, querySerializer: byKey.get(`${method} ${url}`) ?? undeclared }
      : init;
}

/** Every rejection an `ApiError` (openapi-fetch reads the body after the middleware); `QUERY` through `request`. */
function throwingApiErrors<Paths extends object>(
  client: Client<Paths>,
  methods: readonly string[],
  operations: readonly ManifestOperation[],
): Client<Paths> {
  const wrapped: Record<string, unknown> = { ...client };
  const withQueryStyles = declaredQueryStyles(operations);
  const functions = client as unknown as Record<string, ((url: string, init?: object) => Promise<unknown>) | undefined>;
  for (const method of methods) {
    const call =
      functions[method] ??
      ((url: string, init?: object) =>
        (client.request as (m: string, u: string, i?: object) => Promise<unknown>)(method, url, init));
    wrapped[method] = (url: string, init?: object) =>
      call(url, withQueryStyles(method, url, init)).catch((error: unknown) => {
        throw toApiError(error, { method, url });
      });
  }
  return wrapped as unknown as Client<Paths>;
}

/** An openapi-fetch client typed by `paths`: HTTP errors stay values; with no response, a call throws an `ApiError`. */
export function createApiClient<Paths extends object>(options: ApiClientOptions): Client<Paths> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl ?? apiBaseUrl();
  // `fetch` is looked up on every call: MSW in Node patches it after this module may have loaded.
  const send = async (request: Request): Promise<Response> => {
    // The limit bounds the answer and an ordinary body, not a stream: that is bounded where it is read (./stream.ts).
    const timeout = AbortSignal.timeout(timeoutMs);
    const limit = new AbortController();
    let streaming = false;
    timeout.addEventListener("abort", () => streaming || limit.abort(timeout.reason), { once: true });
    const signal = AbortSignal.any([request.signal, limit.signal]);
    try {
      const response = await globalThis.fetch(new Request(request, { signal }));
      streaming = streamFormatOf(response.headers.get("Content-Type") ?? "") !== undefined;
      return response;
    } catch (error) {
      const cause: unknown = signal.aborted ? signal.reason : error;
      throw toApiError(cause, { method: request.method, url: request.url }, { transport: true });
    }
  };
  const client = createClient<Paths>({ baseUrl, fetch: send });
  const { operations } = options;
  client.use(fragmentPaths, literalQueryPaths, declaredRequestMediaTypes(operations), rejectNonJsonBodies);
  // Last, so its onResponse runs first (openapi-fetch runs them in reverse): a retried 401's answer is checked too.
  client.use(bearerSession({ operations, baseUrl, fetch: send }));
  return throwingApiErrors(client, clientMethods(operations), operations);
}
