import type { FirebaseApp } from "firebase/app";
import type { AnalyticsSink } from "./sink.ts";

/**
 * GA4 settings: only the catalogue's events. No automatic page_view (its URL could hold
 * IDs; `screen_view` names screens instead), no Google signals, no ad personalisation.
 */
const GTAG_CONFIG = {
  send_page_view: false,
  allow_google_signals: false,
  allow_ad_personalization_signals: false,
} as const;

/**
 * Starts Firebase Analytics on `app`, loading its SDK on demand (its own chunk; the
 * only module that imports `firebase/analytics`). Resolves to null where the SDK says
 * analytics cannot run (no IndexedDB, cookies off, a browser extension page) or when
 * there is no app; rejects when the SDK's code cannot be loaded (an ad blocker on the
 * chunk, offline): the pipeline reports that once and carries on.
 *
 * @example
 * const sink = await connectFirebaseAnalytics(loadFirebaseApp);
 * sink?.send({ name: "login", params: { method: "password" } });
 */
export async function connectFirebaseAnalytics(
  loadApp: () => Promise<FirebaseApp | null>,
): Promise<AnalyticsSink | null> {
  const sdk = await import("firebase/analytics");
  if (!(await sdk.isSupported())) return null;
  const app = await loadApp();
  if (!app) return null;
  const analytics = sdk.initializeAnalytics(app, { config: GTAG_CONFIG });
  return {
    send({ name, params }) {
      // Our catalogue's names are GA4's recommended events; the SDK's overloads are per name.
      sdk.logEvent(analytics, name as string, params);
    },
    setEnabled(enabled) {
      sdk.setAnalyticsCollectionEnabled(analytics, enabled);
    },
  };
}
