// Request bodies in the declared media type: openapi-fetch sends every body as `application/json`.
import type { FieldEncoding } from "./manifest-types.ts";
import { essenceOf, formFields, isJsonType, urlEncoded } from "./styles/form-encoding.ts";

/** How openapi-fetch is told to send a body in a media type: its header and serialiser. */
export interface BodyOptions {
  headers?: Record<string, string>;
  bodySerializer?: (body: unknown) => string | FormData | Blob;
}

/** The openapi-fetch options that send a body as `mediaType` (none for JSON), form properties as `encoding` says. */
export function bodyOptionsFor(mediaType: string, encoding: Readonly<Record<string, FieldEncoding>> = {}): BodyOptions {
  const essence = essenceOf(mediaType);
  const headers = { "Content-Type": mediaType };
  if (essence === "application/json") return {};
  if (isJsonType(essence)) return { headers, bodySerializer: (body) => JSON.stringify(body) };
  if (essence === "application/x-www-form-urlencoded")
    return { headers, bodySerializer: (body) => urlEncoded(formFields(body, encoding), encoding) };
  // No header for a multipart body: fetch writes it, with the boundary it chose.
  if (essence === "multipart/form-data")
    return {
      bodySerializer: (body) => {
        const form = new FormData();
        for (const [name, value] of formFields(body, encoding)) form.append(name, value);
        return form;
      },
    };
  return {
    headers,
    bodySerializer: (body) => (typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body)),
  };
}

/** The media type a body must be sent in instead of JSON: undefined when JSON is accepted, else the first JSON one. */
export function defaultMediaType(declared: readonly string[]): string | undefined {
  const accepts = (type: string) => ["application/json", "application/*", "*/*"].includes(essenceOf(type));
  if (declared.length === 0 || declared.some(accepts)) return undefined;
  return declared.find(isJsonType) ?? declared[0];
}

/** The request again with its body (made as JSON by openapi-fetch) in `mediaType`. */
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
