// Shared so every walk over a contract's schemas skips or follows the same keys.

/** Keys under which a contract holds values (data), not schemas. */
export const VALUE_KEYS: ReadonlySet<string> = new Set(["example", "examples", "default", "const", "enum"]);

/** Keys whose values name schemas: under them a property may be called `items` or `type`. */
export const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
