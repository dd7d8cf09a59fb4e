// What every tool answers with: JSON text, bounded so that a large contract cannot flood an
// agent's context, and an error that names the argument at fault. The SDK turns a thrown
// error into a tool error result (`isError`) carrying only its message: no stack trace.
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
/** The most items of one array shown before the rest is named by a pointer. */
const ITEMS_SHOWN = 20;
/** The longest string shown whole. */
const TEXT_SHOWN = 2_000;

/** What stands for a part of a value left out: what it is, and where to read it. */
export interface Elided {
  $elided: string;
  /** The JSON pointer to read it with (`read_schema` for the contract's schemas). */
  $pointer: string;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (typeof value === "string") return `a string of ${value.length} characters`;
  const keys = Object.keys(value as object);
  const names = keys.slice(0, 8).join(", ");
  return `an object with ${keys.length} properties (${names}${keys.length > 8 ? ", …" : ""})`;
}

function render(value: unknown, pointer: string, depth: number): unknown {
  if (typeof value === "string") {
    return value.length > TEXT_SHOWN ? { $elided: describe(value), $pointer: pointer } : value;
  }
  if (typeof value !== "object" || value === null) return value;
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
  if (empty) return value;
  if (depth === 0) return { $elided: describe(value), $pointer: pointer } satisfies Elided;
  if (Array.isArray(value)) {
    const shown: unknown[] = value
      .slice(0, ITEMS_SHOWN)
      .map((item, index) => render(item, `${pointer}/${index}`, depth - 1));
    if (value.length > ITEMS_SHOWN) {
      shown.push({ $elided: `${value.length - ITEMS_SHOWN} more items`, $pointer: `${pointer}/${ITEMS_SHOWN}` });
    }
    return shown;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: render(item, `${pointer}/${escapeSegment(key)}`, depth - 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * A JSON value within `budget` characters: as deep as fits, each part cut off replaced by
 * `{ $elided, $pointer }` saying what it is and the pointer (from `pointer`) to read it with.
 *
 * @example
 * bounded(contract.components.schemas.Repository, "#/components/schemas/Repository");
 * // { type: "object", properties: { owner: { $elided: "an object with 4 properties (…)", $pointer: "#/…/owner" } } }
 */
export function bounded(value: unknown, pointer: string, budget = VALUE_BUDGET): unknown {
  for (let depth = 12; depth > 0; depth--) {
    const rendered = render(value, pointer, depth);
    if (JSON.stringify(rendered).length <= budget) return rendered;
  }
  return render(value, pointer, 0);
}

/** A tool's answer: the value as indented JSON text. */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}

/** A tool's answer that reports a failure of what it ran (a contract that does not generate), not of the call. */
export function failureResult(value: unknown): CallToolResult {
  return { ...jsonResult(value), isError: true };
}

/**
 * One page of a long list, and how to ask for the next.
 *
 * @example
 * page(operations, { offset: 0, limit: 50 }); // { total: 120, items: [...50], next: { offset: 50 } }
 */
export function page<T>(items: readonly T[], { offset, limit }: { offset: number; limit: number }) {
  const shown = items.slice(offset, offset + limit);
  return {
    total: items.length,
    items: shown,
    ...(offset + shown.length < items.length ? { next: { offset: offset + shown.length } } : {}),
  };
}
