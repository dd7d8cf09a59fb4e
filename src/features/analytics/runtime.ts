// The app's analytics, loaded on demand by `track()` and the consent banner's mount,
// never part of the initial JS. Production with a measurement ID sends to Firebase
// Analytics; everywhere else events go to a recorder and nothing leaves the page.
import type { FirebaseApp } from "firebase/app";
import { firebaseSetup } from "@/lib/firebase/config";
import { createConsentStore } from "./consent";
import { createAnalytics } from "./pipeline";
import { createRecorder } from "./recorder";

const setup = firebaseSetup(import.meta.env);
const measurementId = setup.mode === "configured" ? setup.config.measurementId : undefined;

/** True when events go to Google (configured with a measurement ID); false when they are recorded. */
export const SENDS = setup.mode === "configured" && measurementId !== undefined;

/** The visitor's choice, kept in localStorage. */
export const consent = createConsentStore();

/** What `track()` delivered after consent, in `npm run dev`, Storybook and the tests. */
export const recorder = createRecorder();

/**
 * The shared Firebase app, initialised once. The app-wide loader (`src/lib/firebase/app.ts`,
 * from the identity work) replaces this at merge: both are idempotent on the default app.
 */
async function loadAnalyticsApp(): Promise<FirebaseApp | null> {
  if (setup.mode !== "configured") return null;
  const { getApp, getApps, initializeApp } = await import("firebase/app");
  return getApps().length > 0 ? getApp() : initializeApp(setup.config);
}

export const analytics = createAnalytics({
  consent,
  connect: SENDS
    ? () => import("./firebase-sink").then(({ connectFirebaseAnalytics }) => connectFirebaseAnalytics(loadAnalyticsApp))
    : () => Promise.resolve(recorder),
});

if (import.meta.env.MODE === "development" && !SENDS) {
  recorder.subscribe(({ name, params }) => console.debug("[analytics] recorded, not sent:", name, params));
}
