// Ajv ignores a property named `__proto__` (it filters the name out of `properties`
// to keep itself safe), and json-schema-faker builds objects by assignment, where
// `__proto__` sets the prototype instead. A contract may still name a property so.
// Both libraries therefore see it under a stand-in name no contract writes, and the
// values they check or produce are translated on the way in and out.

/** The stand-in for a property named `__proto__` (a NUL first: no contract names a property so). */
export const PROTO_STAND_IN = "\u0000__proto__";

const PROTO = "__proto__";

/** `true` when `node` holds an own key `__proto__` anywhere (what decides whether translation is needed). */
export function mentionsProto(node: unknown): boolean {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== "object" || current === null) continue;
    if (!Array.isArray(current) && Object.hasOwn(current, PROTO)) return true;
    stack.push(...(Object.values(current) as unknown[]));
  }
  return false;
}

/**
 * A copy of a schema where each property named `__proto__` (a key of `properties`,
 * `dependentRequired`, `dependentSchemas`, a key of any object inside, a name listed in
 * `required` or `dependentRequired`) goes by PROTO_STAND_IN.
 *
 * @example
 * withStandIn(JSON.parse('{"required":["__proto__"],"properties":{"__proto__":{}}}'));
 * // { required: ["\u0000__proto__"], properties: { "\u0000__proto__": {} } }
 */
export function withStandIn(node: unknown, names = false): unknown {
  if (Array.isArray(node)) return node.map((item) => (names && item === PROTO ? PROTO_STAND_IN : withStandIn(item)));
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node).map(([key, value]): [string, unknown] => {
    const renamed = key === PROTO ? PROTO_STAND_IN : key;
    // `required` lists names; so do the values of `dependentRequired` (an enum's strings are values, not names).
    if (key === "required" && Array.isArray(value)) return [renamed, withStandIn(value, true)];
    if (key === "dependentRequired" && typeof value === "object" && value !== null && !Array.isArray(value))
      return [
        renamed,
        Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [
            k === PROTO ? PROTO_STAND_IN : k,
            withStandIn(v, true),
          ]),
        ),
      ];
    return [renamed, withStandIn(value)];
  });
  // Object.fromEntries defines keys: `__proto__` stays an own key instead of setting the prototype.
  return Object.fromEntries(entries);
}

/** A value whose `__proto__` keys go by the stand-in (a JSON text round trip: bodies are JSON). */
export function valueWithStandIn(value: unknown): unknown {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return value;
  // Inside a JSON string every quote is escaped, so only a key can read `"__proto__":`.
  return JSON.parse(text.replaceAll(`"${PROTO}":`, `"\\u0000${PROTO}":`)) as unknown;
}

/** A value with each stand-in key back to `__proto__`, as an own key. */
export function valueWithoutStandIn(value: unknown): unknown {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined || !text.includes("\\u0000")) return value;
  return JSON.parse(text.replaceAll(`"\\u0000${PROTO}":`, `"${PROTO}":`)) as unknown;
}

/** A text (a pointer, a message) with the stand-in named as the contract names it. */
export function textWithoutStandIn(text: string): string {
  return text.replaceAll(PROTO_STAND_IN, PROTO).replaceAll(`\\u0000${PROTO}`, PROTO);
}

/**
 * A contract document (`contract.json`) with the stand-in in its schemas, its own maps of
 * names (`components.schemas`, `operations`) unchanged: references and pointers use them.
 *
 * @example
 * documentWithStandIn(contract).components.schemas.__proto__; // still there, its properties renamed
 */
export function documentWithStandIn<T extends { components: { schemas: object }; operations: object }>(document: T): T {
  const mapValues = (map: object) =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key, withStandIn(value)]));
  return {
    ...document,
    components: { ...document.components, schemas: mapValues(document.components.schemas) },
    operations: mapValues(document.operations),
  };
}
