// The string formats the workbench supports: the codegen keeps these as `format` (any
// other becomes the annotation `x-format`), the validator checks them and the data
// generator makes values for them. Written once so that the three agree: a format
// the validator checks but the generator cannot make would fail every fixture.

/** JSON Schema's formats: ajv-formats' full set, which the validator registers by these names. */
export const JSON_SCHEMA_FORMATS = [
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
] as const;

/** OpenAPI's formats (its format registry) that JSON Schema lacks. */
export const OPENAPI_FORMATS = ["int32", "int64", "float", "double", "password", "binary"] as const;

/** A format the workbench can both generate and check. */
export type KnownFormat = (typeof JSON_SCHEMA_FORMATS)[number] | (typeof OPENAPI_FORMATS)[number];

/**
 * Formats the fixtures can both generate and check. Any other `format` is a name the
 * contract gives a string (GitHub's `repo.nwo`, say): the codegen keeps it as
 * `x-format`, an annotation, so that neither the validator nor the generator guesses at it.
 *
 * @example
 * KNOWN_FORMATS.has("uuid"); // true
 * KNOWN_FORMATS.has("repo.nwo"); // false
 */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set<string>([...JSON_SCHEMA_FORMATS, ...OPENAPI_FORMATS]);
