// Which queries a mutation makes stale: by default the reads of the resource it changed; a call can change that.
import type { Manifest, Method } from "./manifest-types.ts";

/** A query to refresh: `["get", path]` refreshes every call of that path, whatever its parameters. */
export type QueryTarget<Path extends string = string> = readonly ["get", Path];

/** What a mutation refreshes: `false` nothing, queries on top of the defaults, or a function of the defaults. */
export type Invalidates<Path extends string = string> =
  false | readonly QueryTarget<Path>[] | ((defaults: readonly QueryTarget<Path>[]) => readonly QueryTarget<Path>[]);

/** The default: the GET paths of the mutated path and of every resource it belongs to; a GET refreshes nothing. */
export function defaultTargets(
  manifest: Pick<Manifest, "operations" | "resources">,
  method: Method,
  path: string,
): QueryTarget[] {
  if (method === "get" || method === "head" || method === "options") return [];
  const related = (manifest.resources ?? []).filter((resource) => resource.paths.includes(path));
  const paths = new Set([path, ...related.flatMap((resource) => resource.paths)]);
  const readable = new Set(
    manifest.operations.filter((operation) => operation.method === "get").map((operation) => operation.path),
  );
  return [...paths].filter((each) => readable.has(each)).map((each) => ["get", each] as const);
}

export function invalidationTargets(
  manifest: Pick<Manifest, "operations" | "resources">,
  method: Method,
  path: string,
  invalidates: Invalidates | undefined,
): readonly QueryTarget[] {
  if (invalidates === false) return [];
  const defaults = defaultTargets(manifest, method, path);
  if (invalidates === undefined) return defaults;
  if (typeof invalidates === "function") return invalidates(defaults);
  return [...defaults, ...invalidates.filter(([, extra]) => !defaults.some(([, known]) => known === extra))];
}
