// MSW's worker sends each intercepted request to the page with its `destination` (what
// the browser is loading: a script, a stylesheet, a font, `""` for fetch()), but msw 3's
// setupWorker rebuilds a `Request` from it, and a constructed Request's destination is
// always "". This keeps what the worker said, so that the handlers and the unhandled policy
// can decide from what the request is (./request-kind).

/** Requests seen but not yet finished, by method and URL: the same URL may be in flight twice. */
const seen = new Map<string, string[]>();
/** Past this many keys the oldest are dropped (a request whose end never came). */
const LIMIT = 500;

function keyOf(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

interface WorkerRequestMessage {
  type: "REQUEST";
  payload: { url: string; method: string; destination: string };
}

function isWorkerRequest(data: unknown): data is WorkerRequestMessage {
  if (typeof data !== "object" || data === null || (data as { type?: unknown }).type !== "REQUEST") return false;
  const payload = (data as { payload?: unknown }).payload;
  return (
    typeof payload === "object" &&
    payload !== null &&
    typeof (payload as { url?: unknown }).url === "string" &&
    typeof (payload as { method?: unknown }).method === "string" &&
    typeof (payload as { destination?: unknown }).destination === "string"
  );
}

let listening: EventTarget | undefined;

/**
 * Listens to the mock Service Worker's messages to this page and records each request's
 * destination. Call it before `worker.start()`; a listener runs before MSW's own, which
 * first awaits its worker, so the destination is known when the handlers run.
 *
 * @example
 * recordRequestDestinations(navigator.serviceWorker);
 * worker.events.on("request:end", ({ request }) => forgetRequestDestination(request));
 */
export function recordRequestDestinations(container: EventTarget): void {
  if (listening === container) return;
  listening = container;
  container.addEventListener("message", (event) => {
    const { data } = event as MessageEvent<unknown>;
    if (!isWorkerRequest(data)) return;
    const key = keyOf(data.payload.method, data.payload.url);
    const queue = seen.get(key) ?? [];
    queue.push(data.payload.destination);
    seen.delete(key);
    seen.set(key, queue);
    if (seen.size > LIMIT) seen.delete(seen.keys().next().value!);
  });
}

/**
 * The destination the browser gave `request`, or `undefined` when no worker reported it
 * (Node, or a request that did not come through the worker).
 *
 * @example
 * classifyRequest(request, { destination: requestDestination(request), pageOrigin: location.origin });
 */
export function requestDestination(request: Request): string | undefined {
  return seen.get(keyOf(request.method, request.url))?.[0];
}

/**
 * Forgets the oldest record for this request's method and URL, once MSW is done with it.
 *
 * @example
 * worker.events.on("request:end", ({ request }) => forgetRequestDestination(request));
 */
export function forgetRequestDestination(request: Request): void {
  const key = keyOf(request.method, request.url);
  const queue = seen.get(key);
  queue?.shift();
  if (queue?.length === 0) seen.delete(key);
}
