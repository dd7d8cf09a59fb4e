// JSON pointers and `$ref`s into the generated contract (RFC 6901): written once for the
// codegen, the fixtures engine and the gallery.

/** Escapes one segment of a JSON pointer (`~` → `~0`, `/` → `~1`). */
export function escapeSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The way down a tree to a node, one step per key, each step sharing its parent's: walks of a
 * whole contract keep these instead of a string per node, and spell out the pointer of the few
 * nodes they report (`pointerOf`).
 */
export interface PathStep {
  key: string;
  parent: PathStep | undefined;
}

/** The JSON pointer of a path (`undefined` is the root's, `""`). */
export function pointerOf(path: PathStep | undefined): string {
  const segments: string[] = [];
  for (let step = path; step !== undefined; step = step.parent) segments.push(escapeSegment(step.key));
  return segments.length === 0 ? "" : `/${segments.reverse().join("/")}`;
}

/** Unescapes one segment of a JSON pointer. */
export function unescapeSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * The value a local pointer (`#/a/b`) names in a document, or undefined when a step is missing.
 * Own properties only: `#/components/schemas/constructor` must not find Object's.
 *
 * @example
 * valueAt({ a: { "b/c": 1 } }, "#/a/b~1c"); // 1
 */
export function valueAt(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith("#/")) return undefined;
  return pointer
    .slice(2)
    .split("/")
    .map(unescapeSegment)
    .reduce<unknown>((node, key) => {
      if (typeof node !== "object" || node === null) return undefined;
      if (Object.hasOwn(node, key)) return (node as Record<string, unknown>)[key];
      // A `$ref` is a URI: its fragment may be percent-encoded (`#/paths/~1%7Bid%7D`).
      const decoded = percentDecoded(key);
      return decoded !== undefined && Object.hasOwn(node, decoded)
        ? (node as Record<string, unknown>)[decoded]
        : undefined;
    }, document);
}

/** A segment with its `%XX` escapes decoded, or undefined when it has none or a malformed one. */
function percentDecoded(segment: string): string | undefined {
  if (!segment.includes("%")) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The component a `#/components/schemas/<name>` reference names (the only kind contract.json
 * holds), or undefined for any other pointer, one into a component (`…/Pet/properties/id`) included.
 */
export function componentSchemaName(ref: string): string | undefined {
  const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
  return name === undefined ? undefined : unescapeSegment(name);
}

/** The reference to a named schema, the inverse of {@link componentSchemaName}. */
export function componentSchemaRef(name: string): string {
  return `#/components/schemas/${escapeSegment(name)}`;
}

/**
 * Where a schema of an operation sits in `contract.json` (its `operations` are keyed by id).
 *
 * @example
 * schemaPointer("getNote", "responses", "200", "content", "application/json", "schema");
 * // "#/operations/getNote/responses/200/content/application~1json/schema"
 */
export function schemaPointer(operationId: string, ...path: string[]): string {
  return `#/operations/${[operationId, ...path].map(escapeSegment).join("/")}`;
}

/** References followed at most by {@link referencedPointer} (a longer chain is a cycle). */
const MOST_HOPS = 8;

/**
 * The pointer a schema that is nothing but a local `$ref` stands for: the one it names,
 * followed through such references; the pointer itself otherwise (a `$ref` beside other
 * keywords, or below an `$id`, which would resolve it against another document).
 */
export function referencedPointer(document: unknown, pointer: string): string {
  let current = pointer;
  for (let hop = 0; hop < MOST_HOPS; hop++) {
    let node: unknown = document;
    for (const key of current.slice(2).split("/").map(unescapeSegment)) {
      if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return current;
      node = (node as Record<string, unknown>)[key];
      if (typeof node === "object" && node !== null && Object.hasOwn(node, "$id")) return current;
    }
    if (typeof node !== "object" || node === null || Object.keys(node).length !== 1) return current;
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/") || valueAt(document, ref) === undefined) return current;
    current = ref;
  }
  return current;
}
