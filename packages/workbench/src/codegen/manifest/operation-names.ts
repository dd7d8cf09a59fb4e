// The name of an operation that has no `operationId`, derived from its method and path the
// way Hey API's generator derives it (Orval and Kubb do much the same): the method, then each
// segment of the path, a `{parameter}` read as "by parameter", in camelCase.
// `GET /repos/{owner}/{repo}/issues` is `getReposByOwnerByRepoIssues`. The manifest, contract.json
// and the generated `operations` type all carry it, so the fixtures, their typed overrides, the
// gallery, coverage and the drift check know the operation by it like any other.
import { createHash } from "node:crypto";

/**
 * The name derived from a method and a path, before any collision is settled.
 *
 * @example
 * derivedName("get", "/repos/{owner}/{repo}/issues"); // "getReposByOwnerByRepoIssues"
 * derivedName("post", "/v1/user_settings.json"); // "postV1UserSettingsJson"
 */
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
 * Every operation's name, in the order given: its `operationId` when it has one that no
 * earlier operation has, else its derived name. An `operationId` written twice is kept by the
 * first operation that has it; each later one is named as if it had none. A derived name that
 * another operation's `operationId` already is, or that two operations without one both derive
 * (`/users` and `/users/`), is not given to any of them: each gets the derived name and `_` and
 * six hexadecimal digits of a hash of its own method and path (`getUsers_3f2a9c`). A name
 * therefore depends only on the operation itself, except in such a collision: it does not
 * change when other operations are added, removed or reordered, unless one of them takes the
 * very same name.
 *
 * @example
 * operationNames([{ method: "get", path: "/pets", operation: {} }]); // ["getPets"]
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
