import { faker } from "@faker-js/faker/locale/en";
import { generateSync, type JsonSchema as FakerSchema, type Random } from "json-schema-faker";
import type { ContractSchemas, JsonSchema } from "../contract-types";
import type { Scenario } from "./scenarios";
import { unescapeSegment } from "./json-pointer";
import { generatorSchemas } from "./generator-schemas";
import { dateFor, integerIdFor, isIdName, snakeName } from "./plausible";
import { emptyEnumFinder } from "./unsatisfiable";
import { documentWithStandIn, mentionsProto, valueWithoutStandIn, withStandIn } from "./proto-keys";
import type { SchemaFailure, Validator } from "./validator";

/** The scenarios that shape the data itself (the others choose a status or the timing). */
export type DataScenario = Extract<Scenario, "default" | "empty" | "many" | "long-text">;

/** How many items `many` puts in a collection whose schema sets no `maxItems`. */
export const MANY_ITEMS = 50;
/** `many` and `long-text` stop here even when the contract allows more, to keep a story responsive. */
const MAX_ITEMS = 200;
const MAX_TEXT = 2000;
const LONG_TEXT = 240;
/** Generation is retried with the next seeds when the data it gave does not validate (an ambiguous `oneOf`). */
const ATTEMPTS = 5;
/** A recursive schema (a tree, a team and its parent team) nests itself this many times, then as little as it may. */
const RECURSION = 2;
/** Nesting stops here, recursion aside: real contracts nest deep (GitHub: a list of branches, their protection, its users). */
const MAX_DEPTH = 60;

type SchemaNode = Record<string, unknown>;

function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The generator's name for the schema being generated, among the contract's own. */
const TARGET = "x-fixture-target";

/** Seeded words for the formats json-schema-faker has no generator for (or one that can fail). */
function randomWord(random: { pick<T>(values: readonly T[]): T }): string {
  return random.pick(["alpha", "beta", "gamma", "delta", "notes", "items", "users", "orders"]);
}
const pad = (n: number) => String(n).padStart(2, "0");
const FORMATS: Record<string, (random: Random) => string> = {
  byte: (random) => btoa(String.fromCharCode(...Array.from({ length: 12 }, () => random.int(0, 255)))),
  url: (random) => `https://example.com/${randomWord(random)}/${random.int(1, 999)}`,
  "iso-time": (random) => `${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))}Z`,
  "iso-date-time": (random) =>
    `20${pad(random.int(10, 30))}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}T${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:00Z`,
  duration: (random) => `P${random.int(1, 30)}DT${random.int(1, 23)}H`,
  "json-pointer-uri-fragment": (random) => `#/${randomWord(random)}/${random.int(0, 9)}`,
};

/** A stable 32-bit seed from a text (FNV-1a): the same operation gets the same data on every machine. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function types(schema: SchemaNode): string[] {
  return typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
}

/** A string nothing but its length constrains: free text, which faker can make realistic. */
function isFreeText(schema: SchemaNode): boolean {
  return (
    types(schema).includes("string") &&
    schema.format === undefined &&
    schema.pattern === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.contentEncoding === undefined
  );
}

/** Realistic text for a property, chosen by its name the way people name things. */
function textFor(name: string): string {
  const key = snakeName(name);
  if (/(^|_)(first_?name|given_?name)$/.test(key)) return faker.person.firstName();
  if (/(^|_)(last_?name|family_?name|surname)$/.test(key)) return faker.person.lastName();
  if (/(user_?name|login|handle|nickname)$/.test(key)) return faker.internet.username();
  if (/(^|_)(full_?name|author|owner|assignee|display_?name)$/.test(key)) return faker.person.fullName();
  if (/(company|organi[sz]ation|org)(_?name)?$/.test(key)) return faker.company.name();
  if (/e_?mail$/.test(key)) return faker.internet.email();
  if (/(url|uri|link|href|website|homepage)$/.test(key)) return faker.internet.url();
  if (/phone|mobile|fax/.test(key)) return faker.phone.number();
  if (/city|town/.test(key)) return faker.location.city();
  if (/country/.test(key)) return faker.location.country();
  if (/street|address/.test(key)) return faker.location.streetAddress();
  if (/zip|postal|postcode/.test(key)) return faker.location.zipCode();
  if (/colou?r/.test(key)) return faker.color.human();
  if (/(^|_)(id|key|sha|hash|token|slug|ref|code)$/.test(key)) return faker.string.alphanumeric(10).toLowerCase();
  if (/(^|_)(title|subject|headline|label|summary)$/.test(key))
    return faker.lorem.sentence({ min: 2, max: 6 }).replace(/\.$/, "");
  if (/description|body|text|content|message|comment|bio|note|details?$/.test(key))
    return faker.lorem.sentences({ min: 1, max: 3 });
  if (/name$/.test(key)) return faker.commerce.productName();
  return faker.lorem.words({ min: 1, max: 3 });
}

/** Pads with words or cuts, so the text fits the schema's length bounds. */
function fit(text: string, schema: SchemaNode): string {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  let fitted = text;
  while ([...fitted].length < min) fitted = `${fitted} ${faker.lorem.word()}`.trim();
  if ([...fitted].length > max) fitted = [...fitted].slice(0, max).join("").trimEnd();
  // Trimming can take it back under the minimum; pad without spaces then.
  while ([...fitted].length < min) fitted += "x";
  return fitted;
}

/** Text at the schema's maxLength (or long), with one long unbroken word to find layouts that cannot wrap. */
function longText(schema: SchemaNode): string {
  const length = Math.min(typeof schema.maxLength === "number" ? schema.maxLength : LONG_TEXT, MAX_TEXT);
  const unbroken = "Pneumonoultramicroscopicsilicovolcanoconiosis";
  let text = `${unbroken} ${faker.lorem.paragraphs(3, " ")}`;
  while ([...text].length < length) text += ` ${faker.lorem.paragraph()}`;
  return fit([...text].slice(0, length).join(""), schema);
}

/**
 * Data for the contract's schemas: the contract's own examples first, else data
 * generated from the schema by json-schema-faker with a fixed seed, with faker's
 * realistic text for free-text strings, shaped by the scenario, and always checked
 * against the schema before it is used.
 *
 * @example
 * const data = createFixtureData(contract, validator);
 * data.generate("#/components/schemas/Note", { seed: 1, scenario: "long-text" });
 */
export function createFixtureData(contract: ContractSchemas, validator: Validator) {
  // json-schema-faker builds objects by assignment: a property named `__proto__` goes by a stand-in (./proto-keys).
  const translate = mentionsProto(contract);
  const schemas = (translate ? documentWithStandIn(contract) : contract).components.schemas;
  // The generator's copy: components under `$defs` (json-schema-faker's own place for them),
  // recursive ones unrolled RECURSION levels deep, then as little as they may be.
  const { definitions, rewrite } = generatorSchemas(schemas, RECURSION);
  const emptyEnums = emptyEnumFinder(contract);

  function schemaAt(pointer: string): JsonSchema | undefined {
    return pointer
      .slice(2)
      .split("/")
      .map(unescapeSegment)
      .reduce<unknown>(
        (node, key) =>
          typeof node === "object" && node !== null && Object.hasOwn(node, key)
            ? (node as Record<string, unknown>)[key]
            : undefined,
        contract,
      ) as JsonSchema | undefined;
  }

  function fake(schema: JsonSchema, seed: number, scenario: DataScenario, depth: number): unknown {
    faker.seed(seed);
    // The root only refers to the schema, and holds nothing but definitions: json-schema-faker
    // fills an object from its schema's siblings, so the root must have none that are not keywords.
    const rooted = {
      $ref: `#/$defs/${TARGET}`,
      $defs: { ...definitions, [TARGET]: rewrite(translate ? withStandIn(schema) : schema) },
    } as FakerSchema;
    const generated = generateSync(rooted, {
      seed,
      maxDepth: MAX_DEPTH,
      formats: FORMATS,
      // Designers see every field the contract allows; `empty` shows the least.
      alwaysFakeOptionals: scenario !== "empty",
      optionalsProbability: scenario === "empty" ? 0 : 1,
      outputTransform: (value, node, path) => shape(value, node, path, seed, scenario, depth),
    });
    return translate ? valueWithoutStandIn(generated) : generated;
  }

  function shape(
    value: unknown,
    node: FakerSchema,
    path: string,
    seed: number,
    scenario: DataScenario,
    depth: number,
  ): unknown {
    if (!isNode(node)) return value;
    if (typeof value === "string" && isFreeText(node)) {
      if (scenario === "long-text") return longText(node);
      const name = lastName(path);
      // A date-like name gets a date, when it fits the length bounds whole.
      const date = dateFor(name);
      if (date !== undefined && fit(date, node) === date) return date;
      return fit(textFor(name), node);
    }
    if (typeof value === "number" && types(node).includes("integer") && isIdName(lastName(path))) {
      return integerIdFor(node) ?? value;
    }
    if (Array.isArray(value)) {
      const min = typeof node.minItems === "number" ? node.minItems : 0;
      // `contains` asks for particular items, which a cut could remove: such arrays stay as generated.
      if (scenario === "empty") return node.contains === undefined ? value.slice(0, min) : value;
      // Only the response's own collections grow (the body, or a property of it): nested ones would multiply.
      if (scenario === "many" && depth === 0 && path.split("/").length <= 2 && isNode(node.items)) {
        const max = typeof node.maxItems === "number" ? node.maxItems : MANY_ITEMS;
        const target = Math.min(max, MAX_ITEMS);
        const items: unknown[] = [...(value as unknown[])];
        // Unique items: a duplicate is skipped; the attempts are bounded (an enum may have fewer values than asked).
        const seen = new Set(node.uniqueItems === true ? items.map((item) => JSON.stringify(item)) : []);
        for (let attempt = 0; items.length < target && attempt < target * 3; attempt++) {
          const item = fake(node.items, seed + items.length + attempt * MAX_ITEMS, "default", depth + 1);
          if (node.uniqueItems === true) {
            const key = JSON.stringify(item);
            if (seen.has(key)) continue;
            seen.add(key);
          }
          items.push(item);
        }
        return items;
      }
    }
    return value;
  }

  /**
   * Generates a value for the schema at `pointer` (in `contract.json`): retried with
   * the next seeds until it validates. Returns the failures of the last attempt
   * when none validates (an unsatisfiable schema), so the caller can report them.
   */
  function generate(
    pointer: string,
    options: { seed: number; scenario: DataScenario },
  ): { value: unknown; failures: SchemaFailure[] } {
    const schema = schemaAt(pointer);
    if (schema === undefined) throw new Error(`[mocks] No schema at ${pointer} in the contract.`);
    // No value satisfies an empty enum: said with its place, not with the generator's stack trace.
    const empty = emptyEnums(pointer, schema);
    if (empty.length > 0) {
      const actual = `an empty enum at ${empty.join(", ")}, which no value satisfies`;
      return { value: undefined, failures: [{ pointer: "", expected: "a schema some value satisfies", actual }] };
    }
    let last: { value: unknown; failures: SchemaFailure[] } = { value: undefined, failures: [] };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let value: unknown;
      try {
        value = fake(schema, options.seed + attempt, options.scenario, 0);
      } catch (error) {
        // A schema the generator cannot read: a located failure, like data that does not validate.
        const message = error instanceof Error ? error.message : String(error);
        return {
          value: undefined,
          failures: [{ pointer: "", expected: `data generated from the schema at ${pointer}`, actual: message }],
        };
      }
      last = { value, failures: validator.check(pointer, value) };
      if (last.failures.length === 0) return last;
    }
    return last;
  }

  return { generate, schemaAt };
}

function lastName(path: string): string {
  const parts = path.split("/").filter((part) => part !== "" && !/^\d+$/.test(part));
  return parts.at(-1) ?? "";
}

export type FixtureData = ReturnType<typeof createFixtureData>;
