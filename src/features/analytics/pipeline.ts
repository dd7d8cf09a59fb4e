import type { ConsentStore } from "./consent.ts";
import type { AnalyticsEventName, AnalyticsEvents } from "./events.ts";
import type { AnalyticsSink } from "./sink.ts";

export interface AnalyticsOptions {
  consent: ConsentStore;
  /**
   * Loads the sink; called once, on the first consent. Resolves to null when analytics
   * cannot run here (the SDK says the browser is unsupported): events are then dropped.
   */
  connect: () => Promise<AnalyticsSink | null>;
}

export interface Analytics {
  /** Sends a declared event with its parameters, if and only if the visitor consented. */
  track<Name extends AnalyticsEventName>(name: Name, params: AnalyticsEvents[Name]): void;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The consent gate between the product and a sink. Nothing is loaded before the
 * visitor consents; events tracked before that are dropped, not queued (they were
 * not consented to). Withdrawing consent stops sending at once. Analytics never breaks
 * the product: a sink that fails to load or throws is reported once, as a warning,
 * and events are dropped from then on; `track` never throws and never rejects.
 *
 * @example
 * const analytics = createAnalytics({ consent, connect: async () => createRecorder() });
 * analytics.track("login", { method: "password" });
 */
export function createAnalytics({ consent, connect }: AnalyticsOptions): Analytics {
  let sink: Promise<AnalyticsSink | null> | undefined;
  let broken = false;

  function fail(error: unknown): void {
    if (broken) return;
    broken = true;
    console.warn(`[analytics] Analytics is off for this visit; the app works without it. (${reason(error)})`);
  }

  function connected(): Promise<AnalyticsSink | null> {
    sink ??= connect().catch((error: unknown) => {
      fail(error);
      return null;
    });
    return sink;
  }

  function withSink(action: (sink: AnalyticsSink) => void): void {
    void connected().then((ready) => {
      if (!ready || broken) return;
      try {
        action(ready);
      } catch (error) {
        fail(error);
      }
    });
  }

  function follow(): void {
    const granted = consent.get() === "granted";
    // Before any consent nothing is loaded; after a withdrawal the loaded sink is told to stop.
    if (granted || sink) withSink((ready) => ready.setEnabled(granted));
  }
  consent.subscribe(follow);
  follow();

  return {
    track(name, params) {
      if (consent.get() !== "granted") return;
      withSink((ready) => {
        // Consent may have been withdrawn while the sink was loading.
        if (consent.get() === "granted") ready.send({ name, params } as never);
      });
    },
  };
}
