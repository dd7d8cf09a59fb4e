import { useEffect } from "react";
import { ApiError } from "@contract-workbench/runtime";
import type { AnalyticsEventName, AnalyticsEvents, ScreenName } from "./events.ts";

// Whether this build has analytics at all: a production build only with
// VITE_FIREBASE_MEASUREMENT_ID set (then it sends, after consent); `npm run dev`, Storybook
// and the tests always (they record, unless configured). Written out where it is used, not
// in a constant or function: the minifier folds the literal expression (both operands are
// replaced at build time) but not a call, and only then does a production build without a
// measurement ID drop the branch, and the banner, pipeline and SDK chunks with it.

/**
 * Records a declared event with its parameters (`events.ts` lists them). Sent only
 * after the visitor's consent; dropped before it, never queued. Never throws: analytics
 * cannot break the product.
 *
 * @example
 * track("login", { method: "password" }); // wired by identity
 * track("exception", { description: "network", fatal: false });
 */
export function track<Name extends AnalyticsEventName>(name: Name, params: AnalyticsEvents[Name]): void {
  if (import.meta.env.MODE === "production" && !import.meta.env.VITE_FIREBASE_MEASUREMENT_ID) return;
  import("./runtime.ts").then(
    ({ analytics }) => analytics.track(name, params),
    // The chunk did not load (offline, a blocker): the event is lost, the app is not.
    () => undefined,
  );
}

/**
 * Tracks `screen_view` for a screen when it mounts.
 *
 * @example
 * useScreenView("contract-status");
 */
export function useScreenView(screenName: ScreenName): void {
  useEffect(() => track("screen_view", { screen_name: screenName }), [screenName]);
}

/**
 * Tracks an error shown to the visitor as `exception`, described by its kind (an
 * `ApiError`'s `kind`, else the error's class name): never its message, which may quote
 * what the visitor typed.
 *
 * @example
 * <ErrorBoundary onError={(error) => trackException(error, true)} … />
 */
export function trackException(error: unknown, fatal: boolean): void {
  const description =
    error instanceof ApiError ? `api:${error.kind}` : error instanceof Error ? error.name : typeof error;
  track("exception", { description, fatal });
}
