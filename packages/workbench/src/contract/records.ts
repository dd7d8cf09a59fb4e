// Small facts about parsed JSON shared by every capability.

/** Whether a parsed JSON value is an object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The group of an operation without tags in the coverage report, and in the gallery when its path has no literal segment. */
export const UNTAGGED = "untagged";

/** Where an operation is filed: its first tag, or "untagged". */
export function firstTag(tags: readonly string[]): string {
  return tags[0] ?? UNTAGGED;
}

/** What filing an operation reads: its tags and its path. */
export interface FiledOperation {
  tags: readonly string[];
  path: string;
}

/** A path's literal segments, parameters left out: `/v1/pets/{petId}/notes` → `v1`, `pets`, `notes`. */
function literalSegments(path: string): string[] {
  return path.split("/").filter((part) => part !== "" && !part.includes("{"));
}

/**
 * The gallery's folders: an operation's first tag; without tags, the first literal segment of its path
 * past the mount point every untagged path shares (`/v1/…`), so a contract without tags is not one
 * folder of everything; "untagged" only for a path with no literal segment (`/`, `/{id}`).
 */
export function operationGroups(operations: readonly FiledOperation[]): (operation: FiledOperation) => string {
  const untagged = operations
    .filter((operation) => operation.tags.length === 0)
    .map((operation) => literalSegments(operation.path))
    .filter((segments) => segments.length > 0);
  const [first = []] = untagged;
  let shared = 0;
  while (shared < first.length && untagged.every((segments) => segments[shared] === first[shared])) shared++;
  // Only a mount point is skipped: every path keeps a segment past it (`/status` and `/status/events` stay together).
  const skip = Math.min(shared, ...untagged.map((segments) => segments.length - 1));
  return (operation) => operation.tags[0] ?? literalSegments(operation.path)[skip] ?? UNTAGGED;
}
