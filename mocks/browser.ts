import { setupWorker, type SetupWorker } from "msw/browser";
import { mockedContracts } from "./generated/mocked-contracts.ts";
import { onUnhandledFrame } from "./fixtures.ts";
import {
  forgetRequestDestination,
  recordRequestDestinations,
  keepAnswering,
  probeHandler,
  probeUrl,
  takeWorkerUpdateRace,
} from "@contract-workbench/workbench/fixtures/browser";

/** Whether a page no worker controls may reload to get one: never under Vitest, whose page it would take away. */
const RELOAD = !import.meta.env.VITEST;

/** The liveness probe of the started worker (packages/workbench/src/fixtures/worker/worker-liveness.ts). */
let probe: string | undefined;

/**
 * Starts the fixtures of the registry's product and answering services (contracts.config.ts;
 * the identity provider's included) in the browser (Storybook and the app's mock mode) with a
 * Service Worker, with every mocked exchange checked against its contract.
 * `workerUrl` is resolved against the page, so a static build served from a
 * sub-path finds its worker beside its own files. The page's own loads (modules,
 * styles, fonts, the dev server's URLs) pass through; see packages/workbench/src/fixtures/worker/request-kind.ts.
 *
 * @example
 * const worker = await startMockWorker();
 * worker.use(fixtures.respond("listNotes", 200, []));
 */
export async function startMockWorker(workerUrl = "mockServiceWorker.js"): Promise<SetupWorker> {
  // Before the worker starts: what the browser is loading (a script, a style…) is known
  // only from the worker's message, and the handlers and the unhandled policy need it.
  recordRequestDestinations(navigator.serviceWorker);
  const url = probeUrl(workerUrl);
  const worker = setupWorker(probeHandler(url), ...mockedContracts.flatMap((contract) => contract.handlers));
  for (const { fixtures } of mockedContracts) fixtures.observe(worker.events);
  worker.events.on("request:end", ({ request }) => forgetRequestDestination(request));
  const script = new URL(workerUrl, document.baseURI);
  takeWorkerUpdateRace(window, script.href);
  await worker.start({
    quiet: true,
    serviceWorker: { url: script.pathname },
    onUnhandledFrame,
  });
  await keepAnswering(url, { reload: RELOAD });
  // Known once the worker answers, so a check that runs beside the start (Storybook runs its loaders at once) waits for the next story.
  probe = url;
  return worker;
}

/**
 * Makes sure the started worker still answers this page (Storybook asks before each story):
 * a page its worker stopped counting is taken back, or the story fails saying so.
 *
 * @example
 * loaders: [mswLoader(() => startMockWorker()), () => keepMocking()],
 */
export async function keepMocking(): Promise<void> {
  if (probe !== undefined) await keepAnswering(probe, { reload: RELOAD });
}
