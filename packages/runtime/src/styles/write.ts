// Values written in a style, not yet percent-encoded: fields for the query and form styles (ours: openapi-fetch's
// nest one level only), one text for the path and header styles (openapi-fetch's, as its client writes a path).
import { serializeArrayParam, serializeObjectParam, serializePrimitiveParam } from "openapi-fetch";
import { DELIMITERS, type Field, type FieldStyle, type StyleOptions, type TextStyle } from "./options.ts";

/** A plain object (not a list, not a file part). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

/** A value as the styles write a scalar: `null` as nothing, anything but a string as JSON. */
export function scalarText(value: unknown): string {
  return typeof value === "string" ? value : value === null ? "" : JSON.stringify(value);
}

/** `name[a][0]=…`: a value's every scalar under its bracketed path (`deepObject`, nested as Stripe nests it). */
function bracketed(name: string, value: unknown): Field[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => bracketed(`${name}[${index}]`, item));
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => bracketed(`${name}[${key}]`, item));
  return value === undefined ? [] : [[name, scalarText(value)]];
}

/** A list or an object: what OpenAPI's styles other than `deepObject` define no text for inside another. */
const isNested = (value: unknown) => Array.isArray(value) || isRecord(value);

/** A query or form style's fields; exploded, a list or object nested in one (undefined by OpenAPI) as `deepObject`. */
export function writeFields(name: string, value: unknown, { style, explode }: StyleOptions<FieldStyle>): Field[] {
  if (style === "deepObject") return bracketed(name, value);
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined);
    if (explode && items.some(isNested)) return bracketed(name, items);
    return explode
      ? items.map((item): Field => [name, scalarText(item)])
      : [[name, items.map(scalarText).join(DELIMITERS[style])]];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return explode
      ? entries.flatMap(([key, item]): Field[] => (isNested(item) ? bracketed(key, item) : [[key, scalarText(item)]]))
      : [[name, entries.flatMap(([key, item]) => [key, scalarText(item)]).join(DELIMITERS[style])]];
  }
  return value === undefined ? [] : [[name, scalarText(value)]];
}

/** A value as the one text a path or header style writes, by openapi-fetch's serialisers, unencoded. */
export function writeText(name: string, value: unknown, options: StyleOptions<TextStyle>): string {
  const unencoded = { ...options, allowReserved: true };
  if (Array.isArray(value)) return serializeArrayParam(name, value.map(scalarText), unencoded);
  if (isRecord(value)) {
    const texts = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scalarText(item)]));
    return serializeObjectParam(name, texts, unencoded);
  }
  const text = scalarText(value);
  if (options.style === "matrix") return `;${serializePrimitiveParam(name, text, unencoded)}`;
  return options.style === "label" ? `.${text}` : text;
}
