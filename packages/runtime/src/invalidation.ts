// Which queries a mutation makes stale: by default the reads of the resource it changed; a call can change that.
import type { Manifest, Method } from "./manifest-types.ts";

/** A query to refresh: `["get", path]` refreshes every call of that path, whatever its parameters. */
export type QueryTarget<Path extends string = string> = readonly ["get", Path];

/**
 * What a mutation refreshes once it succeeds: `false` nothing, a list of queries on top of
 * the default ones, or a function of the defaults that returns the queries to refresh.
 *
 * @example
 * api.useMutation("post", "/pets", { invalidates: [["get", "/vets"]] });      // extend
 * api.useMutation("post", "/pets", { invalidates: false });                     // turn off
 * api.useMutation("post", "/pets", { invalidates: (defaults) => defaults.filter(([, path]) => path !== "/pets/{petId}") });
 */
export type Invalidates<Path extends string = string> =
  false | readonly QueryTarget<Path>[] | ((defaults: readonly QueryTarget<Path>[]) => readonly QueryTarget<Path>[]);

/** The default: the GET paths of the mutated path and of every resource it belongs to; a GET refreshes nothing. */
export function defaultTargets(
  manifest: Pick<Manifest, "operations" | "resources">,
  method: Method,
  path: string,
): QueryTarget[] {
  if (method === "get" || method === "head" || method === "options") return [];
  const paths = new Set<string>([path]);
  for (const resource of manifest.resources ?? []) {
    if (resource.paths.includes(path)) for (const each of resource.paths) paths.add(each);
  }
  const readable = new Set(
    manifest.operations.filter((operation) => operation.method === "get").map((operation) => operation.path),
  );
  return [...paths].filter((each) => readable.has(each)).map((each) => ["get", each] as const);
}

/** The queries to refresh after `method path` succeeded, the call's `invalidates` applied to the default. */
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
