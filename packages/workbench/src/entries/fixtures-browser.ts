// What keeps the mock Service Worker answering in a tab, and the dev-mode reset of the stateful fixtures.
export { forgetRequestDestination, recordRequestDestinations } from "../fixtures/worker/request-destination.ts";
export {
  answersFromFixtures,
  askWorker,
  keepAnswering,
  probeHandler,
  probeUrl,
} from "../fixtures/worker/worker-liveness.ts";
export { takeWorkerUpdateRace } from "../fixtures/worker/update-race.ts";
export { mountResetControl, SESSION_KEY } from "../fixtures/resources/reset-control.ts";
