import { lazy, Suspense } from "react";

// Loaded after the first render, in its own chunk. The condition is written out (see
// ./analytics.ts) so that a production build without a measurement ID drops the chunk.
const AppConsentBanner =
  import.meta.env.MODE === "production" && !import.meta.env.VITE_FIREBASE_MEASUREMENT_ID
    ? null
    : lazy(() => import("./app-consent-banner.tsx"));

/**
 * The consent banner for the app shell: rendered when this build has analytics, nothing
 * otherwise. It loads after the page, so it never delays the first paint.
 *
 * @example
 * <AnalyticsConsent />
 */
export function AnalyticsConsent() {
  if (!AppConsentBanner) return null;
  return (
    <Suspense fallback={null}>
      <AppConsentBanner />
    </Suspense>
  );
}
