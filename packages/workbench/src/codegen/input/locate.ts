// Line starts kept once per file: Redocly's `getLineColLocation` counts from the start on every call.
import { getAstNodeByPointer, getLineColLocation, type Source } from "@redocly/openapi-core";
import { jsonLocator } from "./json-offsets.ts";

/** Sources whose syntax tree Redocly has parsed. */
const parsed = new WeakSet<Source>();

/** Sources that `JSON.parse` read, with the scan that locates in their text (no syntax tree needed). */
const jsonSources = new WeakMap<Source, ReturnType<typeof jsonLocator> | undefined>();

/** Marks a source as JSON that `JSON.parse` accepted, so that `locate` scans its text. */
export function markJson(source: Source): void {
  jsonSources.set(source, undefined);
}

/** Whether JSON.parse made the source's tree (whose nodes are never shared, unlike YAML aliases). */
export function parsedAsJson(source: Source): boolean {
  return jsonSources.has(source);
}

/** Sources that stand in for another (a Swagger 2.0 file converted in memory). */
const translated = new WeakMap<Source, { original: Source; translate: (pointer: string) => string }>();

/** Marks `source` as standing in for `original`: `locate` answers at the original's pointer `translate` gives. */
export function markTranslated(source: Source, original: Source, translate: (pointer: string) => string): void {
  translated.set(source, { original, translate });
}

/** The pointer as the file holds it: for a source that stands in for another, the original's. */
export function writtenPointer(source: Source, pointer: string): string {
  const standIn = translated.get(source);
  return standIn === undefined ? pointer : `#${standIn.translate(pointer.replace(/^#/, ""))}`;
}

/** Offsets at which each line of a source begins, computed once per source. */
const lineStarts = new WeakMap<Source, number[]>();

function startsOf(source: Source): number[] {
  let starts = lineStarts.get(source);
  if (starts === undefined) {
    starts = [0];
    for (let index = source.body.indexOf("\n"); index !== -1; index = source.body.indexOf("\n", index + 1)) {
      starts.push(index + 1);
    }
    lineStarts.set(source, starts);
  }
  return starts;
}

/** Line and column (both from 1) of a 0-based offset in `source`. */
export function positionAt(source: Source, offset: number): { line: number; column: number } {
  const starts = startsOf(source);
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}

/** Where a JSON pointer's value (its key with `onKey`) starts in a file; `{}` when the file did not parse. */
export function locate(source: Source, pointer: string, onKey = false): { line?: number; column?: number } {
  const standIn = translated.get(source);
  if (standIn !== undefined) return locate(standIn.original, standIn.translate(pointer), onKey);
  try {
    if (jsonSources.has(source)) {
      const offsetOf = jsonSources.get(source) ?? jsonLocator(source.body);
      jsonSources.set(source, offsetOf);
      // Segments as Redocly's pointer parser reads them.
      const segments = pointer
        .split("/")
        .slice(1)
        .map((segment) => decodeURIComponent(segment.replaceAll("~1", "/").replaceAll("~0", "~")));
      return positionAt(source, offsetOf(segments, onKey));
    }
    // Redocly parses (and keeps) a file's syntax tree when a position is first asked for.
    if (!parsed.has(source)) {
      getLineColLocation({ source, pointer: "#", reportOnKey: false });
      parsed.add(source);
    }
    const tree = source.getAst(() => undefined as never) as Parameters<typeof getAstNodeByPointer>[0];
    const node = getAstNodeByPointer(tree, `#${pointer}`, onKey);
    return node === undefined ? {} : positionAt(source, node.startPosition);
  } catch {
    return {}; // a file that did not parse as a syntax tree
  }
}
