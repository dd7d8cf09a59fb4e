// Where a schema keeps what is not a schema: the walks over a contract's schemas (the codegen's
// keyword checks, the contract checks, the fixtures' answer-size count) skip or follow the same keys.

/** Keys under which a contract holds values (data), not schemas or their parts. */
export const VALUE_KEYS: ReadonlySet<string> = new Set(["example", "examples", "default", "const", "enum"]);

/** Keys whose values name schemas: under them a property may be called `items` or `type`. */
export const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
