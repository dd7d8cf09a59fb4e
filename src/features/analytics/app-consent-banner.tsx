import { ConsentBanner } from "./consent-banner.tsx";
import { consent } from "./runtime.ts";
import "./app-consent-banner.css";

/**
 * The banner on the app's own consent store, docked at the bottom corner of the page.
 * Loaded lazily by `AnalyticsConsent`.
 *
 * @example
 * const AppConsentBanner = lazy(() => import("./app-consent-banner.tsx"));
 */
export default function AppConsentBanner() {
  return <ConsentBanner consent={consent} className="app-consent-banner" />;
}
