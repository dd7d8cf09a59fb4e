/**
 * What a request the mock worker sees is: the page loading itself (its modules, styles,
 * fonts, the dev server's internals), or a call the contract could describe. Only the
 * second may reach the fixtures; see docs/decisions/0003-mocking.md, "Page code or API call".
 *
 * - `"page"`: the page's own code or assets. Never reaches the fixtures: it passes through.
 * - `"asset"`: an image or font whose origin the rule cannot tell from its URL alone; the
 *   contract answers it when an operation declares the path, otherwise it passes through.
 * - `"api"`: a call the contract could describe, whatever its extension. A handler answers
 *   it, or the unhandled policy fails it with a 501.
 */
export type RequestKind = "page" | "asset" | "api";

/** What the browser knows about a request beyond the `Request` object MSW hands over. */
export interface RequestFacts {
  /**
   * `request.destination` as the browser set it (`""` for `fetch()` and XHR, `"script"` for
   * a module, …), or `undefined` when unknown (Node, where no page loads anything).
   */
  destination?: string | undefined;
  /** The origin of the page the request comes from (`location.origin`), when there is a page. */
  pageOrigin?: string | undefined;
}

// The destinations of a page loading itself: documents and frames, code, styles, fonts,
// workers, the manifest, worklets, JSON modules. `fetch()` and XHR have the empty destination.
const PAGE_DESTINATIONS = new Set([
  "document",
  "iframe",
  "frame",
  "embed",
  "object",
  "script",
  "style",
  "font",
  "worker",
  "sharedworker",
  "serviceworker",
  "manifest",
  "json",
  "paintworklet",
  "audioworklet",
  "xslt",
]);
// Media an element or a stylesheet loads: the page's own when same-origin; from another
// origin (an avatar host) the contract may describe it.
const MEDIA_DESTINATIONS = new Set(["image", "audio", "video", "track"]);

// The dev servers' (Vite's, Vitest's, Storybook's) own URLs: modules by file system path or
// id, prebundled dependencies, virtual modules, HMR, Storybook's manager, preview and index.
const DEV_SERVER_PATH =
  /^\/(?:@vite\/|@fs\/|@id\/|@react-refresh|node_modules\/|virtual:|__vite|__vitest|vite-inject|sb-|iframe\.html|index\.json$)/;
// Vite's module queries: `?import`, `?raw`, `?url`, `?inline`, `?worker`… mark a module
// request whatever the file's extension (`contract.json?import&raw`).
const MODULE_QUERIES = ["import", "raw", "url", "inline", "worker", "sharedworker", "direct", "html-proxy"];
// Without a destination (Node), the URL's shape is all there is: source files and stylesheets
// are page code; images and fonts are assets.
const CODE_EXTENSION = /\.(?:m?[jt]sx?|s?css|html|mdx|map|wasm)$/i;
const MEDIA_EXTENSION = /\.(?:woff2?|ttf|otf|eot|png|jpe?g|gif|webp|avif|svg|ico)$/i;

/**
 * Classifies a request by what it is (its mode, its destination, whether it is the dev
 * server's own module request) before how its URL looks. A pure function: the browser's
 * facts come in `facts`.
 *
 * @example
 * classifyRequest(new Request("http://localhost:6006/src/api/contract.json?import&raw"), {
 *   destination: "script",
 *   pageOrigin: "http://localhost:6006",
 * }); // "page"
 * classifyRequest(new Request("http://localhost:6006/reports/2026.json"), {
 *   destination: "",
 *   pageOrigin: "http://localhost:6006",
 * }); // "api"
 */
export function classifyRequest(request: Request, facts: RequestFacts = {}): RequestKind {
  if (request.mode === "navigate") return "page";
  const { destination, pageOrigin } = facts;
  const url = new URL(request.url);
  if (url.protocol === "file:") return "page";
  const sameOrigin = pageOrigin !== undefined && url.origin === pageOrigin;
  if (destination !== undefined && PAGE_DESTINATIONS.has(destination)) return "page";
  if (destination !== undefined && MEDIA_DESTINATIONS.has(destination)) return sameOrigin ? "page" : "asset";
  // The dev server's own URLs, on its origin (or anywhere when there is no page to compare with:
  // no API lives under /@vite/ or /node_modules/).
  if ((sameOrigin || pageOrigin === undefined) && DEV_SERVER_PATH.test(url.pathname)) return "page";
  if (sameOrigin && MODULE_QUERIES.some((flag) => url.searchParams.has(flag))) return "page";
  // Vite's client polls the dev server with this `fetch()` after losing its connection.
  if (sameOrigin && request.headers.get("accept") === "text/x-vite-ping") return "page";
  // The browser said what it is (`fetch()`, XHR): the contract decides, whatever the extension.
  if (destination !== undefined) return "api";
  if (CODE_EXTENSION.test(url.pathname)) return "page";
  if (MEDIA_EXTENSION.test(url.pathname)) return "asset";
  return "api";
}
