// The formats without the plugin (which loads all of Ajv), as the default export: a browser finds no named CJS export.
import ajvFormats from "ajv-formats/dist/formats.js";
import { JSON_SCHEMA_FORMATS } from "../formats.ts";
import { requiredCharacters } from "../pattern-length.ts";
import type { Part, UnsatisfiableProof } from "./parts.ts";

/** Every character a value of each format can hold, case aside, as ajv-formats accepts them. */
const ALPHABETS: Readonly<Record<string, RegExp>> = {
  date: /^[0-9-]$/,
  email: /^[a-z0-9.!#$%&'*+/=?^_`{|}~@-]$/i,
  ipv4: /^[0-9.]$/,
};

/** The lengths a value of each format has (ajv-formats: a UUID may carry a `urn:uuid:` prefix). */
const LENGTHS: Readonly<Record<string, readonly number[]>> = { date: [10], uuid: [36, 45] };

function lengthProof(parts: readonly Part[]): UnsatisfiableProof | undefined {
  const least = Math.max(0, ...parts.map(({ node }) => (typeof node.minLength === "number" ? node.minLength : 0)));
  const most = Math.min(...parts.map(({ node }) => (typeof node.maxLength === "number" ? node.maxLength : Infinity)));
  for (const { node, at } of parts) {
    const lengths = typeof node.format === "string" ? LENGTHS[node.format] : undefined;
    if (lengths === undefined || lengths.some((length) => length >= least && length <= most)) continue;
    return {
      pointer: `${at}/format`,
      reason: `format ${String(node.format)} at ${at}/format, whose values are ${lengths.join(" or ")} characters long, with lengths from ${least} to ${most}, which no value satisfies`,
    };
  }
  return undefined;
}

/** As the validator checks it (ajv-formats' full formats); undefined where not known. */
function hasFormat(format: string, value: string): boolean | undefined {
  if (!(JSON_SCHEMA_FORMATS as readonly string[]).includes(format)) return undefined;
  const definition = Object.hasOwn(ajvFormats.fullFormats, format)
    ? ajvFormats.fullFormats[format as keyof typeof ajvFormats.fullFormats]
    : undefined;
  if (definition instanceof RegExp) return definition.test(value);
  if (typeof definition === "function") return definition(value);
  if (typeof definition === "object" && typeof definition.validate === "function")
    return (definition.validate as (text: string) => boolean)(value);
  if (typeof definition === "object" && definition.validate instanceof RegExp) return definition.validate.test(value);
  return undefined;
}

function listedProof(parts: readonly Part[]): UnsatisfiableProof | undefined {
  for (const { node, at } of parts) {
    if (!Array.isArray(node.enum) || !node.enum.every((value) => typeof value === "string")) continue;
    for (const { node: other, at: formatAt } of parts) {
      if (typeof other.format !== "string") continue;
      const format = other.format;
      if (node.enum.some((value: string) => hasFormat(format, value) !== false)) continue;
      return {
        pointer: `${at}/enum`,
        reason: `the enum at ${at}/enum, none of whose values has format ${format} (at ${formatAt}/format)`,
      };
    }
  }
  return undefined;
}

export function formatProof(parts: readonly Part[]): UnsatisfiableProof | undefined {
  const formats = parts.flatMap(({ node, at }) => {
    const alphabet = typeof node.format === "string" ? ALPHABETS[node.format] : undefined;
    return alphabet === undefined ? [] : [{ format: String(node.format), alphabet, at: `${at}/format` }];
  });
  if (formats.length === 0) return lengthProof(parts) ?? listedProof(parts);
  for (const { node, at } of parts) {
    const characters = typeof node.pattern === "string" ? requiredCharacters(node.pattern) : undefined;
    for (const { format, alphabet, at: formatAt } of formats) {
      const foreign = characters?.find((character) => !alphabet.test(character));
      if (foreign !== undefined)
        return {
          pointer: `${at}/pattern`,
          reason: `the pattern at ${at}/pattern, which requires the character ${JSON.stringify(foreign)}, with format ${format} (at ${formatAt}), whose values never hold it`,
        };
    }
  }
  return lengthProof(parts) ?? listedProof(parts);
}
