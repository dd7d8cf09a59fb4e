// The name of an operation without `operationId`, from its method and path as Hey API's generator
// derives it (`GET /repos/{owner}/{repo}/issues` is `getReposByOwnerByRepoIssues`); every tool uses it.
import { createHash } from "node:crypto";

export function derivedName(method: string, path: string): string {
  const words = `${method} ${path.replace(/\{([^}]*)\}/g, " by $1 ")}`
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
    .join("");
}

/** The suffix of a colliding derived name: a hash of its own method and path, so nothing else changes it. */
function suffix(method: string, path: string, length: number): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${path}`).digest("hex").slice(0, length);
}

/** Every operation's name: its `operationId` if no earlier one has it, else its derived name (suffixed if it collides). */
export function operationNames(
  entries: ReadonlyArray<{ method: string; path: string; operation: { operationId?: unknown } }>,
): string[] {
  const taken = new Set<string>();
  // Only the first holder of an `operationId` keeps it: the others are named as if they had none.
  const declared = entries.map(({ operation: { operationId: id } }) => {
    if (typeof id !== "string" || id === "" || taken.has(id)) return undefined;
    taken.add(id);
    return id;
  });
  const derived = entries.map(({ method, path }, index) =>
    declared[index] === undefined ? derivedName(method, path) : undefined,
  );
  const counts = new Map<string, number>();
  for (const name of derived) if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  return entries.map(({ method, path }, index) => {
    const name = derived[index];
    if (name === undefined) return declared[index] ?? "";
    if (!taken.has(name) && counts.get(name) === 1) return name;
    let length = 6;
    let unique = `${name}_${suffix(method, path, length)}`;
    while (taken.has(unique) && length < 64) unique = `${name}_${suffix(method, path, ++length)}`;
    return unique;
  });
}
