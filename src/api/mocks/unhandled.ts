import type { SetupServer } from "msw/node";

type UnhandledFrameOption = NonNullable<NonNullable<Parameters<SetupServer["listen"]>[0]>["onUnhandledFrame"]>;
type UnhandledFrameCallback = Extract<UnhandledFrameOption, (...args: never[]) => unknown>;

// Requests a page makes for its own code and assets (Vite modules, Storybook's
// files, fonts, images). Everything else a test or story sends is an API call.
const TOOLING =
  /\/@vite\/|\/@id\/|\/@fs\/|\/node_modules\/|\/virtual:|sb-common-assets|sb-addons|sb-manager|iframe\.html|\/index\.json$|\.stories\.|\.mdx$|__vitest|\/vite-inject/;
const ASSET = /\.(?:m?[jt]sx?|s?css|html|woff2?|ttf|otf|eot|png|jpe?g|gif|webp|avif|svg|ico|map|wasm)$/i;

/**
 * True for a request the page makes for its own code or assets, not an API call.
 * Navigations count too: the worker's scope covers Storybook's manager page, whose
 * reload would otherwise be routed to a story's mocks and refused.
 */
export function isToolingRequest(request: Request): boolean {
  if (request.mode === "navigate") return true;
  const { protocol, pathname } = new URL(request.url);
  return protocol === "file:" || TOOLING.test(pathname) || ASSET.test(pathname);
}

const unhandled: string[] = [];

/**
 * MSW's `onUnhandledFrame` policy for every setup (Storybook, tests, the app):
 * an API request no handler answers is an error, never a silent pass-through to
 * a real network. The request gets a `501` problem+json answer naming its method
 * and URL (so the UI shows an error state, not a hang), the message is logged, and
 * it is kept so the running test or story fails with it.
 */
export const failOnUnhandledRequest: UnhandledFrameCallback = ({ frame, defaults }) => {
  if (frame.protocol !== "http") {
    defaults.error();
    return;
  }
  const { request } = frame.data as { request: Request };
  if (isToolingRequest(request)) return;
  const message =
    `[mocks] No handler for ${request.method} ${request.url}. ` +
    "Add a fixture for this operation (src/api/mocks/handlers.ts) or override it in the story or test.";
  unhandled.push(message);
  console.error(message);
  const problem = { type: "about:blank", title: "No mock for this request", status: 501, detail: message };
  // MSW answers a frame whose unhandled-policy rejects with a Response with that response.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw Response.json(problem, { status: 501, headers: { "Content-Type": "application/problem+json" } });
};

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
