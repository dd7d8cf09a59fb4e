// Request bodies in the media type the operation declares. openapi-fetch sends every
// body as `application/json`; an operation that declares only another media type
// (`application/json-patch+json`, a vendor `+json`, a form) must receive that one, and a
// form's fields written as the contract's `encoding` says. The client applies both per
// operation from the manifest, so no screen writes the header or the fields.

import type { FieldEncoding, FieldStyle } from "./manifest-types.ts";

/** A media type without its parameters, lower case. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
}

function isJson(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === "application/json" || essence.endsWith("+json");
}

/** One field of a form: its name, and its text (or the bytes of a file part). */
type Field = [name: string, value: string | Blob];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

/** A scalar as a form writes it: text as it is, `null` as nothing, numbers and booleans as their JSON text. */
function scalarText(value: unknown): string {
  return typeof value === "string" ? value : value === null ? "" : JSON.stringify(value);
}

/**
 * A value by its part's content type (OpenAPI's Encoding Object without a style): the
 * declared one, else JSON for an object and text for anything else. JSON only where the
 * type says so: a string under `text/plain` goes as it is, under `application/json` as JSON.
 */
function byContentType(value: unknown, contentType: string | undefined): string | Blob {
  if (value instanceof Blob) return value;
  const type = contentType ?? (isObject(value) ? "application/json" : "text/plain");
  return isJson(type) || isObject(value) || Array.isArray(value) ? JSON.stringify(value) : scalarText(value);
}

/** `name[a][0]=…`: a value's every scalar under its bracketed path (`deepObject`, as Stripe nests it). */
function bracketed(name: string, value: unknown): Field[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => bracketed(`${name}[${index}]`, item));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => bracketed(`${name}[${key}]`, item));
  return value === undefined ? [] : [[name, scalarText(value)]];
}

/** An item inside a styled field: a scalar's text; anything deeper, which the styles do not define, as JSON. */
function itemText(value: unknown): string {
  return isObject(value) || Array.isArray(value) ? JSON.stringify(value) : scalarText(value);
}

const DELIMITERS: Record<string, string> = { form: ",", spaceDelimited: " ", pipeDelimited: "|" };

/**
 * A field written in an RFC 6570 style, as OpenAPI's query parameters are: `form`
 * (exploded: one field per item, or per property under the property's own name;
 * else one field, comma-joined), `spaceDelimited`/`pipeDelimited` (joined by their
 * delimiter), `deepObject` (bracketed keys, nested as deep as the value).
 */
function styled(name: string, value: unknown, style: FieldStyle, explode: boolean): Field[] {
  if (style === "deepObject") return bracketed(name, value);
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined);
    return explode
      ? items.map((item): Field => [name, itemText(item)])
      : [[name, items.map(itemText).join(DELIMITERS[style] ?? ",")]];
  }
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return explode
      ? entries.map(([key, item]): Field => [key, itemText(item)])
      : [[name, entries.flatMap(([key, item]) => [key, itemText(item)]).join(DELIMITERS[style] ?? ",")]];
  }
  return [[name, scalarText(value)]];
}

/**
 * The fields of a form body, each property written as its encoding says (OpenAPI's
 * Encoding Object): in its style when it declares `style`, `explode` or `allowReserved`;
 * else by its content type, an array one field per item. Undefined properties are left out.
 */
function formFields(body: unknown, encoding: Readonly<Record<string, FieldEncoding>> = {}): Field[] {
  if (!isObject(body)) return [];
  return Object.entries(body).flatMap(([name, value]): Field[] => {
    if (value === undefined) return [];
    const field = Object.hasOwn(encoding, name) ? encoding[name] : undefined;
    if (
      field !== undefined &&
      (field.style !== undefined || field.explode !== undefined || field.allowReserved !== undefined)
    ) {
      const style = field.style ?? "form";
      return styled(name, value, style, field.explode ?? style === "form");
    }
    const items = Array.isArray(value) ? value : [value];
    return items
      .filter((item) => item !== undefined)
      .map((item): Field => [name, byContentType(item, field?.contentType)]);
  });
}

/** Characters a form percent-encodes unless `allowReserved` lets RFC 3986's reserved ones through (never `&`, `=`, `+`, `#`, `%`, which would change the form). */
const KEPT_RESERVED = /%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2C|3B)/g;

/** `application/x-www-form-urlencoded` text of the fields (the URL standard's serialiser, space as `+`). */
function urlEncoded(fields: readonly Field[], encoding: Readonly<Record<string, FieldEncoding>>): string {
  return fields
    .map(([name, value]) => {
      const text = new URLSearchParams([[name, typeof value === "string" ? value : ""]]).toString();
      const base = /^[^[]*/.exec(name)?.[0] ?? name;
      const allow = Object.hasOwn(encoding, base) && encoding[base]?.allowReserved === true;
      if (!allow) return text;
      const at = text.indexOf("=");
      return `${text.slice(0, at + 1)}${text.slice(at + 1).replace(KEPT_RESERVED, (escaped) => decodeURIComponent(escaped))}`;
    })
    .join("&");
}

/** How openapi-fetch is told to send a body in a media type: its header and serialiser. */
export interface BodyOptions {
  headers?: Record<string, string>;
  bodySerializer?: (body: unknown) => string | FormData | Blob;
}

/**
 * The openapi-fetch options that send a body as `mediaType`: nothing for
 * `application/json` (its default); the header and JSON text for another JSON type; for a
 * form, URL-encoded fields or `FormData`, each property written as `encoding` (the
 * operation's, from the manifest) says; the text or bytes as they are otherwise.
 *
 * @example
 * client.PATCH("/notes/{id}", { params, body: ops, ...bodyOptionsFor("application/json-patch+json") });
 */
export function bodyOptionsFor(mediaType: string, encoding: Readonly<Record<string, FieldEncoding>> = {}): BodyOptions {
  const essence = essenceOf(mediaType);
  if (essence === "application/json") return {};
  if (isJson(essence))
    return { headers: { "Content-Type": mediaType }, bodySerializer: (body) => JSON.stringify(body) };
  if (essence === "application/x-www-form-urlencoded") {
    return {
      headers: { "Content-Type": mediaType },
      bodySerializer: (body) => urlEncoded(formFields(body, encoding), encoding),
    };
  }
  if (essence === "multipart/form-data") {
    // No header: fetch writes it, with the boundary it chose.
    return {
      bodySerializer: (body) => {
        const form = new FormData();
        for (const [name, value] of formFields(body, encoding)) form.append(name, value);
        return form;
      },
    };
  }
  return {
    headers: { "Content-Type": mediaType },
    bodySerializer: (body) => (typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body)),
  };
}

/**
 * The media type an operation's body is sent in by default: `application/json` when it
 * is declared (or a range covers it), else the first declared one.
 *
 * @example
 * defaultMediaType(["application/merge-patch+json"]); // "application/merge-patch+json"
 */
export function defaultMediaType(declared: readonly string[]): string | undefined {
  const accepts = (type: string) => ["application/json", "application/*", "*/*"].includes(essenceOf(type));
  if (declared.length === 0 || declared.some(accepts)) return undefined;
  return declared.find(isJson) ?? declared[0];
}

/**
 * The request again with its body (made as JSON by openapi-fetch) in `mediaType`.
 *
 * @example
 * await inMediaType(request, "application/x-www-form-urlencoded"); // body "a=1&b=x"
 */
export async function inMediaType(
  request: Request,
  mediaType: string,
  encoding: Readonly<Record<string, FieldEncoding>> = {},
): Promise<Request> {
  const text = await request.clone().text();
  const { headers = {}, bodySerializer } = bodyOptionsFor(mediaType, encoding);
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON after all: sent as it is, under the declared type.
  }
  const sent = bodySerializer ? bodySerializer(body) : text;
  const outgoing = new Headers(request.headers);
  outgoing.delete("Content-Type");
  for (const [name, value] of Object.entries(headers)) outgoing.set(name, value);
  return new Request(request, { body: sent, headers: outgoing });
}
