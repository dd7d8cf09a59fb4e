// OpenAPI's parameter and form styles, written by the client and read back by the fixtures through the same code.
export * from "./form-encoding.ts";
export * from "./options.ts";
export { bracketedName, readFields, readText } from "./read.ts";
export { querySerializer } from "./query.ts";
export { scalarText, writeFields, writeText } from "./write.ts";
