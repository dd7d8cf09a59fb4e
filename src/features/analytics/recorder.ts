import type { AnalyticsEvent } from "./events.ts";
import type { AnalyticsSink } from "./sink.ts";

/** A sink that keeps events instead of sending them: `npm run dev`, Storybook and the tests. */
export interface Recorder extends AnalyticsSink {
  /** The events received so far, oldest first. */
  readonly events: readonly AnalyticsEvent[];
  /** Whether the last consent change enabled (true) or stopped (false) sending. */
  readonly enabled: boolean;
  /** Calls `listener` with each event from now on (Storybook's Actions panel); returns the unsubscribe. */
  subscribe(listener: (event: AnalyticsEvent) => void): () => void;
  /** Forgets the recorded events. */
  clear(): void;
}

/**
 * Records events in memory; nothing leaves the page.
 *
 * @example
 * const recorder = createRecorder();
 * const analytics = createAnalytics({ consent, connect: async () => recorder });
 * analytics.track("login", { method: "password" });
 * recorder.events; // [{ name: "login", params: { method: "password" } }] once consent is granted
 */
export function createRecorder(): Recorder {
  const events: AnalyticsEvent[] = [];
  const listeners = new Set<(event: AnalyticsEvent) => void>();
  let enabled = false;
  return {
    get events() {
      return events;
    },
    get enabled() {
      return enabled;
    },
    send(event) {
      events.push(event);
      for (const listener of listeners) listener(event);
    },
    setEnabled(on) {
      enabled = on;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      events.length = 0;
    },
  };
}
