/**
 * The visitor's analytics choice: asked once, remembered, changeable later. Only the
 * choice itself is stored (one localStorage key), never an identifier.
 *
 * A browser that sends Global Privacy Control or Do Not Track has already answered:
 * that counts as a decline, the banner is not shown, and the choice control says why.
 */
export type ConsentChoice = "granted" | "denied";

/** What the visitor's analytics state is now. */
export type ConsentState =
  /** Nothing chosen yet: the banner asks. */
  | "unset"
  | "granted"
  | "denied"
  /** The browser's privacy signal (GPC or DNT) declines for the visitor. */
  | "signal";

/** Where the choice is kept (window.localStorage in the app; stories and tests pass their own). */
export type ChoiceStorage = Pick<Storage, "getItem" | "setItem">;

export interface ConsentStore {
  // Function-valued properties, not methods: React's useSyncExternalStore takes them detached.
  readonly get: () => ConsentState;
  /** Records the visitor's choice. Ignored while a privacy signal declines. */
  readonly set: (choice: ConsentChoice) => void;
  /** Calls `listener` after each change; returns the unsubscribe (React's useSyncExternalStore shape). */
  readonly subscribe: (listener: () => void) => () => void;
}

/** The storage key; the value is "granted" or "denied". */
export const CONSENT_KEY = "consent.analytics";

interface PrivacyNavigator {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
}

/**
 * True when the browser asks sites not to track: Global Privacy Control, or the older
 * Do Not Track ("1"; old Internet Explorer and Safari put it on `window`).
 *
 * @example
 * browserPrivacySignal(); // true in a browser with GPC on
 */
export function browserPrivacySignal(): boolean {
  if (typeof navigator === "undefined") return false;
  const nav = navigator as Navigator & PrivacyNavigator;
  const legacy = (globalThis as { doNotTrack?: string }).doNotTrack;
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1" || legacy === "1";
}

/** localStorage, or nothing where it throws (a sandboxed frame, storage disabled): then the choice lasts the visit. */
function defaultStorage(): ChoiceStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The consent store. A storage that fails to read or write never breaks the page: the
 * choice then holds until the page is closed.
 *
 * @example
 * const consent = createConsentStore();
 * consent.get(); // "unset" on a first visit
 * consent.set("granted");
 */
export function createConsentStore(
  options: { storage?: ChoiceStorage; privacySignal?: () => boolean } = {},
): ConsentStore {
  const storage = options.storage ?? defaultStorage();
  const signal = options.privacySignal ?? browserPrivacySignal;
  const listeners = new Set<() => void>();
  let remembered: ConsentChoice | null = null;
  try {
    const stored = storage?.getItem(CONSENT_KEY);
    remembered = stored === "granted" || stored === "denied" ? stored : null;
  } catch {
    remembered = null;
  }
  return {
    get() {
      if (signal()) return "signal";
      return remembered ?? "unset";
    },
    set(choice) {
      if (signal() || remembered === choice) return;
      remembered = choice;
      try {
        storage?.setItem(CONSENT_KEY, choice);
      } catch {
        // Not remembered past this visit; the choice still holds now.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
