// The string formats the workbench supports, written once so that the codegen, the validator and
// the data generator agree: a format the validator checks but the generator cannot make would fail every fixture.

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
 * Formats the fixtures can both generate and check. Any other (`repo.nwo`) the codegen keeps as
 * the annotation `x-format`, so that neither the validator nor the generator guesses at it.
 */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set<string>([...JSON_SCHEMA_FORMATS, ...OPENAPI_FORMATS]);
