// The public entry `@contract-workbench/runtime/styles`: OpenAPI's parameter and form styles,
// written by the client and read back by the workbench's fixtures through the same code.
export { formFields, groupForm, urlEncoded, essenceOf, isJsonType, type FormProperties } from "./form-encoding.ts";
export {
  encodingOf,
  styledAs,
  styleOf,
  DELIMITERS,
  type Field,
  type FieldStyle,
  type Kind,
  type Reader,
  type Style,
  type StyleOptions,
  type TextStyle,
} from "./options.ts";
export { bracketedName, readDeep, readFields, readItems, readPairs, readText } from "./read.ts";
export { scalarText, writeFields, writeText } from "./write.ts";
