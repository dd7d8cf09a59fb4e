import { assert, constantFrom, integer, property, string } from "fast-check";
import { describe, expect, it } from "vitest";
import { drawPattern, LONGEST_DRAWN } from "../../fixtures/data/pattern-strings.ts";
import { deepBracket, deeperThan, inspectTree, positionAt } from "./limits.ts";
import { refFile, refusal } from "./ref-guard.ts";
import { pointerOf } from "../../contract/pointer.ts";

describe("deepBracket", () => {
  it("finds where brackets first nest deeper than the limit, outside strings and comments", () => {
    expect(deepBracket("[[[1]]]", 2)).toEqual({ line: 1, column: 3 });
    expect(deepBracket('{"a": "[[[[", "b": [1]}', 2)).toBeUndefined();
    expect(deepBracket("a: 1 # [[[[\nb:\n  - [[[x]]]", 2)).toEqual({ line: 3, column: 7 });
  });

  it("reads quotes, escapes and comments as a reading character by character does", () => {
    // The plain reading the scan (which jumps over strings and comments) must agree with.
    const byCharacter = (text: string, limit: number) => {
      let depth = 0;
      let quote = "";
      for (let index = 0; index < text.length; index++) {
        const char = text[index];
        if (quote) {
          if (char === "\\" && quote === '"') index++;
          else if (char === quote) quote = "";
        } else if (char === '"' || char === "'") quote = char;
        else if (char === "#" && (index === 0 || /\s/.test(text[index - 1] ?? ""))) {
          const end = text.indexOf("\n", index);
          index = end === -1 ? text.length : end;
        } else if (char === "{" || char === "[") {
          if (++depth > limit) return positionAt(text, index);
        } else if (char === "}" || char === "]") depth = Math.max(0, depth - 1);
      }
      return undefined;
    };
    const text = string({ unit: constantFrom("[", "]", "{", "}", '"', "'", "\\", "#", " ", "\n", "a"), maxLength: 60 });
    assert(
      property(text, integer({ min: 0, max: 4 }), (sample, limit) => {
        expect(deepBracket(sample, limit)).toEqual(byCharacter(sample, limit));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("deeperThan", () => {
  it("tells whether objects and arrays nest deeper than the limit, the root being level 1", () => {
    expect(deeperThan(JSON.parse("[[[1]]]"), 2)).toBe(true);
    expect(deeperThan(JSON.parse("[[[1]]]"), 3)).toBe(false);
    // The root, the array, `{"b": {}}` and `{}`: four levels; the brackets in a string are text.
    const mixed = JSON.parse('{"a": [1, {"b": {}}], "c": "[[[[[["}') as unknown;
    expect(deeperThan(mixed, 4)).toBe(false);
    expect(deeperThan(mixed, 3)).toBe(true);
    expect(deeperThan(JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), 500)).toBe(true);
  });
});

describe("positionAt", () => {
  it("gives 1-based line and column", () => {
    expect(positionAt("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});

describe("inspectTree", () => {
  const limits = { depth: 3, aliasNodes: 10 };
  it("passes a document within the limits and visits each object once", () => {
    const visited: string[] = [];
    expect(inspectTree({ a: { b: [1] } }, (_node, path) => visited.push(pointerOf(path)), limits)).toBeUndefined();
    expect(visited).toEqual(["", "/a"]);
  });
  it("stops at the first node deeper than the limit", () => {
    expect(inspectTree({ a: { b: { c: {} } } }, () => {}, limits)).toMatchObject({ kind: "depth", pointer: "/a/b/c" });
  });
  it("counts what shared nodes (YAML aliases) add when expanded", () => {
    const leaf = { x: [{}, {}] }; // 4 nodes expanded
    const wide = { depth: 10, aliasNodes: 10 };
    expect(inspectTree({ a: leaf, b: leaf, c: leaf }, () => {}, wide)).toBeUndefined(); // adds 8
    expect(inspectTree({ a: leaf, b: leaf, c: leaf, d: leaf }, () => {}, wide)).toMatchObject({
      kind: "aliases",
      pointer: "/d",
    });
  });
  it("reports an alias inside its own anchor", () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(inspectTree({ loop }, () => {}, limits)).toMatchObject({ kind: "cycle", pointer: "/loop/self" });
  });
  it("walks 100,000 levels without recursion", () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(inspectTree(deep, () => {}, { depth: 500, aliasNodes: 10 })?.kind).toBe("depth");
  });
});

describe("refusal", () => {
  const folder = "/project/openapi";
  it("refuses what leaves the folder or names a URL", () => {
    expect(refusal("/etc/passwd", "/etc/passwd", folder)).toMatch(/absolute path/);
    expect(refusal("../.env", "/project/.env", folder)).toMatch(/leaves the contract's folder/);
    expect(refusal("http://x/y.yaml", "", folder)).toMatch(/remote reference/);
    expect(refusal("HTTPS://x/y.yaml", "", folder)).toMatch(/remote reference/);
    expect(refusal("file:///etc/passwd", "", folder)).toMatch(/URL \(file:\)/);
  });
  it("follows a relative path inside the folder", () => {
    expect(refusal("./schemas/a.yaml", "/project/openapi/schemas/a.yaml", folder)).toBeUndefined();
  });
  it("splits a reference as Redocly does", () => {
    expect(refFile("#/components/schemas/A")).toBeNull();
    expect(refFile("a.yaml#/B")).toBe("a.yaml");
    expect(refFile("a.yaml")).toBe("a.yaml");
  });
});

describe("a pattern's string within its length limits", () => {
  // A certificate chain: nested repetitions under a `maxLength` of two million characters.
  const chain =
    "(-{5}BEGIN CERTIFICATE-{5}\\u000D?\\u000A([A-Za-z0-9/+]{64}\\u000D?\\u000A)*[A-Za-z0-9/+]{1,64}={0,2}\\u000D?\\u000A-{5}END CERTIFICATE-{5}\\u000D?\\u000A)*-{5}BEGIN CERTIFICATE-{5}\\u000D?\\u000A([A-Za-z0-9/+]{64}\\u000D?\\u000A)*[A-Za-z0-9/+]{1,64}={0,2}\\u000D?\\u000A-{5}END CERTIFICATE-{5}(\\u000D?\\u000A)?";

  it("is drawn no longer than the bounded work allows, however long the limits let it be", () => {
    const drawn = drawPattern(chain, 1, 2_097_152, 1);
    expect(typeof drawn).toBe("string");
    expect((drawn as string).length).toBeLessThanOrEqual(LONGEST_DRAWN * 4 + 64);
    expect(new RegExp(chain).test(drawn as string)).toBe(true); // a `pattern` matches anywhere in the string
  });
});
