// One error type for the UI: whatever fails between the app and the API is an `ApiError` with a `kind` to switch on.

/** The ways a call can fail, from the UI's point of view. */
export type ApiErrorKind =
  /** The request never got a response: offline, DNS, CORS, connection refused. */
  | "network"
  /** No response within the client's time limit. */
  | "timeout"
  /** The caller cancelled the request (for example, a component unmounted). */
  | "aborted"
  /** A response arrived, but its body is not the JSON the contract promises. */
  | "malformed"
  /** An HTTP error described as RFC 9457 problem details (`application/problem+json`). */
  | "problem"
  /** Any other HTTP error status. */
  | "http"
  /** Something that did not come from the network at all (a bug, a render crash). */
  | "unknown";

/** RFC 9457 problem details. Every member is optional; extensions are allowed. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  [extension: string]: unknown;
}

interface ApiErrorInit<Body> {
  kind: ApiErrorKind;
  message: string;
  method?: string | undefined;
  url?: string | undefined;
  status?: number | undefined;
  body?: Body | string | undefined;
  problem?: ProblemDetails | undefined;
  cause?: unknown;
}

/** A failed API call, normalised; `Body` is the error body the contract declares, if any. */
export class ApiError<Body = unknown> extends Error {
  override name = "ApiError";
  readonly kind: ApiErrorKind;
  /** The HTTP method and URL of the request, when known. */
  readonly method: string | undefined;
  readonly url: string | undefined;
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** The error body: parsed JSON (the contract's when it declares the status), else raw text. */
  readonly body: Body | string | undefined;
  /** Set when `kind` is `problem`. */
  readonly problem: ProblemDetails | undefined;

  constructor(init: ApiErrorInit<Body>) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.body = init.body;
    this.problem = init.problem;
  }
}

const PROBLEM_JSON = /^application\/problem\+json\b/i;
const ANY_JSON = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** True when a `Content-Type` header value says the body is JSON (`application/json`, `…+json`). */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && ANY_JSON.test(contentType.trim());
}

const PROBLEM_MEMBERS = { type: "string", title: "string", status: "number", detail: "string", instance: "string" };

function isProblemDetails(body: unknown): body is ProblemDetails {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const member = (name: string) => (body as Record<string, unknown>)[name];
  return Object.entries(PROBLEM_MEMBERS).every(
    ([name, type]) => member(name) === undefined || typeof member(name) === type,
  );
}

function describe(method: string | undefined, url: string | undefined): string {
  return method && url ? `${method} ${url}` : (url ?? "the request");
}

/** What an error keeps of the HTTP response it is about. */
function answered<Body>(response: Response, body: Body, method: string | undefined) {
  return { method, url: response.url || undefined, status: response.status, body };
}

/** The `ApiError` for an HTTP error response whose body openapi-fetch has already read. */
export function fromErrorResponse<Body>(body: Body, response: Response, method?: string): ApiError<Body> {
  const where = describe(method, response.url || undefined);
  if (PROBLEM_JSON.test(response.headers.get("Content-Type") ?? "")) {
    if (!isProblemDetails(body)) {
      const message = `${where} answered HTTP ${response.status} with invalid problem details`;
      return new ApiError({ ...answered(response, body, method), kind: "malformed", message });
    }
    const message = body.title ?? `${where} failed with HTTP ${response.status}`;
    return new ApiError({ ...answered(response, body, method), kind: "problem", message, problem: body });
  }
  const message = `${where} failed with HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  return new ApiError({ ...answered(response, body === "" ? undefined : body, method), kind: "http", message });
}

/** The `ApiError` for a success whose body is not the promised JSON; `excerpt` is kept for the developer. */
export function fromMalformedResponse(response: Response, excerpt: string, method?: string): ApiError<string> {
  const contentType = response.headers.get("Content-Type") ?? "no Content-Type";
  const message = `${describe(method, response.url || undefined)} answered HTTP ${response.status} with a body that is not valid JSON (${contentType})`;
  return new ApiError({ ...answered(response, excerpt, method), kind: "malformed", message });
}

/** The messages `fetch` rejects with when no response arrives (Chromium, undici, Firefox, Safari). */
const FETCH_FAILURE = /failed to fetch|fetch failed|networkerror|load failed|network request failed/i;

/** Only `fetch`'s own failures (with `transport`, any) are `network`: a bug is `unknown`, not a connection problem. */
export function toApiError(
  error: unknown,
  request?: { method: string; url: string },
  options: { transport?: boolean } = {},
): ApiError {
  if (error instanceof ApiError) return error;
  const where = describe(request?.method, request?.url);
  const named = (kind: ApiErrorKind, message: string) =>
    new ApiError({ kind, message, method: request?.method, url: request?.url, cause: error });
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  if (name === "TimeoutError") return named("timeout", `${where} timed out`);
  if (name === "AbortError") return named("aborted", `${where} was cancelled`);
  if (error instanceof SyntaxError) return named("malformed", `${where} answered with a body that is not valid JSON`);
  if (options.transport === true || (error instanceof TypeError && FETCH_FAILURE.test(detail)))
    return named("network", `${where} could not reach the server (${detail})`);
  return named("unknown", detail);
}
