export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const UNTAGGED = "untagged";

export function firstTag(tags: readonly string[]): string {
  return tags[0] ?? UNTAGGED;
}

export interface FiledOperation {
  tags: readonly string[];
  path: string;
}

function literalSegments(path: string): string[] {
  return path.split("/").filter((part) => part !== "" && !part.includes("{"));
}

/** First tag, else the path's first segment past a shared mount (`/v1/…`): untagged is not one folder of everything. */
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
