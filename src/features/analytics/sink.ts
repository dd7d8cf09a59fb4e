import type { AnalyticsEvent } from "./events.ts";

/** Where consented events go: Firebase Analytics in production, a recorder everywhere else. */
export interface AnalyticsSink {
  send(event: AnalyticsEvent): void;
  /** Consent withdrawn (false) or given again (true): stops or resumes anything the sink sends on its own. */
  setEnabled(enabled: boolean): void;
}
