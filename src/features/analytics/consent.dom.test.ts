import { describe, expect, it } from "vitest";
import { CONSENT_KEY, createConsentStore } from "./consent.ts";
import { memoryStorage } from "./memory-storage.ts";

const noSignal = () => false;

describe("createConsentStore", () => {
  it("asks on a first visit and remembers the choice for the next one", () => {
    const storage = memoryStorage();
    const first = createConsentStore({ storage, privacySignal: noSignal });
    expect(first.get()).toBe("unset");
    first.set("granted");
    expect(storage.items.get(CONSENT_KEY)).toBe("granted");
    expect(createConsentStore({ storage, privacySignal: noSignal }).get()).toBe("granted");
  });

  it("lets the visitor change their mind and tells subscribers", () => {
    const consent = createConsentStore({
      storage: memoryStorage({ [CONSENT_KEY]: "granted" }),
      privacySignal: noSignal,
    });
    const seen: string[] = [];
    consent.subscribe(() => seen.push(consent.get()));
    consent.set("denied");
    consent.set("denied");
    expect(seen).toEqual(["denied"]);
  });

  it("treats Global Privacy Control or Do Not Track as a decline that a stored choice cannot override", () => {
    const storage = memoryStorage({ [CONSENT_KEY]: "granted" });
    const consent = createConsentStore({ storage, privacySignal: () => true });
    expect(consent.get()).toBe("signal");
    consent.set("granted");
    expect(consent.get()).toBe("signal");
  });

  it("reads the browser's signal: navigator.globalPrivacyControl", () => {
    Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true });
    try {
      expect(createConsentStore({ storage: memoryStorage() }).get()).toBe("signal");
    } finally {
      Reflect.deleteProperty(navigator, "globalPrivacyControl");
    }
    expect(createConsentStore({ storage: memoryStorage() }).get()).toBe("unset");
  });

  it("keeps the choice for the visit when storage throws (disabled, sandboxed)", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const consent = createConsentStore({ storage: broken, privacySignal: noSignal });
    expect(consent.get()).toBe("unset");
    consent.set("denied");
    expect(consent.get()).toBe("denied");
  });
});
