// Schemas no value satisfies, found before the generator or the validator stumble on
// them with a library's message: `npm run api` warns about them; the fixtures say where
// they are when an answer needs one.
import type { JsonSchema } from "../contract-types";
import { pointerSegment } from "./json-pointer";
import { componentName } from "./generator-schemas";

/** How many places a message names. */
const NAMED = 3;

type Node = Record<string, unknown>;

/**
 * Finds the empty `enum`s a schema reaches, following references into the contract's
 * components, as pointers into `contract.json` (`#/components/schemas/Kind/enum`).
 * Nothing is walked when the contract has none (the usual case).
 *
 * @example
 * const find = emptyEnumFinder(contract);
 * find("#/operations/getKind/responses/200/content/application~1json/schema", schema); // ["#/components/schemas/Kind/enum"]
 */
export function emptyEnumFinder(contract: { components: { schemas: Record<string, JsonSchema> } }) {
  // Inside a JSON string every quote is escaped: only a keyword reads `"enum":[]`.
  let any: boolean | undefined;
  return function find(pointer: string, schema: unknown): string[] {
    any ??= JSON.stringify(contract).includes('"enum":[]');
    if (!any) return [];
    const found: string[] = [];
    const seen = new Set<string>();
    const stack: Array<{ node: unknown; at: string }> = [{ node: schema, at: pointer }];
    while (stack.length > 0 && found.length < NAMED) {
      const { node, at } = stack.pop() as { node: unknown; at: string };
      if (typeof node !== "object" || node === null) continue;
      if (Array.isArray(node)) {
        node.forEach((item: unknown, index) => stack.push({ node: item, at: `${at}/${index}` }));
        continue;
      }
      for (const [key, value] of Object.entries(node as Node)) {
        if (key === "enum" && Array.isArray(value) && value.length === 0) found.push(`${at}/enum`);
        else if (key === "$ref" && typeof value === "string") {
          const name = componentName(value);
          if (name === undefined || seen.has(name) || !Object.hasOwn(contract.components.schemas, name)) continue;
          seen.add(name);
          stack.push({ node: contract.components.schemas[name], at: `#/components/schemas/${pointerSegment(name)}` });
        } else if (typeof value === "object" && !["const", "default", "examples", "example"].includes(key))
          stack.push({ node: value, at: `${at}/${pointerSegment(key)}` });
      }
    }
    return found;
  };
}

/**
 * Every empty `enum` of a document (the first few), as pointers: what the validator
 * names when it cannot compile a schema because of one.
 *
 * @example
 * emptyEnumPlaces(contract); // ["#/components/schemas/Kind/enum"]
 */
export function emptyEnumPlaces(document: unknown): string[] {
  const found: string[] = [];
  const stack: Array<{ node: unknown; at: string }> = [{ node: document, at: "#" }];
  while (stack.length > 0 && found.length < NAMED) {
    const { node, at } = stack.pop() as { node: unknown; at: string };
    if (typeof node !== "object" || node === null) continue;
    const entries = Array.isArray(node)
      ? node.map((item: unknown, index): [string, unknown] => [String(index), item])
      : Object.entries(node as Node);
    for (const [key, value] of entries.reverse()) {
      if (key === "enum" && Array.isArray(value) && value.length === 0) found.push(`${at}/enum`);
      else stack.push({ node: value, at: `${at}/${pointerSegment(key)}` });
    }
  }
  return found;
}
