// A query string in its operation's declared styles, so the fixtures' reading (./read.ts) gets back the value sent.
import type { ManifestParameter } from "../manifest-types.ts";
import { KEPT_RESERVED } from "./form-encoding.ts";
import { styleOf, type FieldStyle, type StyleOptions } from "./options.ts";
import { writeFields } from "./write.ts";

/** A field's name percent-encoded, its steps' brackets kept as openapi-fetch and most servers write them. */
const encodeName = (name: string) => encodeURIComponent(name).replace(/%5B/g, "[").replace(/%5D/g, "]");

/** A field's text percent-encoded, but RFC 3986's reserved characters where `allowReserved` lets them through. */
const encodeText = (text: string, allowReserved: boolean) => {
  const encoded = encodeURIComponent(text);
  return allowReserved ? encoded.replace(KEPT_RESERVED, (escaped) => decodeURIComponent(escaped)) : encoded;
};

/** One operation's query serializer, each parameter in its declared style; `undefined`, `null` and `[]` left out. */
export function querySerializer(parameters: readonly ManifestParameter[]): (query: Record<string, unknown>) => string {
  const declared = new Map(
    parameters.filter((parameter) => parameter.in === "query").map((parameter) => [parameter.name, parameter]),
  );
  return (query) =>
    Object.entries(query)
      .flatMap(([name, value]) => {
        if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return [];
        const parameter = declared.get(name);
        const options = styleOf("query", parameter ?? {}) as StyleOptions<FieldStyle>;
        const allowReserved = parameter?.allowReserved === true;
        return writeFields(name, value, options).map(
          ([key, text]) => `${encodeName(key)}=${encodeText(text, allowReserved)}`,
        );
      })
      .join("&");
}
