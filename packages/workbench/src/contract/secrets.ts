// Credentials, found by name and by shape, so a report or a fixture cannot leak one.
import { define } from "./own.ts";
import { escapeSegment, unescapeSegment } from "./pointer.ts";

export const HIDDEN = "[hidden]";

const SECRET_NAME =
  /authorization|cookie|password|passwd|secret|token|api[-_]?key|access[-_]?key|session|credential|signature/i;

/** A JWT, a bearer or basic credential (opening the text, or a quoted one), a Google API key. */
const SECRET_SHAPE = /eyJ[\w-]{4,}\.[\w-]{4,}\.|^\s*"?(bearer|basic|fis_v2)\s+\S|AIza[\w-]{20,}/i;

/** Hidden when its place (a pointer's last segment) is named like a credential or it looks like one. */
export function safeActual(pointer: string, actual: string): string {
  return SECRET_NAME.test(unescapeSegment(pointer.split("/").at(-1) ?? "")) || SECRET_SHAPE.test(actual)
    ? HIDDEN
    : actual;
}

/** Hidden by name, by shape, or `marked` by the caller (`writeOnly`), at any depth. */
export function scrubJson(value: unknown, marked: (pointer: string) => boolean = () => false, pointer = ""): unknown {
  if (typeof value === "string") return SECRET_SHAPE.test(value) ? HIDDEN : value;
  if (Array.isArray(value)) return value.map((item, index) => scrubJson(item, marked, `${pointer}/${index}`));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const at = `${pointer}/${escapeSegment(key)}`;
    define(out, key, SECRET_NAME.test(key) || marked(at) ? HIDDEN : scrubJson(item, marked, at));
  }
  return out;
}
