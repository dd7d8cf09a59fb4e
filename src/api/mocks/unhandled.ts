import type { SetupServer } from "msw/node";
import { classifyRequest, type RequestKind } from "./request-kind";
import { requestDestination } from "./request-destination";

type UnhandledFrameOption = NonNullable<NonNullable<Parameters<SetupServer["listen"]>[0]>["onUnhandledFrame"]>;
type UnhandledFrameCallback = Extract<UnhandledFrameOption, (...args: never[]) => unknown>;

/**
 * What the request is, with what the browser said about it (./request-destination) and
 * the page's origin: see ./request-kind for the rule.
 */
export function requestKind(request: Request): RequestKind {
  return classifyRequest(request, {
    destination: requestDestination(request),
    pageOrigin: globalThis.location?.origin,
  });
}

/**
 * True for a request that loads the page's own code or assets (a module, a stylesheet,
 * a font, the dev server's internals) or is a navigation: never an API call, even when a
 * contract's path template (`/{owner}/{repo}`) would match it.
 *
 * @example
 * http.all(({ request }) => !isPageCodeRequest(request) && matchesTheContract(request), resolver);
 */
export function isPageCodeRequest(request: Request): boolean {
  return requestKind(request) === "page";
}

const unhandled: string[] = [];

/** The header the unhandled-request answer carries (it is already a failure; the contract check skips it). */
export const UNHANDLED_HEADER = "X-Mocks-Unhandled";

/**
 * MSW's `onUnhandledFrame` policy for every setup (Storybook, tests, the app):
 * an API request no handler answers is an error, never a silent pass-through to
 * a real network. The request gets a `501` problem+json answer naming its method,
 * URL and, when `nameOperation` knows it, the contract's operation (so the UI shows
 * an error state, not a hang); the message is logged and kept so that the running
 * test or story fails with it.
 *
 * @example
 * server.listen({ onUnhandledFrame: unhandledPolicy((request) => fixtures.operationFor(request)) });
 */
export function unhandledPolicy(nameOperation?: (request: Request) => string | undefined): UnhandledFrameCallback {
  return ({ frame, defaults }) => {
    if (frame.protocol !== "http") {
      defaults.error();
      return;
    }
    const { request } = frame.data as { request: Request };
    const kind = requestKind(request);
    // The page loading itself passes through to the dev server (returning is MSW's bypass).
    if (kind === "page") return;
    const operationId = nameOperation?.(request);
    // An image or font is the page's own asset, unless the contract declares its path.
    if (operationId === undefined && kind === "asset") return;
    const what = operationId === undefined ? "" : ` (operation ${operationId})`;
    const message =
      `[mocks] No handler for ${request.method} ${request.url}${what}. ` +
      "Every operation of the contract has a default fixture (src/api/mocks/fixtures.ts) unless a test or story removed " +
      "them; a path outside the contract needs the contract to declare it first.";
    unhandled.push(message);
    console.error(message);
    const problem = {
      type: "about:blank",
      title: "No mock for this request",
      status: 501,
      detail: message,
      ...(operationId === undefined ? {} : { operationId }),
    };
    // MSW answers a frame whose unhandled-policy rejects with a Response with that response.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw Response.json(problem, {
      status: 501,
      // Marks the answer as the policy's, so that the contract check does not report it a second time.
      headers: { "Content-Type": "application/problem+json", [UNHANDLED_HEADER]: "true" },
    });
  };
}

/** The policy without operation names (a setup that knows no contract). */
export const failOnUnhandledRequest: UnhandledFrameCallback = unhandledPolicy();

/**
 * Returns, and forgets, the unhandled requests seen since the last call. Test and
 * story hooks call it after each test and fail when it is not empty.
 *
 * @example
 * afterEach(() => {
 *   const seen = takeUnhandledRequests();
 *   if (seen.length > 0) throw new Error(seen.join("\n"));
 * });
 */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}
