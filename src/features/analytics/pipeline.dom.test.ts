import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { CONSENT_KEY, createConsentStore } from "./consent.ts";
import { memoryStorage } from "./memory-storage.ts";
import { createAnalytics } from "./pipeline.ts";
import { createRecorder } from "./recorder.ts";
import type { AnalyticsSink } from "./sink.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(options: { stored?: "granted" | "denied"; signal?: boolean } = {}) {
  const consent = createConsentStore({
    storage: memoryStorage(options.stored ? { [CONSENT_KEY]: options.stored } : {}),
    privacySignal: () => options.signal ?? false,
  });
  const recorder = createRecorder();
  let connects = 0;
  const analytics = createAnalytics({
    consent,
    connect: () => {
      connects += 1;
      return Promise.resolve(recorder);
    },
  });
  return { consent, recorder, analytics, connects: () => connects };
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("the consent gate", () => {
  it("loads nothing and drops events before the visitor chooses", async () => {
    const { analytics, recorder, connects } = setUp();
    analytics.track("screen_view", { screen_name: "contract-status" });
    await flush();
    expect(connects()).toBe(0);
    expect(recorder.events).toEqual([]);
  });

  it("loads the sink once on consent and sends only what comes after it", async () => {
    const { analytics, recorder, consent, connects } = setUp();
    analytics.track("screen_view", { screen_name: "contract-status" });
    consent.set("granted");
    analytics.track("login", { method: "password" });
    analytics.track("exception", { description: "api:network", fatal: false });
    await flush();
    expect(connects()).toBe(1);
    expect(recorder.enabled).toBe(true);
    expect(recorder.events).toEqual([
      { name: "login", params: { method: "password" } },
      { name: "exception", params: { description: "api:network", fatal: false } },
    ]);
  });

  it("never loads anything for a visitor who declined", async () => {
    const { analytics, recorder, connects } = setUp({ stored: "denied" });
    analytics.track("sign_up", { method: "password" });
    await flush();
    expect(connects()).toBe(0);
    expect(recorder.events).toEqual([]);
  });

  it("never loads anything when the browser sends a privacy signal, whatever was stored", async () => {
    const { analytics, connects } = setUp({ stored: "granted", signal: true });
    analytics.track("login", { method: "password" });
    await flush();
    expect(connects()).toBe(0);
  });

  it("stops sending as soon as consent is withdrawn, and tells the sink", async () => {
    const { analytics, recorder, consent } = setUp({ stored: "granted" });
    analytics.track("login", { method: "password" });
    await flush();
    consent.set("denied");
    analytics.track("sign_up", { method: "password" });
    await flush();
    expect(recorder.enabled).toBe(false);
    expect(recorder.events.map((event) => event.name)).toEqual(["login"]);
  });
});

describe("analytics never breaks the product", () => {
  it("a sink that cannot load (a blocked chunk, offline) costs one warning and nothing else", async () => {
    const consent = createConsentStore({
      storage: memoryStorage({ [CONSENT_KEY]: "granted" }),
      privacySignal: () => false,
    });
    const analytics = createAnalytics({
      consent,
      connect: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    });
    expect(() => analytics.track("login", { method: "password" })).not.toThrow();
    analytics.track("sign_up", { method: "password" });
    await flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[analytics\] Analytics is off for this visit/);
  });

  it("a sink that throws costs one warning; later events are dropped quietly", async () => {
    const consent = createConsentStore({
      storage: memoryStorage({ [CONSENT_KEY]: "granted" }),
      privacySignal: () => false,
    });
    const throwing: AnalyticsSink = {
      send: () => {
        throw new Error("gtag is not a function");
      },
      setEnabled: () => undefined,
    };
    const analytics = createAnalytics({ consent, connect: () => Promise.resolve(throwing) });
    analytics.track("login", { method: "password" });
    analytics.track("login", { method: "password" });
    await flush();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("an unsupported browser (the sink is null) drops events without a word", async () => {
    const consent = createConsentStore({
      storage: memoryStorage({ [CONSENT_KEY]: "granted" }),
      privacySignal: () => false,
    });
    const analytics = createAnalytics({ consent, connect: () => Promise.resolve(null) });
    analytics.track("login", { method: "password" });
    await flush();
    expect(warn).not.toHaveBeenCalled();
  });
});
