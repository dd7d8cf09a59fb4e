// Form bodies by OpenAPI's Encoding Object: written for the client, grouped back by property for the fixtures.
import type { FieldEncoding } from "../manifest-types.ts";
import { encodingOf, styledAs, type Field } from "./options.ts";
import { bracketedName } from "./read.ts";
import { isRecord, scalarText, writeFields } from "./write.ts";

/** A media type without its parameters, lower case. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
}

export function isJsonType(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === "application/json" || essence.endsWith("+json");
}

type Encoding = Readonly<Record<string, FieldEncoding>>;

/** A value by its part's declared content type, else JSON for an object and text for anything else. */
function byContentType(value: unknown, contentType: string | undefined): string | Blob {
  if (value instanceof Blob) return value;
  const type = contentType ?? (isRecord(value) ? "application/json" : "text/plain");
  return isJsonType(type) ? JSON.stringify(value) : scalarText(value);
}

/** A form body's fields, each property in its `encoding`'s style, else by content type (an array: a field per item). */
export function formFields(body: unknown, encoding: Encoding = {}): Array<[string, string | Blob]> {
  if (!isRecord(body)) return [];
  return Object.entries(body).flatMap(([name, value]): Array<[string, string | Blob]> => {
    const field = encodingOf(encoding, name);
    const styled = styledAs(field);
    if (styled) return writeFields(name, value, styled);
    const items = Array.isArray(value) ? value : [value];
    return items
      .filter((item) => item !== undefined)
      .map((item): [string, string | Blob] => [name, byContentType(item, field?.contentType)]);
  });
}

/** Characters a form percent-encodes unless `allowReserved` lets RFC 3986's reserved ones through (never `&`, `=`, `+`, `#`, `%`, which would change the form). */
export const KEPT_RESERVED = /%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2C|3B)/g;

/** `application/x-www-form-urlencoded` text of the fields, reserved characters kept where `allowReserved` says. */
export function urlEncoded(fields: ReadonlyArray<[string, string | Blob]>, encoding: Encoding = {}): string {
  return fields
    .map(([name, value]) => {
      const text = new URLSearchParams([[name, typeof value === "string" ? value : ""]]).toString();
      if (encodingOf(encoding, /^[^[]*/.exec(name)?.[0] ?? name)?.allowReserved !== true) return text;
      const at = text.indexOf("=");
      return `${text.slice(0, at + 1)}${text.slice(at + 1).replace(KEPT_RESERVED, (escaped) => decodeURIComponent(escaped))}`;
    })
    .join("&");
}

/** Which property a field belongs to, beyond its own name: the schema's part of grouping. */
export interface FormProperties {
  /** Whether the form's schema declares a property of this name. */
  declares(name: string): boolean;
  /** The `form`-exploded object property whose member a field is, if any. */
  ownerOf(name: string): string | undefined;
}

/** A form's fields by property, inverse of {@link formFields}: `name[…]` to `name`, an exploded member to its owner. */
export function groupForm(fields: readonly Field[], properties: FormProperties): Map<string, Field[]> {
  return Map.groupBy(fields, ([key]) => {
    const base = properties.declares(key) ? undefined : bracketedName(key)?.name;
    if (base !== undefined && properties.declares(base)) return base;
    return properties.declares(key) ? key : (properties.ownerOf(key) ?? key);
  });
}
