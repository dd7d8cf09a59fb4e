export function escapeSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Each step shares its parent's: cheaper than a string per node on a whole-contract walk. */
export interface PathStep {
  key: string;
  parent: PathStep | undefined;
}

export function pointerOf(path: PathStep | undefined): string {
  const segments: string[] = [];
  for (let step = path; step !== undefined; step = step.parent) segments.push(escapeSegment(step.key));
  return segments.length === 0 ? "" : `/${segments.reverse().join("/")}`;
}

export function unescapeSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Own properties only: `#/components/schemas/constructor` must not find Object's. */
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

function percentDecoded(segment: string): string | undefined {
  if (!segment.includes("%")) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function componentSchemaName(ref: string): string | undefined {
  const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
  return name === undefined ? undefined : unescapeSegment(name);
}

export function componentSchemaRef(name: string): string {
  return `#/components/schemas/${escapeSegment(name)}`;
}

/** `contract.json`'s `operations` are keyed by id. */
export function schemaPointer(operationId: string, ...path: string[]): string {
  return `#/operations/${[operationId, ...path].map(escapeSegment).join("/")}`;
}

const MOST_HOPS = 8; // a longer chain of references is a cycle

/** Follows schemas that are nothing but a local `$ref`; not below an `$id`, which resolves against another document. */
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
