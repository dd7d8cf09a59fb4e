import type { ChoiceStorage } from "./consent.ts";

/**
 * A storage that lives as long as the object: for stories and tests, so each starts
 * from a first visit without touching the browser's localStorage.
 *
 * @example
 * const consent = createConsentStore({ storage: memoryStorage(), privacySignal: () => false });
 */
export function memoryStorage(
  initial: Record<string, string> = {},
): ChoiceStorage & { readonly items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}
