import { describe, expect, it } from "vitest";
import { patternLength } from "./pattern-length.ts";

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
  it("gives up on groups and alternation", () => {
    expect(patternLength("^(a+)+$")).toBeUndefined();
    expect(patternLength("^a|b$")).toBeUndefined();
  });
});
