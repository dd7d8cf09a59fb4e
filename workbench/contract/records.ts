// Small facts about parsed JSON shared by every capability.

/**
 * Whether a parsed JSON value is an object (not an array, not null).
 *
 * @example
 * isRecord({ a: 1 }); // true
 * isRecord([1]); // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The group of an operation without tags, in the gallery and the coverage report. */
export const UNTAGGED = "untagged";

/**
 * Where an operation is filed: its first tag, or "untagged".
 *
 * @example
 * firstTag(["pets", "store"]); // "pets"
 * firstTag([]); // "untagged"
 */
export function firstTag(tags: readonly string[]): string {
  return tags[0] ?? UNTAGGED;
}
