import { describe, expect, it } from "vitest";
import { misplacedAnchor, patternLength, requiredCharacters } from "./pattern-length.ts";

describe("patternLength", () => {
  it("measures simple anchored patterns", () => {
    expect(patternLength("^[0-9]{4}$")).toEqual({ min: 4, max: 4 });
    expect(patternLength("^[A-Z]{2,3}-\\d+$")).toEqual({ min: 4, max: Infinity });
    expect(patternLength("^ab?c*$")).toEqual({ min: 1, max: Infinity });
  });
  it("bounds only the shortest string when an end is not anchored", () => {
    expect(patternLength("[0-9]{4}")).toEqual({ min: 4, max: Infinity });
    expect(patternLength("^[0-9]{4}")).toEqual({ min: 4, max: Infinity });
    expect(patternLength("[0-9]{4}\\$")).toEqual({ min: 5, max: Infinity });
  });
  it("counts no character for a word boundary (Amazon's UUIDs, `\\b[0-9a-f]{8}\\b-…`)", () => {
    expect(patternLength("\\b[0-9a-f]{8}\\b-[0-9a-f]{4}-\\b[0-9a-f]{12}\\b")).toEqual({ min: 26, max: Infinity });
    expect(patternLength("^a\\Bb$")).toEqual({ min: 2, max: 2 });
  });
  it("reads `\\A` and `\\z` as the anchors they are for RE2, Java and Ruby (Amazon's `\\A…\\z`)", () => {
    expect(patternLength("\\A[0-9]{4}\\z")).toEqual({ min: 4, max: 4 });
    expect(patternLength("\\Asnap-[0-9a-f]{8}\\Z")).toEqual({ min: 13, max: 13 });
    expect(patternLength("[0-9]{4}\\\\z")).toEqual({ min: 6, max: Infinity });
  });
  it("gives up on groups and alternation", () => {
    expect(patternLength("^(a+)+$")).toBeUndefined();
    expect(patternLength("^a|b$")).toBeUndefined();
  });
});

describe("misplacedAnchor", () => {
  it("finds an anchor that can never hold: a regular expression written with its slashes and flags", () => {
    expect(misplacedAnchor("/^[0-9]{5}$/i")).toBe("`^` after a character it requires");
    expect(misplacedAnchor(".*/^[\\d]{12}$/.*")).toBe("`^` after a character it requires");
    expect(misplacedAnchor("^[a-z]+$x")).toBe("`$` before a character it requires");
    expect(misplacedAnchor("\\/^")).toBe("`^` after a character it requires");
  });

  it("lets every anchor that may hold be", () => {
    for (const pattern of ["^[0-9]{5}$", "a?^b", "\\b^x", "(a)?^b", "^(a|b)$", "[/^]x", "a|^b", "^a$|^b$", "x{0}^y"])
      expect(misplacedAnchor(pattern), pattern).toBeUndefined();
  });
});

describe("requiredCharacters", () => {
  it("lists the characters every match holds, escaped ones too, and skips classes, groups and optional ones", () => {
    expect(requiredCharacters("YYYY-MM")).toEqual(["Y", "Y", "Y", "Y", "-", "M", "M"]);
    expect(requiredCharacters("^[a-z]+@[a-z]+\\\\.[a-z]+$")).toEqual(["@", "\\"]);
    expect(requiredCharacters("^(ab)?c*d{0,2}x?e{2}\\.\\d.$")).toEqual(["e", "."]);
    expect(requiredCharacters("\\A[0-9]+\\z")).toEqual([]);
  });

  it("says nothing of an alternation at the top, an escape that reads on, or an unclosed group", () => {
    for (const pattern of ["a|b", "\\x2e", "\\u002e", "\\p{L}", "(a\\1", "[ab", "a)"])
      expect(requiredCharacters(pattern), pattern).toBeUndefined();
  });
});
