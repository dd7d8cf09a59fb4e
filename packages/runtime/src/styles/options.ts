// The styles OpenAPI serialises parameters and form fields in, their defaults, and their delimiters.
import type { FieldEncoding, FieldStyle } from "../manifest-types.ts";

/** Styles written as `name=value` fields (a query, a form body): the manifest's `FieldStyle`. */
export type { FieldStyle };
/** Styles written as one text: a path segment, a header. */
export type TextStyle = "simple" | "label" | "matrix";
export type Style = FieldStyle | TextStyle;

export interface StyleOptions<S extends Style = Style> {
  style: S;
  explode: boolean;
}

/** One field of a query or form: its name and its text, not yet percent-encoded. */
export type Field = [name: string, text: string];

/** Which reading of a value the caller's schema asks for: the text cannot tell a list from a scalar. */
export type Kind = "array" | "object" | "scalar";

/** How a reader turns texts into values: the schema's part, which the styles cannot know. */
export interface Reader {
  /** Whether the value at `path` (steps below the name) may be an array: a numeric step under it is an index. */
  mayBeArray?: (path: readonly string[]) => boolean;
  /** Whether a field name is a member of a `form`-exploded object (its members arrive under their own names). */
  isMember?: (name: string) => boolean;
  /** A leaf's text as its value (default: the text). */
  leaf?: (text: string, path: readonly string[]) => unknown;
}

/** What joins a list's items (and an object's names and values) when not exploded. */
export const DELIMITERS: Readonly<Record<Style, string>> = {
  form: ",",
  spaceDelimited: " ",
  pipeDelimited: "|",
  deepObject: ",",
  simple: ",",
  label: ",",
  matrix: ",",
};

/** A parameter's style and explode, with OpenAPI's defaults (`form` in query and cookies, else `simple`). */
export function styleOf(location: string, declared: { style?: string; explode?: boolean }): StyleOptions {
  const style = (declared.style ?? (location === "query" || location === "cookie" ? "form" : "simple")) as Style;
  return { style, explode: declared.explode ?? style === "form" };
}

/** A form property's style and explode when any of `style`, `explode`, `allowReserved` is present. */
export function styledAs(encoding: FieldEncoding | undefined): StyleOptions<FieldStyle> | undefined {
  if (encoding?.style === undefined && encoding?.explode === undefined && encoding?.allowReserved === undefined)
    return undefined;
  const style = encoding.style ?? "form";
  return { style, explode: encoding.explode ?? style === "form" };
}

/** The encoding a form declares for one property, never one inherited from `Object.prototype`. */
export function encodingOf(encoding: Readonly<Record<string, FieldEncoding>>, name: string): FieldEncoding | undefined {
  return Object.hasOwn(encoding, name) ? encoding[name] : undefined;
}
