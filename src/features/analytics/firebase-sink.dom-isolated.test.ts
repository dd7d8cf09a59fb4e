// The real Firebase Analytics SDK, its Google calls answered by the fixtures of their own
// contract (mocks/analytics/), every exchange checked against it. jsdom has no
// IndexedDB, which the SDK needs (isSupported() is false without it): fake-indexeddb
// provides one. jsdom does not fetch <script src>, so Google's tag script is never loaded;
// the test sees the SDK insert it.
import "fake-indexeddb/auto";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { server } from "#mocks/node.ts";
import {
  analyticsFixtures,
  GTAG_SCRIPT_URL,
  googleOffline,
  type MockHandler as HttpHandler,
} from "#mocks/analytics/fixtures.ts";
import { CONSENT_KEY, createConsentStore, type ConsentChoice } from "./consent.ts";
import { connectFirebaseAnalytics } from "./firebase-sink.ts";
import { memoryStorage } from "./memory-storage.ts";
import { createAnalytics } from "./pipeline.ts";

const PROJECT_ID = "demo-test";
const MEASUREMENT_ID = "G-TESTMEASURE";
let appNumber = 0;
/** The SDK's start-up takes a few hundred milliseconds; generous on a busy machine (a guard against a hang, not a target). */
const WAIT = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

interface DataLayerWindow {
  dataLayer?: IArguments[];
}

/** Where this test's part of the page-wide data layer starts (the SDK keeps one per page). */
let dataLayerStart = 0;

/** What the SDK queued for gtag.js during this test, as plain arrays. */
function dataLayer(): unknown[][] {
  return ((window as DataLayerWindow).dataLayer ?? [])
    .slice(dataLayerStart)
    .map((entry) => Array.from(entry) as unknown[]);
}

function queuedEvents(measurementId = MEASUREMENT_ID): unknown[][] {
  return dataLayer().filter(
    (entry) => entry[0] === "event" && (entry[2] as { send_to?: string } | undefined)?.send_to === measurementId,
  );
}

/** A fresh app per test (the SDK keeps its state per app ID), as the app's own loader would make it. Apps stay alive: deleting one makes the SDK log in a later test. */
function newApp(): FirebaseApp {
  appNumber += 1;
  const appId = `1:000000000000:web:${appNumber.toString(16).padStart(22, "0")}`;
  return initializeApp(
    {
      apiKey: "demo-api-key",
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      projectId: PROJECT_ID,
      appId,
      measurementId: MEASUREMENT_ID,
    },
    `analytics-test-${appNumber}`,
  );
}

/** The webConfig answer for this app, as Google sends it (its own app ID and measurement ID). */
function webConfigFor(app: FirebaseApp): HttpHandler {
  return analyticsFixtures.respond("getWebConfig", 200, {
    projectId: PROJECT_ID,
    appId: app.options.appId ?? "",
    measurementId: MEASUREMENT_ID,
    apiKey: "demo-api-key",
  });
}

function setUp(app: FirebaseApp, stored?: ConsentChoice) {
  const consent = createConsentStore({
    storage: memoryStorage(stored ? { [CONSENT_KEY]: stored } : {}),
    privacySignal: () => false,
  });
  const analytics = createAnalytics({ consent, connect: () => connectFirebaseAnalytics(() => Promise.resolve(app)) });
  return { consent, analytics };
}

const requests: string[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
let detach: () => void;
let warn: MockInstance<typeof console.warn>;
let error: MockInstance<typeof console.error>;

beforeEach(() => {
  requests.length = 0;
  rejections.length = 0;
  dataLayerStart = (window as DataLayerWindow).dataLayer?.length ?? 0;
  server.events.on("request:start", ({ request }) =>
    requests.push(`${request.method} ${new URL(request.url).pathname}`),
  );
  detach = analyticsFixtures.observe(server.events);
  server.use(...analyticsFixtures.handlers);
  process.on("unhandledRejection", onRejection);
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  error = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(async () => {
  await analyticsFixtures.settled();
  detach();
  server.events.removeAllListeners("request:start");
  process.off("unhandledRejection", onRejection);
  warn.mockRestore();
  error.mockRestore();
  document.head.querySelectorAll(`script[src^="${GTAG_SCRIPT_URL}"]`).forEach((script) => script.remove());
});

function track(analytics: ReturnType<typeof setUp>["analytics"]) {
  analytics.track("login", { method: "password" });
}

describe("Firebase Analytics, the real SDK, behind the consent gate", () => {
  it("makes no request before consent; after it, starts up against Google's endpoints and queues the event", async () => {
    const app = newApp();
    server.use(webConfigFor(app));
    const { consent, analytics } = setUp(app);

    track(analytics);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(document.querySelector(`script[src^="${GTAG_SCRIPT_URL}"]`)).toBeNull();

    consent.set("granted");
    analytics.track("sign_up", { method: "password" });
    await vi.waitFor(() => expect(queuedEvents()).toHaveLength(1), WAIT);

    expect(queuedEvents()[0]).toEqual(["event", "sign_up", { method: "password", send_to: MEASUREMENT_ID }]);
    expect([...requests].sort()).toEqual([
      `GET /v1alpha/projects/-/apps/${app.options.appId}/webConfig`,
      `POST /v1/projects/${PROJECT_ID}/installations`,
    ]);
    // gtag is configured with the installation ID, our privacy settings and no automatic page view.
    const config = dataLayer().find((entry) => entry[0] === "config" && entry[1] === MEASUREMENT_ID);
    expect(config?.[2]).toMatchObject({
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
      firebase_id: expect.stringMatching(/^[cdef][\w-]{21}$/) as unknown,
    });
    const script = document.querySelector<HTMLScriptElement>(`script[src^="${GTAG_SCRIPT_URL}"]`);
    expect(script?.src).toBe(`${GTAG_SCRIPT_URL}?l=dataLayer&id=${MEASUREMENT_ID}`);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it("refreshes an expiring installation token on a returning visit (authTokens:generate)", async () => {
    const first = newApp();
    server.use(
      webConfigFor(first),
      // A token that expires within the SDK's one-hour margin: the next visit refreshes it.
      analyticsFixtures.respond("createInstallation", 200, {
        ...analyticsFixtures.fixture("createInstallation", 200),
        authToken: { token: "short-lived-token", expiresIn: "60s" },
      }),
    );
    const visit = setUp(first, "granted");
    track(visit.analytics);
    await vi.waitFor(() => expect(requests).toContain(`POST /v1/projects/${PROJECT_ID}/installations`), WAIT);
    await vi.waitFor(() => expect(queuedEvents().length).toBeGreaterThan(0), WAIT);
    const { options, name } = first;
    await deleteApp(first);
    requests.length = 0;

    // The same app on the next page load: the installation is in IndexedDB already.
    const again = initializeApp(options, name);
    server.use(webConfigFor(again));
    const returning = setUp(again, "granted");
    track(returning.analytics);
    await vi.waitFor(
      () =>
        expect(requests).toContainEqual(
          expect.stringMatching(
            new RegExp(`^POST /v1/projects/${PROJECT_ID}/installations/[\\w-]{22}/authTokens:generate$`),
          ),
        ),
      WAIT,
    );
    expect(requests).not.toContain(`POST /v1/projects/${PROJECT_ID}/installations`);
    expect(rejections).toEqual([]);
  });
});

describe("Firebase Analytics failing never breaks the product", () => {
  // What the unmodified SDK itself logs for each failure, once: a warning when it falls back
  // to the local measurement ID (@firebase/analytics' logger) and an error when the
  // installation cannot be registered (@firebase/installations calls console.error).
  // Our pipeline adds nothing: it has not failed, the SDK carried on.
  const FALLBACK = /@firebase\/analytics/;
  const failures: Array<[string, () => HttpHandler[], { warnings: RegExp[]; errors: RegExp[] }]> = [
    [
      "offline: every Google call fails at the network",
      () => [googleOffline()],
      { warnings: [FALLBACK], errors: [/fetch failed/] },
    ],
    [
      "the installations service fails (5XX)",
      () => [analyticsFixtures.respond("createInstallation", "5XX")],
      { warnings: [], errors: [/Create Installation request failed/] },
    ],
    [
      "the configuration call is refused (4XX, a restricted API key)",
      () => [analyticsFixtures.respond("getWebConfig", "4XX")],
      { warnings: [FALLBACK], errors: [] },
    ],
  ];

  it.each(failures)(
    "%s: tracking never throws, nothing rejects unhandled, the event is still queued",
    async (_, handlers, logged) => {
      const app = newApp();
      server.use(...handlers(), webConfigFor(app));
      const { analytics } = setUp(app, "granted");
      expect(() => track(analytics)).not.toThrow();
      // The SDK falls back to the local measurement ID and a locally made installation ID.
      await vi.waitFor(() => expect(queuedEvents()).toHaveLength(1), WAIT);
      await vi.waitFor(() => {
        expect(warn.mock.calls.length).toBeGreaterThanOrEqual(logged.warnings.length);
        expect(error.mock.calls.length).toBeGreaterThanOrEqual(logged.errors.length);
      }, WAIT);
      await analyticsFixtures.settled();
      expect(rejections).toEqual([]);
      const text = (calls: unknown[][]) => calls.map((call) => call.map(String).join(" "));
      expect(text(warn.mock.calls)).toEqual(
        logged.warnings.map((pattern) => expect.stringMatching(pattern) as unknown),
      );
      expect(text(error.mock.calls)).toEqual(logged.errors.map((pattern) => expect.stringMatching(pattern) as unknown));
    },
  );

  it("a blocked tag script (an ad blocker) changes nothing for the app", async () => {
    const app = newApp();
    server.use(webConfigFor(app));
    const { analytics } = setUp(app, "granted");
    track(analytics);
    const script = await vi.waitFor(() => {
      const found = document.querySelector(`script[src^="${GTAG_SCRIPT_URL}"]`);
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    }, WAIT);
    script.dispatchEvent(new Event("error"));
    analytics.track("sign_up", { method: "password" });
    await vi.waitFor(() => expect(queuedEvents()).toHaveLength(2), WAIT);
    expect(rejections).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
