// Schemas no value satisfies, proven without a validator or a generator: an empty `enum`,
// or keywords that contradict each other wherever a value must meet them all (a schema,
// its `allOf` parts and the components it refers to, a required property, the items of
// an array that must have some, every branch of a `oneOf`/`anyOf`). Used by the fixtures
// (leave such an optional value out; an answer that requires one is unsatisfiable), by
// the coverage (such a pair cannot be covered) and by `npm run api` (a located warning).
//
// Sound, not complete: every proof names keywords that allow no common value, and a
// schema the reasoning below cannot decide is never called unsatisfiable. The generator
// merely failing to satisfy a schema proves nothing.
import type { JsonSchema } from "../contract-types.ts";
import { misplacedAnchor, patternLength } from "../pattern-length.ts";
import { componentSchemaName, componentSchemaRef, escapeSegment } from "../pointer.ts";

type Node = Record<string, unknown>;

/** The keyword an empty `enum` becomes in the validator's copy: Ajv refuses `enum: []`, and this fails every value. */
export const EMPTY_ENUM_KEYWORD = "x-empty-enum";

/** Why no value satisfies a schema: the place, and what there allows nothing. */
export interface UnsatisfiableProof {
  /** Where in `contract.json` (a JSON pointer with `#`): the keyword that allows nothing, or the first of two that disagree. */
  pointer: string;
  /** What is required, in words that follow "its schema requires": `an empty enum at …, which no value satisfies`. */
  reason: string;
}

/** A schema as one part of the conjunction a value must meet, with where it sits. */
interface Part {
  node: Node;
  at: string;
}

/** How many conjunctions one proof may examine: a union of unions is not searched without end. */
const BUDGET = 400;
/** How many parts one conjunction gathers (through `allOf` and references) before it stops looking further. */
const MAX_PARTS = 64;
/** How many values a message lists. */
const LISTED = 5;
const TYPES = ["null", "boolean", "object", "array", "number", "string", "integer"];

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** The JSON type of a scalar, as `type` names it (`integer` for a whole number). */
function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function allowsType(types: ReadonlySet<string>, value: unknown): boolean {
  const type = typeOf(value);
  return types.has(type) || (type === "integer" && types.has("number"));
}

function typesOf(node: Node): Set<string> | undefined {
  const list = typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
  if (list === undefined || !list.every((type) => typeof type === "string" && TYPES.includes(type))) return undefined;
  return new Set(list as string[]);
}

/** Two `type` sets together: `integer` is the part of `number` they share. */
function intersectTypes(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const both = new Set([...a].filter((type) => b.has(type)));
  if ((a.has("integer") && b.has("number")) || (a.has("number") && b.has("integer"))) both.add("integer");
  return both;
}

function shown(values: readonly unknown[]): string {
  const listed = values.slice(0, LISTED).map((value) => JSON.stringify(value));
  return values.length > LISTED ? `${listed.join(", ")}, …` : listed.join(", ");
}

/** A set of values, keyed by their JSON text (scalars only: their text is one per value). */
type Values = Map<string, unknown>;

function valuesOf(list: readonly unknown[]): Values | undefined {
  if (!list.every(isScalar)) return undefined;
  return new Map(list.map((value) => [JSON.stringify(value), value]));
}

/** The values one schema's own `const` or `enum` allows (undefined: neither, or values that are not scalars). */
function fixedValues(node: Node): Values | undefined {
  if ("const" in node) return valuesOf([node.const]);
  return Array.isArray(node.enum) ? valuesOf(node.enum as unknown[]) : undefined;
}

/** `const` or `enum` of one schema, in words: `the enum ["a","b"]`. */
function describeValues(node: Node): string {
  return "const" in node ? `the const ${JSON.stringify(node.const)}` : `the enum [${shown(node.enum as unknown[])}]`;
}

/**
 * The prover of one contract's schemas: whether a schema allows no value, and why.
 * Results are kept per schema object, so a large contract pays once per schema.
 *
 * @example
 * const prover = createProver(contract.components.schemas);
 * prover.prove(schema, "#/operations/getCluster/responses/200/content/application~1json/schema");
 * // { pointer: "#/components/schemas/Cluster_base/properties/tier/enum", reason: "the enum … together with …" }
 */
export function createProver(schemas: Record<string, JsonSchema>) {
  const proven = new WeakMap<object, UnsatisfiableProof | null>();
  /** Where each schema of the components sits, for messages about a schema given without its place. */
  let places: WeakMap<object, string> | undefined;

  function placeOf(node: object): string {
    if (places === undefined) {
      places = new WeakMap();
      const stack: Array<{ value: unknown; at: string }> = Object.entries(schemas).map(([name, value]) => ({
        value,
        at: componentSchemaRef(name),
      }));
      while (stack.length > 0) {
        const { value, at } = stack.pop() as { value: unknown; at: string };
        if (typeof value !== "object" || value === null || places.has(value)) continue;
        places.set(value, at);
        for (const [key, child] of Object.entries(value))
          stack.push({ value: child, at: `${at}/${escapeSegment(key)}` });
      }
    }
    return places.get(node) ?? "#";
  }

  function target(ref: unknown): Part | undefined {
    const name = typeof ref === "string" ? componentSchemaName(ref) : undefined;
    if (name === undefined || !Object.hasOwn(schemas, name)) return undefined;
    const node = schemas[name];
    return isNode(node) ? { node, at: componentSchemaRef(name) } : undefined;
  }

  /** Every schema a value must meet together: the parts, their `allOf` parts and what they refer to. */
  function conjunction(start: readonly Part[]): { parts: Part[]; never?: UnsatisfiableProof } {
    const parts: Part[] = [];
    const seen = new Set<Node>();
    const stack = [...start].reverse();
    while (stack.length > 0 && parts.length < MAX_PARTS) {
      const part = stack.pop() as Part;
      if (seen.has(part.node)) continue;
      seen.add(part.node);
      parts.push(part);
      const { node, at } = part;
      const referred = target(node.$ref);
      const more: Part[] = [];
      if (referred) more.push(referred);
      if (Array.isArray(node.allOf))
        node.allOf.forEach((item: unknown, index) => {
          if (item === false) more.push({ node: { not: {} }, at: `${at}/allOf/${index}` });
          else if (isNode(item)) more.push({ node: item, at: `${at}/allOf/${index}` });
        });
      stack.push(...more.reverse());
    }
    return { parts };
  }

  /**
   * The schemas a property of an object must meet, from every part of its conjunction:
   * where a part declares it, else that part's `additionalProperties`; or why it cannot
   * be there at all (a part whose `additionalProperties: false` leaves it out).
   */
  function propertyParts(parts: readonly Part[], name: string): Part[] | UnsatisfiableProof {
    const property: Part[] = [];
    for (const { node, at } of parts) {
      const properties = isNode(node.properties) ? node.properties : {};
      const place = `${at}/properties/${escapeSegment(name)}`;
      if (Object.hasOwn(properties, name)) {
        const schema = properties[name];
        if (schema === false) property.push({ node: { not: {} }, at: place });
        else if (isNode(schema)) property.push({ node: schema, at: place });
      } else if (node.patternProperties === undefined && node.additionalProperties === false) {
        return {
          pointer: `${at}/additionalProperties`,
          reason: `a property "${name}" that \`additionalProperties: false\` at ${at}/additionalProperties forbids, which no value can both have and lack`,
        };
      } else if (node.patternProperties === undefined && isNode(node.additionalProperties)) {
        property.push({ node: node.additionalProperties, at: `${at}/additionalProperties` });
      }
    }
    return property;
  }

  function prove(
    start: readonly Part[],
    decided: ReadonlySet<unknown>,
    budget: { left: number },
  ): UnsatisfiableProof | undefined {
    if (budget.left-- <= 0) return undefined;
    const { parts } = conjunction(start);

    // Keywords that allow nothing by themselves.
    for (const { node, at } of parts) {
      if (Array.isArray(node.enum) && node.enum.length === 0)
        return { pointer: `${at}/enum`, reason: `an empty enum at ${at}/enum, which no value satisfies` };
      if (node[EMPTY_ENUM_KEYWORD] === true)
        return { pointer: at, reason: `an empty enum at ${at}, which no value satisfies` };
      if (node.not === true || (isNode(node.not) && Object.keys(node.not).length === 0))
        return { pointer: `${at}/not`, reason: `\`not: {}\` at ${at}/not, which no value satisfies` };
    }

    // Types: what every part allows.
    let types: Set<string> | undefined;
    let typesAt = "";
    for (const { node, at } of parts) {
      const own = typesOf(node);
      if (own === undefined) continue;
      if (types !== undefined) {
        const both = intersectTypes(types, own);
        if (both.size === 0)
          return {
            pointer: typesAt,
            reason: `a value of type ${[...types].join(" or ")} (at ${typesAt}) that is also of type ${[...own].join(" or ")} (at ${at}/type), which no value is`,
          };
        types = both;
      } else types = own;
      typesAt = `${at}/type`;
    }

    // Values: what every `const` and `enum` allows, of the types allowed.
    let values: Values | undefined;
    let valuesFrom: Part | undefined;
    for (const part of parts) {
      const { node, at } = part;
      const own = fixedValues(node);
      if (own === undefined) continue;
      const keyword = "const" in node ? "const" : "enum";
      if (values !== undefined && valuesFrom !== undefined) {
        const both: Values = new Map([...values].filter(([key]) => own.has(key)));
        if (both.size === 0) {
          const first = `${valuesFrom.at}/${"const" in valuesFrom.node ? "const" : "enum"}`;
          return {
            pointer: first,
            reason: `${describeValues(valuesFrom.node)} at ${first} together with ${describeValues(node)} at ${at}/${keyword}, which no value satisfies`,
          };
        }
        values = both;
      } else {
        values = own;
        valuesFrom = part;
      }
    }
    if (values !== undefined && valuesFrom !== undefined && types !== undefined) {
      const allowed = types;
      if (![...values.values()].some((value) => allowsType(allowed, value))) {
        const where = `${valuesFrom.at}/${"const" in valuesFrom.node ? "const" : "enum"}`;
        return {
          pointer: where,
          reason: `${describeValues(valuesFrom.node)} at ${where} as a value of type ${[...allowed].join(" or ")} (${typesAt}), which none of them is`,
        };
      }
    }

    const only = (...kinds: string[]) => types !== undefined && [...types].every((type) => kinds.includes(type));
    const bound = (keyword: string, pick: (a: number, b: number) => number) => {
      let found: { value: number; at: string } | undefined;
      for (const { node, at } of parts) {
        const value = node[keyword];
        if (typeof value !== "number") continue;
        if (found === undefined || pick(value, found.value) !== found.value) found = { value, at: `${at}/${keyword}` };
      }
      return found;
    };
    const ordered = (low: string, high: string, strict = false): UnsatisfiableProof | undefined => {
      const least = bound(low, Math.max);
      const most = bound(high, Math.min);
      if (least === undefined || most === undefined) return undefined;
      if (strict ? least.value < most.value : least.value <= most.value) return undefined;
      return {
        pointer: least.at,
        reason: `${low} ${least.value} (at ${least.at}) with ${high} ${most.value} (at ${most.at}), which no value satisfies`,
      };
    };

    // Lengths and bounds, where the value can only be of the type they apply to.
    if (only("string")) {
      const lengths = ordered("minLength", "maxLength");
      if (lengths) return lengths;
      const least = bound("minLength", Math.max);
      const most = bound("maxLength", Math.min);
      // Adyen's `gender`: `enum: [MALE, FEMALE, UNKNOWN]` with `maxLength: 1`.
      if (values !== undefined && valuesFrom !== undefined && (least !== undefined || most !== undefined)) {
        const fits = [...values.values()].some(
          (value) =>
            typeof value === "string" &&
            [...value].length >= (least?.value ?? 0) &&
            [...value].length <= (most?.value ?? Infinity),
        );
        const where = `${valuesFrom.at}/${"const" in valuesFrom.node ? "const" : "enum"}`;
        const limits = [
          least && `minLength ${least.value} (at ${least.at})`,
          most && `maxLength ${most.value} (at ${most.at})`,
        ];
        if (!fits)
          return {
            pointer: where,
            reason: `${describeValues(valuesFrom.node)} at ${where} with ${limits.filter(Boolean).join(" and ")}, which none of them keeps`,
          };
      }
      for (const { node, at } of parts) {
        const anchor = typeof node.pattern === "string" ? misplacedAnchor(node.pattern) : undefined;
        if (anchor !== undefined)
          return {
            pointer: `${at}/pattern`,
            reason: `the pattern at ${at}/pattern, which has ${anchor} and so matches no string`,
          };
        const length = typeof node.pattern === "string" ? patternLength(node.pattern) : undefined;
        if (length === undefined) continue;
        if (most !== undefined && length.min > most.value)
          return {
            pointer: `${at}/pattern`,
            reason: `the pattern at ${at}/pattern, which matches no fewer than ${length.min} characters, with maxLength ${most.value} (at ${most.at}), which no value satisfies`,
          };
        if (least !== undefined && length.max < least.value)
          return {
            pointer: `${at}/pattern`,
            reason: `the pattern at ${at}/pattern, which matches no more than ${length.max} characters, with minLength ${least.value} (at ${least.at}), which no value satisfies`,
          };
      }
    }
    if (only("number", "integer")) {
      const range = ordered("minimum", "maximum");
      if (range) return range;
    }

    if (only("array")) {
      const counts = ordered("minItems", "maxItems");
      if (counts) return counts;
      const least = bound("minItems", Math.max);
      if (least !== undefined && least.value > 0) {
        const items = parts.flatMap(({ node, at }): Part[] =>
          node.items === false
            ? [{ node: { not: {} }, at: `${at}/items` }]
            : isNode(node.items)
              ? [{ node: node.items, at: `${at}/items` }]
              : [],
        );
        if (items.length > 0) {
          const inner = prove(items, new Set(), budget);
          if (inner) return inner;
        }
      }
    }

    if (only("object")) {
      const required = new Set(
        parts.flatMap(({ node }) =>
          Array.isArray(node.required) ? node.required.filter((name) => typeof name === "string") : [],
        ),
      );
      for (const name of required) {
        const property = propertyParts(parts, name);
        if (!Array.isArray(property)) return property;
        if (property.length === 0) continue;
        const inner = prove(property, new Set(), budget);
        if (inner) return inner;
      }
    }

    // A union whose every branch, with everything else, allows nothing.
    for (const { node, at } of parts) {
      for (const keyword of ["oneOf", "anyOf"]) {
        const branches = node[keyword];
        if (!Array.isArray(branches) || branches.length === 0 || decided.has(branches)) continue;
        const inner = new Set(decided).add(branches);
        let first: UnsatisfiableProof | undefined;
        let all = true;
        for (const [index, branch] of branches.entries()) {
          if (branch === true) {
            all = false;
            break;
          }
          const proof =
            branch === false
              ? { pointer: `${at}/${keyword}/${index}`, reason: `\`false\` at ${at}/${keyword}/${index}` }
              : isNode(branch)
                ? prove([...parts, { node: branch, at: `${at}/${keyword}/${index}` }], inner, budget)
                : undefined;
          if (proof === undefined) {
            all = false;
            break;
          }
          first ??= proof;
        }
        if (all && first !== undefined)
          return {
            pointer: `${at}/${keyword}`,
            reason: `one branch of the ${keyword} at ${at}/${keyword}, and each branch requires what none can hold (branch 1: ${first.reason})`,
          };
      }
    }
    return undefined;
  }

  /** The scalar values a conjunction allows, when its `const`s and `enum`s (and its unions' branches) bound them. */
  function allowed(start: readonly Part[], depth: number): Values | undefined {
    if (depth > 8) return undefined;
    const { parts } = conjunction(start);
    let values: Values | undefined;
    let types: Set<string> | undefined;
    const meet = (own: Values) => {
      values = values === undefined ? own : new Map([...values].filter(([key]) => own.has(key)));
    };
    for (const { node, at } of parts) {
      const own = fixedValues(node);
      if (own !== undefined) meet(own);
      const typed = typesOf(node);
      if (typed !== undefined) types = types === undefined ? typed : intersectTypes(types, typed);
      for (const keyword of ["oneOf", "anyOf"]) {
        const branches = node[keyword];
        if (!Array.isArray(branches) || branches.length === 0) continue;
        const sets = branches.map((branch, index) =>
          isNode(branch) ? allowed([{ node: branch, at: `${at}/${keyword}/${index}` }], depth + 1) : undefined,
        );
        if (sets.some((set) => set === undefined)) continue;
        // oneOf: a value two branches allow matches both, which oneOf refuses.
        const counts = new Map<string, { value: unknown; count: number }>();
        for (const set of sets as Values[])
          for (const [key, value] of set) counts.set(key, { value, count: (counts.get(key)?.count ?? 0) + 1 });
        meet(
          new Map(
            [...counts]
              .filter(([, { count }]) => keyword === "anyOf" || count === 1)
              .map(([key, { value }]) => [key, value]),
          ),
        );
      }
    }
    if (values === undefined || types === undefined) return values;
    const kinds = types;
    return new Map([...values].filter(([, value]) => allowsType(kinds, value)));
  }

  return {
    /**
     * The scalar values a schema allows, when its `const`s and `enum`s bound them (through
     * `allOf`, references, and the branches of a `oneOf`/`anyOf` that all do); undefined
     * when any value of some type may do. Other keywords (a pattern, a length) are not
     * read: a value listed here may still break one.
     *
     * @example
     * prover.values({ enum: ["bot", "email"], allOf: [{ $ref: "#/components/schemas/Scope" }] }); // ["bot", "email"]
     */
    values(schema: unknown): unknown[] | undefined {
      if (!isNode(schema)) return undefined;
      const found = allowed([{ node: schema, at: "#" }], 0);
      return found === undefined ? undefined : [...found.values()];
    },

    /**
     * Why an object of `schema` cannot have the property `name` (what its parts say of it
     * contradicts itself: Azure's bases allow `additionalProperties` of one type, which
     * the properties their children declare then break), or undefined when that is not proven.
     *
     * @example
     * prover.property({ allOf: [{ $ref: "#/components/schemas/Resource" }], properties: { flag: { type: "boolean" } } }, "flag");
     */
    property(schema: unknown, name: string): UnsatisfiableProof | undefined {
      if (!isNode(schema)) return undefined;
      const { parts } = conjunction([{ node: schema, at: placeOf(schema) }]);
      const property = propertyParts(parts, name);
      if (!Array.isArray(property)) return property;
      return property.length === 0 ? undefined : prove(property, new Set(), { left: BUDGET });
    },

    /**
     * Why no value satisfies `schema`, or undefined when that is not proven. `at` is where
     * the schema sits in `contract.json` (a component's is found by itself).
     */
    prove(schema: unknown, at?: string): UnsatisfiableProof | undefined {
      if (schema === false)
        return { pointer: at ?? "#", reason: `\`false\` at ${at ?? "#"}, which no value satisfies` };
      if (!isNode(schema)) return undefined;
      const known = proven.get(schema);
      if (known !== undefined && (at === undefined || known === null)) return known ?? undefined;
      const found = prove([{ node: schema, at: at ?? placeOf(schema) }], new Set(), { left: BUDGET });
      if (at === undefined || known === undefined) proven.set(schema, found ?? null);
      return found;
    },
  };
}

/** One prover per contract's schemas, kept while the schemas are. */
const provers = new WeakMap<object, ReturnType<typeof createProver>>();

/**
 * Why no value satisfies a schema of the contract, or undefined when that is not proven
 * (see {@link createProver}).
 *
 * @example
 * proveUnsatisfiable({ type: "object", required: ["kind"], properties: { kind: { enum: [] } } }, schemas, "#/…/schema");
 * // { pointer: "#/…/schema/properties/kind/enum", reason: "an empty enum at #/…/kind/enum, which no value satisfies" }
 */
export function proveUnsatisfiable(
  schema: unknown,
  schemas: Record<string, JsonSchema>,
  at?: string,
): UnsatisfiableProof | undefined {
  return proverOf(schemas).prove(schema, at);
}

function proverOf(schemas: Record<string, JsonSchema>): ReturnType<typeof createProver> {
  let prover = provers.get(schemas);
  if (prover === undefined) {
    prover = createProver(schemas);
    provers.set(schemas, prover);
  }
  return prover;
}

/**
 * The scalar values a schema of the contract allows, when its `const`s and `enum`s bound
 * them (see `values` in {@link createProver}).
 *
 * @example
 * finiteValues({ enum: ["bot", "identify"], allOf: [{ $ref: "#/components/schemas/Scope" }] }, schemas); // ["bot", "identify"]
 */
export function finiteValues(schema: unknown, schemas: Record<string, JsonSchema>): unknown[] | undefined {
  return proverOf(schemas).values(schema);
}

/**
 * Whether no object of a schema of the contract can have the property `name` (proven,
 * see `property` in {@link createProver}): an optional one is left out of generated data.
 *
 * @example
 * forbidsProperty(schemas.Application, "allowGuestsSignIn", schemas); // true when a base's additionalProperties refuses a boolean
 */
export function forbidsProperty(schema: unknown, name: string, schemas: Record<string, JsonSchema>): boolean {
  return proverOf(schemas).property(schema, name) !== undefined;
}

/**
 * Whether no value satisfies a schema (proven, see {@link proveUnsatisfiable}).
 *
 * @example
 * isUnsatisfiable({ enum: [], allOf: [{ $ref: "#/components/schemas/Color" }] }, schemas); // true
 * isUnsatisfiable({ type: "object", required: ["kind"], properties: { kind: { enum: [] } } }, schemas); // true
 */
export function isUnsatisfiable(schema: unknown, schemas: Record<string, JsonSchema>): boolean {
  return proveUnsatisfiable(schema, schemas) !== undefined;
}
