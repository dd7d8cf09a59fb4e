// The app's analytics, loaded on demand by `track()` and the consent banner's mount,
// never part of the initial JS. Production with a measurement ID sends to Firebase
// Analytics; everywhere else events go to a recorder and nothing leaves the page.
import { loadFirebaseApp } from "@/lib/firebase/app.ts";
import { firebaseSetup } from "@/lib/firebase/config.ts";
import { createConsentStore } from "./consent.ts";
import { createAnalytics } from "./pipeline.ts";
import { createRecorder } from "./recorder.ts";

const setup = firebaseSetup(import.meta.env);
const measurementId = setup.mode === "configured" ? setup.config.measurementId : undefined;

/** True when events go to Google (configured with a measurement ID); false when they are recorded. */
export const SENDS = setup.mode === "configured" && measurementId !== undefined;

/** The visitor's choice, kept in localStorage. */
export const consent = createConsentStore();

/** What `track()` delivered after consent, in `npm run dev`, Storybook and the tests. */
export const recorder = createRecorder();

export const analytics = createAnalytics({
  consent,
  connect: SENDS
    ? () =>
        import("./firebase-sink.ts").then(({ connectFirebaseAnalytics }) =>
          connectFirebaseAnalytics(() => loadFirebaseApp()),
        )
    : () => Promise.resolve(recorder),
});

if (import.meta.env.MODE === "development" && !SENDS) {
  recorder.subscribe(({ name, params }) => console.debug("[analytics] recorded, not sent:", name, params));
}
