// The generator's copy of the contract's schemas. json-schema-faker follows `$ref`s
// wherever they are (compositions included), so recursion is bounded by the schemas
// themselves: each recursive component is unrolled into a few levels, the last of
// which refers to its least instance. No state outlives a generation.
import type { JsonSchema } from "../contract-types";
import { pointerSegment, unescapeSegment } from "./json-pointer";
import { linearTest } from "./linear-regexp";
import { define } from "./own";

type SchemaNode = Record<string, unknown>;

function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function types(schema: SchemaNode): string[] {
  return typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
}

/** The component a `$ref` names (`#/components/schemas/<name>`), or undefined. */
export function componentName(ref: string): string | undefined {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  return match?.[1] === undefined ? undefined : unescapeSegment(match[1]);
}

function referencedComponents(schema: unknown, found = new Set<string>()): Set<string> {
  const stack = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (isNode(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          const name = componentName(value);
          if (name !== undefined) found.add(name);
        } else if (typeof value === "object") stack.push(value);
      }
    }
  }
  return found;
}

/**
 * Component names that take part in a reference cycle (Tarjan's strongly connected
 * components, iterative so that a long chain of references cannot overflow the stack),
 * and the references of each component.
 */
function recursiveComponents(edges: Map<string, Set<string>>): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result = new Set<string>();
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; targets: string[]; next: number }> = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(edges.get(node) ?? [])].filter((t) => edges.has(t)), next: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as (typeof work)[number];
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next++] as string;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = edges.get(frame.node)?.has(frame.node) === true;
      if (component.length > 1 || selfLoop) component.forEach((name) => result.add(name));
    }
  }
  return result;
}

/** Components from which a recursive one can be reached (themselves included). */
function reachingRecursion(edges: Map<string, Set<string>>, recursive: Set<string>): Set<string> {
  const reaching = new Set(recursive);
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, targets] of edges) {
      if (reaching.has(name)) continue;
      if ([...targets].some((target) => reaching.has(target))) {
        reaching.add(name);
        changed = true;
      }
    }
  }
  return reaching;
}

/**
 * The schema with its `patternProperties` folded into `properties`: each named or
 * required property gets the schemas of the patterns that match its name (tested in
 * linear time), and no other property is made from a pattern. json-schema-faker would
 * otherwise test each pattern against each name with JavaScript's backtracking engine,
 * and a contract writes both the patterns and the names.
 */
function withRequiredProperties(schema: SchemaNode): SchemaNode {
  if (!isNode(schema.patternProperties)) return schema;
  const { patternProperties, ...rest } = schema;
  const properties: SchemaNode = isNode(schema.properties) ? { ...schema.properties } : {};
  const required = Array.isArray(schema.required)
    ? (schema.required as unknown[]).filter((name): name is string => typeof name === "string")
    : [];
  const patterns = Object.entries(patternProperties).map(([pattern, property]) => ({
    test: linearTest(pattern) ?? (() => false),
    property,
  }));
  for (const name of new Set([...Object.keys(properties), ...required])) {
    const own = Object.hasOwn(properties, name) ? [properties[name]] : [];
    const parts = [...own, ...patterns.filter(({ test }) => test(name)).map(({ property }) => property)];
    define(properties, name, parts.length === 0 ? {} : parts.length === 1 ? parts[0] : { allOf: parts });
  }
  return { ...rest, properties };
}

/** A level of unrolling: 0…`levels - 1`, then "least". */
type Level = number | "least";

/**
 * The generator's definitions (for `$defs`) and a way to rewrite any schema of the
 * contract for the generator: references point into `$defs`; a reference to a recursive
 * component is followed `levels` times along one branch, then to the component's
 * least instance (required properties only, arrays at `minItems`, null where allowed,
 * in `anyOf`/`oneOf` the branches that do not recurse when there are some).
 *
 * @example
 * const { definitions, rewrite } = generatorSchemas(contract.components.schemas, 2);
 * generateSync({ $ref: "#/$defs/target", $defs: { ...definitions, target: rewrite(schema) } });
 */
export function generatorSchemas(schemas: Record<string, JsonSchema>, levels: number) {
  const edges = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(schemas)) edges.set(name, referencedComponents(schema));
  const recursive = recursiveComponents(edges);
  const reaching = reachingRecursion(edges, recursive);

  // `@` never appears in a component's name (OpenAPI allows `^[a-zA-Z0-9.\-_]+$`), so no level collides with one.
  const definitionName = (name: string, level: Level) =>
    level === 0 || !recursive.has(name) ? name : `${name}@${level}`;
  const target = (name: string, level: Level) => `#/$defs/${pointerSegment(definitionName(name, level))}`;

  /** Does this (part of a) schema lead to a recursive component? */
  function recurses(schema: unknown): boolean {
    return [...referencedComponents(schema)].some((name) => reaching.has(name));
  }

  /**
   * @param nests whether a reference here nests data (a property, an item) or only
   * extends the schema (an `allOf` part), which stays on the same level.
   */
  function rewrite(schema: unknown, level: Level, nests = true): unknown {
    if (Array.isArray(schema)) return schema.map((item) => rewrite(item, level));
    if (!isNode(schema)) return schema;
    // Entries, not assignment: a key `__proto__` stays an own key.
    return Object.fromEntries(
      Object.entries(withRequiredProperties(schema)).map(([key, value]): [string, unknown] => {
        if (key === "$ref" && typeof value === "string") {
          const name = componentName(value);
          if (name === undefined) return [key, value];
          if (!recursive.has(name)) return [key, target(name, 0)];
          if (!nests) return [key, target(name, level)];
          const next: Level = level === "least" || level + 1 >= levels ? "least" : level + 1;
          return [key, target(name, next)];
        }
        if (key === "allOf" && Array.isArray(value)) return [key, value.map((part) => rewrite(part, level, false))];
        return [key, typeof value === "object" ? rewrite(value, level) : value];
      }),
    );
  }

  /** Required names of a node and of its `allOf` parts (through references): a part may require what another defines. */
  function requiredOf(schema: SchemaNode, seen: ReadonlySet<string> = new Set()): string[] {
    const name = typeof schema.$ref === "string" ? componentName(schema.$ref) : undefined;
    if (name !== undefined) {
      const target = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
      return isNode(target) && !seen.has(name) ? requiredOf(target, new Set([...seen, name])) : [];
    }
    const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const parts = Array.isArray(schema.allOf)
      ? (schema.allOf as unknown[]).filter(isNode).flatMap((part) => requiredOf(part, seen))
      : [];
    return [...own, ...parts];
  }

  function leastOf(
    schema: unknown,
    inherited: readonly string[] = [],
    inlined: ReadonlySet<string> = new Set(),
  ): unknown {
    if (!isNode(schema)) return schema;
    // A part that is a reference (`allOf: [{ $ref: Base }, { required: [...] }]`) is inlined once,
    // so that what the other parts require survives in it.
    const name = typeof schema.$ref === "string" ? componentName(schema.$ref) : undefined;
    if (name !== undefined && inherited.length > 0 && !inlined.has(name) && Object.hasOwn(schemas, name)) {
      return leastOf(schemas[name], inherited, new Set([...inlined, name]));
    }
    if (types(schema).includes("null")) return { type: "null" };
    const least: SchemaNode = { ...schema };
    const required = [...new Set([...inherited, ...requiredOf(schema)])];
    if (isNode(schema.properties)) {
      least.properties = Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([name]) => required.includes(name))
          .map(([name, property]) => [name, leastOf(property)]),
      );
      least.additionalProperties = false;
    }
    if (schema.items !== undefined) {
      least.maxItems = typeof schema.minItems === "number" ? schema.minItems : 0;
      least.items = leastOf(schema.items);
    }
    if (Array.isArray(schema.allOf))
      least.allOf = (schema.allOf as unknown[]).map((part) => leastOf(part, required, inlined));
    for (const keyword of ["anyOf", "oneOf"]) {
      if (!Array.isArray(schema[keyword])) continue;
      const branches = schema[keyword] as unknown[];
      // A branch that does not recurse ends the structure (Stripe's expandable `anyOf: [string, $ref]`).
      const ending = branches.filter((branch) => !recurses(branch));
      least[keyword] = (ending.length > 0 ? ending : branches).map((branch) => leastOf(branch, required));
    }
    return least;
  }

  const definitions: Array<[string, unknown]> = [];
  for (const [name, schema] of Object.entries(schemas)) {
    definitions.push([definitionName(name, 0), rewrite(schema, 0)]);
    if (!recursive.has(name)) continue;
    for (let level = 1; level < levels; level++)
      definitions.push([definitionName(name, level), rewrite(schema, level)]);
    definitions.push([definitionName(name, "least"), rewrite(leastOf(schema), "least")]);
  }

  return {
    /** The generator's `$defs`: every component, and the levels of the recursive ones. */
    definitions: Object.fromEntries(definitions) as Record<string, JsonSchema>,
    /** A schema of the contract (an operation's) as the generator reads it, at the first level. */
    rewrite: (schema: unknown) => rewrite(schema, 0) as JsonSchema,
  };
}
