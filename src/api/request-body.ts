// Request bodies in the media type the operation declares. openapi-fetch sends every
// body as `application/json`; an operation that declares only another media type
// (`application/json-patch+json`, a vendor `+json`, a form) must receive that one. The
// client applies it per operation from the manifest, so no screen writes the header.

/** A media type without its parameters, lower case. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
}

function isJson(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === "application/json" || essence.endsWith("+json");
}

/** A field's value as a form sends it: text as is, anything else as JSON text. */
function fieldText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The `name=value` pairs of an object: an array repeats its name (OpenAPI's form default, `explode: true`). */
function formPairs(body: unknown): Array<[string, string]> {
  if (typeof body !== "object" || body === null) return [];
  return Object.entries(body).flatMap(([key, value]): Array<[string, string]> =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value.map((item): [string, string] => [key, fieldText(item)])
        : [[key, fieldText(value)]],
  );
}

/** How openapi-fetch is told to send a body in a media type: its header and serialiser. */
export interface BodyOptions {
  headers?: Record<string, string>;
  bodySerializer?: (body: unknown) => string | FormData | Blob;
}

/**
 * The openapi-fetch options that send a body as `mediaType`: nothing for
 * `application/json` (its default); the header and JSON text for another JSON type;
 * URL-encoded pairs or `FormData` for a form; the text or bytes as they are otherwise.
 *
 * @example
 * client.PATCH("/notes/{id}", { params, body: ops, ...bodyOptionsFor("application/json-patch+json") });
 */
export function bodyOptionsFor(mediaType: string): BodyOptions {
  const essence = essenceOf(mediaType);
  if (essence === "application/json") return {};
  if (isJson(essence))
    return { headers: { "Content-Type": mediaType }, bodySerializer: (body) => JSON.stringify(body) };
  if (essence === "application/x-www-form-urlencoded") {
    return {
      headers: { "Content-Type": mediaType },
      bodySerializer: (body) => new URLSearchParams(formPairs(body)).toString(),
    };
  }
  if (essence === "multipart/form-data") {
    // No header: fetch writes it, with the boundary it chose.
    return {
      bodySerializer: (body) => {
        const form = new FormData();
        for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
          const items = Array.isArray(value) ? value : [value];
          for (const item of items)
            if (item !== undefined) form.append(key, item instanceof Blob ? item : fieldText(item));
        }
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
export async function inMediaType(request: Request, mediaType: string): Promise<Request> {
  const text = await request.clone().text();
  const { headers = {}, bodySerializer } = bodyOptionsFor(mediaType);
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
