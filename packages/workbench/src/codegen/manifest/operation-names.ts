// The name of an operation without `operationId`, from its method and path as Hey API's generator
// derives it (`GET /repos/{owner}/{repo}/issues` is `getReposByOwnerByRepoIssues`); every tool uses it.
import { createHash } from "node:crypto";

/** The name derived from a method and a path, before any collision is settled. */
export function derivedName(method: string, path: string): string {
  const words = `${method} ${path.replace(/\{([^}]*)\}/g, " by $1 ")}`
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
    .join("");
}

/**
 * The suffix that tells apart operations whose derived names collide: a short hash of the
 * operation's own method and path, so it depends on nothing else in the contract.
 */
function suffix(method: string, path: string, length: number): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${path}`).digest("hex").slice(0, length);
}

/**
 * Every operation's name, in order: its `operationId` if no earlier operation has it, else its derived
 * name; a derived name that collides (`/users` and `/users/`) gets `_` and six hex digits of a hash of
 * its own method and path, so a name does not change when other operations come and go.
 */
export function operationNames(
  entries: ReadonlyArray<{ method: string; path: string; operation: { operationId?: unknown } }>,
): string[] {
  const written = entries.map(({ operation }) =>
    typeof operation.operationId === "string" && operation.operationId !== "" ? operation.operationId : undefined,
  );
  const taken = new Set<string>();
  // Only the first holder of an `operationId` keeps it: the others are named as if they had none.
  const declared = written.map((id) => {
    if (id === undefined || taken.has(id)) return undefined;
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
