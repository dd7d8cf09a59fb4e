import type { SetupServer } from "msw/node";

type UnhandledFrameOption = NonNullable<NonNullable<Parameters<SetupServer["listen"]>[0]>["onUnhandledFrame"]>;
type UnhandledFrameCallback = Extract<UnhandledFrameOption, (...args: never[]) => unknown>;

// Requests a page makes for its own code and assets (Vite modules, Storybook's
// files, fonts, images). Everything else a test or story sends is an API call.
const TOOLING =
  /\/@vite\/|\/@id\/|\/@fs\/|\/node_modules\/|\/virtual:|sb-common-assets|sb-addons|sb-manager|iframe\.html|\/index\.json$|\.stories\.|\.mdx$|__vitest|\/vite-inject/;
const CODE = /\.(?:m?[jt]sx?|s?css|html|map|wasm)$/i;
const MEDIA = /\.(?:woff2?|ttf|otf|eot|png|jpe?g|gif|webp|avif|svg|ico)$/i;

/**
 * True for a request that loads the page's own code (a module, a stylesheet, the
 * workbench's files) or is a navigation: never an API call, even when a contract's
 * path template (`/{owner}/{repo}`) would match it. The worker's scope covers
 * Storybook's manager page, whose reload must reach the server.
 */
export function isPageCodeRequest(request: Request): boolean {
  if (request.mode === "navigate") return true;
  const { protocol, pathname } = new URL(request.url);
  return protocol === "file:" || TOOLING.test(pathname) || CODE.test(pathname);
}

/**
 * True for a request the page makes for its own code or assets (fonts, images), not
 * an API call. A contract operation can still answer an image path: the fixtures
 * match the contract first, and only what matches no operation is judged by this.
 */
export function isToolingRequest(request: Request): boolean {
  return isPageCodeRequest(request) || MEDIA.test(new URL(request.url).pathname);
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
    if (isPageCodeRequest(request)) return;
    const operationId = nameOperation?.(request);
    // An image or font path is the page's own asset, unless the contract declares it.
    if (operationId === undefined && isToolingRequest(request)) return;
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
