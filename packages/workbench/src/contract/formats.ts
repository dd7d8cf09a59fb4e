// Written once so the codegen, validator and generator agree: a format checked but never made would fail every fixture.

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

export const OPENAPI_FORMATS = ["int32", "int64", "float", "double", "password", "binary"] as const;

export type KnownFormat = (typeof JSON_SCHEMA_FORMATS)[number] | (typeof OPENAPI_FORMATS)[number];

/** Formats the fixtures can generate and check; the codegen keeps any other as `x-format`, so nothing guesses at it. */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set<string>([...JSON_SCHEMA_FORMATS, ...OPENAPI_FORMATS]);
