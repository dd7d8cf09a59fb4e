import { RE2JS } from "re2js";
import { pointerSegment } from "./json-pointer";

/** What Ajv's `code.regExp` option takes: a function from pattern and flags to something that tests. */
export interface LinearRegExpEngine {
  (pattern: string, flags: string): { test: (text: string) => boolean };
  /** For Ajv's standalone code only, which the fixtures never write: the engine's name. */
  code: string;
}

/** How many places a warning names for one pattern (a pattern can recur in hundreds of schemas). */
const PLACES_NAMED = 3;

/**
 * Where each pattern of a schema document is written: `pattern` keywords and
 * `patternProperties` keys, as JSON pointers (`#/components/schemas/Code/pattern`).
 * Iterative, so that deep documents cannot overflow the call stack.
 */
export function patternPlaces(document: unknown): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const add = (pattern: string, pointer: string) => {
    const list = places.get(pattern) ?? [];
    if (list.length < PLACES_NAMED) list.push(pointer);
    places.set(pattern, list);
  };
  const stack: Array<{ node: unknown; pointer: string }> = [{ node: document, pointer: "#" }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop() as { node: unknown; pointer: string };
    if (typeof node !== "object" || node === null) continue;
    const children: Array<{ node: unknown; pointer: string }> = [];
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const at = `${pointer}/${pointerSegment(key)}`;
      if (key === "pattern" && typeof value === "string") add(value, at);
      if (key === "patternProperties" && typeof value === "object" && value !== null && !Array.isArray(value)) {
        for (const name of Object.keys(value)) add(name, `${at}/${pointerSegment(name)}`);
      }
      if (typeof value === "object" && value !== null) children.push({ node: value, pointer: at });
    }
    // In document order, so that a warning names the first places first.
    stack.push(...children.reverse());
  }
  return places;
}

/**
 * A pattern compiled by RE2 (linear time), as a test; undefined when RE2 cannot express it.
 *
 * @example
 * linearTest("^(a+)+$")?.(`${"a".repeat(40)}!`); // false, at once
 * linearTest("(a)\\1"); // undefined (a backreference)
 */
export function linearTest(pattern: string): ((text: string) => boolean) | undefined {
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return (text) => compiled.test(text);
  } catch {
    return undefined;
  }
}

/**
 * A regular-expression engine for Ajv's `code.regExp` option that runs every pattern
 * of the contract in linear time (RE2, as the pure-JavaScript port re2js, which also
 * runs in the browser): a contract's `^(a+)+$` cannot freeze a test or a tab.
 *
 * A pattern RE2 cannot express (a backreference, a lookaround, a repeat over 1,000)
 * but JavaScript can is not checked at all, rather than checked with backtracking:
 * the first time it is compiled a warning names the pattern and where the contract
 * writes it, and values are accepted for it. A pattern neither engine reads is an
 * error of the contract, thrown with JavaScript's own message.
 *
 * @param places where each pattern is written, for the warning (`patternPlaces(contract)`), built when first needed.
 * @example
 * const ajv = new Ajv2020({ code: { regExp: linearRegExp(() => patternPlaces(contract)) } });
 * linearRegExp(() => new Map())("^(a+)+$", "").test(`${"a".repeat(40)}!`); // false, at once
 */
export function linearRegExp(places: () => Map<string, string[]>): LinearRegExpEngine {
  const warned = new Set<string>();
  let located: Map<string, string[]> | undefined;
  const engine = (pattern: string, flags: string) => {
    // Ajv caches compiled patterns by this text: it must differ per pattern.
    const toString = () => `/${pattern}/${flags}`;
    const test = linearTest(pattern);
    if (test === undefined) {
      // Throws JavaScript's own message ("Invalid regular expression: /[/: Unterminated character class")
      // for a pattern no engine reads; otherwise the pattern needs backtracking.
      new RegExp(pattern, flags);
      if (!warned.has(pattern)) {
        warned.add(pattern);
        located ??= places();
        const where = located.get(pattern) ?? [];
        console.warn(
          `[mocks] ${where.length > 0 ? where.join(", ") : "a schema"}: the pattern /${pattern}/ needs backtracking ` +
            "(a backreference, a lookaround or a repeat over 1000), which could freeze the page on some values; " +
            "values are not checked against it.",
        );
      }
      return { test: () => true, toString };
    }
    return { test, toString };
  };
  return Object.assign(engine, { code: "re2js" });
}
