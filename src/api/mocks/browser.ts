import { setupWorker, type SetupWorker } from "msw/browser";
import { handlers } from "./handlers";
import { failOnUnhandledRequest } from "./unhandled";

/**
 * Starts the fixtures in the browser (Storybook and the app's mock mode) with a
 * Service Worker. `workerUrl` is resolved against the page, so a static build
 * served from a sub-path finds its worker beside its own files.
 *
 * @example
 * const worker = await startMockWorker();
 * worker.use(http.get("/things", ({ response }) => response(200).json([])));
 */
export async function startMockWorker(workerUrl = "mockServiceWorker.js"): Promise<SetupWorker> {
  const worker = setupWorker(...handlers);
  await worker.start({
    quiet: true,
    serviceWorker: { url: new URL(workerUrl, document.baseURI).pathname },
    onUnhandledFrame: failOnUnhandledRequest,
  });
  return worker;
}
