// Tool answers: JSON bounded not to flood an agent's context; errors name the argument (the SDK passes only messages).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { escapeSegment } from "../contract/pointer.ts";

/** A bad argument: the message starts with the argument's name, as a host shows it. */
export class ArgumentError extends Error {
  override name = "ArgumentError";
  readonly argument: string;
  constructor(argument: string, message: string) {
    super(`${argument}: ${message}`);
    this.argument = argument;
  }
}

/** The most characters of JSON one value (a schema, a body) takes in a result before it is summarised. */
export const VALUE_BUDGET = 16_000;
/** The most items of an array inside a value shown before the rest is named by where it starts. */
const ITEMS_SHOWN = 20;
const TEXT_SHOWN = 2_000;

/** What stands for a part of a value left out: what it is, and where to read it (pointer, offset). */
export interface Elided {
  $elided: string;
  $pointer: string;
  $offset?: number;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (typeof value === "string") return `a string of ${value.length} characters`;
  const keys = Object.keys(value as object);
  const names = keys.slice(0, 8).join(", ");
  return `an object with ${keys.length} properties (${names}${keys.length > 8 ? ", …" : ""})`;
}

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null;

function entriesOf(value: object): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
}

/** An array or object like `like`, from entries: Object.fromEntries defines each key as an own property, `__proto__` too. */
function rebuild(like: object, entries: Array<[string, unknown]>): unknown[] | Record<string, unknown> {
  return Array.isArray(like) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

const child = (pointer: string, key: string) => `${pointer}/${escapeSegment(key)}`;

function renderAll(like: object, entries: Array<[string, unknown]>, pointer: string, depth: number) {
  return rebuild(
    like,
    entries.map(([key, item]) => [key, render(item, child(pointer, key), depth)]),
  );
}

function render(value: unknown, pointer: string, depth: number): unknown {
  if (typeof value === "string")
    return value.length > TEXT_SHOWN ? ({ $elided: describe(value), $pointer: pointer } satisfies Elided) : value;
  if (!isContainer(value)) return value;
  const entries = entriesOf(value);
  if (entries.length === 0) return value;
  if (depth === 0) return { $elided: describe(value), $pointer: pointer } satisfies Elided;
  const shown = Array.isArray(value) ? entries.slice(0, ITEMS_SHOWN) : entries;
  const out = renderAll(value, shown, pointer, depth - 1);
  if (Array.isArray(out) && entries.length > ITEMS_SHOWN) {
    out.push({
      $elided: `${entries.length - ITEMS_SHOWN} more items`,
      $pointer: pointer,
      $offset: ITEMS_SHOWN,
    } satisfies Elided);
  }
  return out;
}

const size = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/** A JSON value within `budget` characters, as deep as fits; a value too wide shows the entries that fit from `offset`. */
export function bounded(value: unknown, pointer: string, budget = VALUE_BUDGET, offset = 0): unknown {
  if (!isContainer(value)) return render(value, pointer, 1);
  const rest = entriesOf(value).slice(offset);
  for (let depth = 12; depth > 0; depth--) {
    const rendered = renderAll(value, rest, pointer, depth - 1);
    if (size(rendered) <= budget) return rendered;
  }
  // Too wide to show every entry even one level deep: the entries that fit, then where the rest starts.
  const shown: Array<[string, unknown]> = [];
  let used = 2;
  for (const [key, item] of rest) {
    const piece = [2, 1, 0]
      .map((depth) => render(item, child(pointer, key), depth))
      .find((candidate) => used + size(candidate) + key.length + 4 <= budget - 200);
    if (piece === undefined) break;
    shown.push([key, piece]);
    used += size(piece) + key.length + 4;
  }
  const out = rebuild(value, shown);
  const left = rest.length - shown.length;
  const names = rest.slice(shown.length, shown.length + 8).map(([key]) => key);
  const $elided = Array.isArray(value)
    ? `${left} more items`
    : `${left} more properties (${names.join(", ")}${left > 8 ? ", …" : ""})`;
  const more = { $elided, $pointer: pointer, $offset: offset + shown.length } satisfies Elided;
  if (Array.isArray(out)) out.push(more);
  else Object.defineProperty(out, "$more", { value: more, enumerable: true, writable: true, configurable: true });
  return out;
}

export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}

/** A tool's answer that reports a failure of what it ran (a contract that does not generate), not of the call. */
export function failureResult(value: unknown): CallToolResult {
  return { ...jsonResult(value), isError: true };
}

/** One page of a long list, and how to ask for the next (`next.offset`). */
export function page<T>(items: readonly T[], { offset, limit }: { offset: number; limit: number }) {
  const shown = items.slice(offset, offset + limit);
  return {
    total: items.length,
    items: shown,
    ...(offset + shown.length < items.length ? { next: { offset: offset + shown.length } } : {}),
  };
}
