// Each pattern is compiled by RE2 once, however many values are tested against it.
import { describe, expect, it } from "vitest";
import { linearTest } from "./linear-regexp.ts";

describe("linearTest", () => {
  it("compiles a pattern once", () => {
    const test = linearTest("^[a-z]+$");
    expect(test).toBe(linearTest("^[a-z]+$"));
    expect(test?.("abc")).toBe(true);
    expect(test?.("ab1")).toBe(false);
    expect(linearTest("(a)\\1")).toBeUndefined();
  });
});
