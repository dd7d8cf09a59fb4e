/**
 * Every event the product emits, with its parameters: the one place to read what
 * analytics collects. `track()` accepts only these names, each with its own parameter
 * types, so an undeclared event or a wrong parameter does not compile.
 *
 * No parameter may hold personal data (no email, name, user ID or free text typed by
 * the visitor): Google Analytics' terms forbid it, and it is not needed to count.
 */
export interface AnalyticsEvents {
  /** A screen was shown. `screen_name` is the screen's fixed name, never a URL with IDs. */
  screen_view: { screen_name: ScreenName };
  /** The visitor signed in (identity feature). */
  login: { method: SignInMethod };
  /** The visitor created an account (identity feature). */
  sign_up: { method: SignInMethod };
  /**
   * An error was shown to the visitor. `description` is the error's kind or code
   * (`network`, `auth/invalid-credential`), never its message, which may quote input.
   */
  exception: { description: string; fatal: boolean };
}

/** The screens the product has today. */
export type ScreenName = "contract-status" | "sign-in" | "sign-up" | "account";

/** How the visitor signs in: Firebase Auth's provider names, as GA4's recommended events use them. */
export type SignInMethod = "password" | "google.com";

export type AnalyticsEventName = keyof AnalyticsEvents;

/** One event as the sinks receive it. */
export type AnalyticsEvent = {
  [Name in AnalyticsEventName]: { name: Name; params: AnalyticsEvents[Name] };
}[AnalyticsEventName];
