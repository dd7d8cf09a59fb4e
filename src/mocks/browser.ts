import { setupWorker, type SetupWorker } from "msw/browser";
import { identity, identityHandlers } from "@/mocks/identity/fixtures";
import { fixtures, onUnhandledFrame } from "./fixtures";

/**
 * Starts the fixtures (the identity provider's included) in the browser (Storybook and the app's mock mode) with a
 * Service Worker, with every mocked exchange checked against the contract.
 * `workerUrl` is resolved against the page, so a static build served from a
 * sub-path finds its worker beside its own files.
 *
 * @example
 * const worker = await startMockWorker();
 * worker.use(fixtures.respond("listNotes", 200, []));
 */
export async function startMockWorker(workerUrl = "mockServiceWorker.js"): Promise<SetupWorker> {
  const worker = setupWorker(...fixtures.handlers, ...identityHandlers);
  fixtures.observe(worker.events);
  identity.observe(worker.events);
  await worker.start({
    quiet: true,
    serviceWorker: { url: new URL(workerUrl, document.baseURI).pathname },
    onUnhandledFrame,
  });
  return worker;
}
