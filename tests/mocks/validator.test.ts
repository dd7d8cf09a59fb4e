import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContractSchemas } from "@/api/contract-types";
import { createFixtureData } from "@/api/mocks/fixture-data";
import { createValidator } from "@/api/mocks/validator";
import { loadContract, TEST_CONTRACTS } from "./contracts.ts";

const { contract } = await loadContract(TEST_CONTRACTS[0] ?? "");
const TAGGED = "#/components/schemas/Tagged";

describe("the contract check", () => {
  afterEach(() => vi.restoreAllMocks());

  it("accepts, with a warning, a value that several branches of a oneOf match", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const validator = createValidator(contract);
    expect(validator.check(TAGGED, { id: "7d8f7d8e-1c1b-4a8e-9a77-0b6f5d1f3a10" })).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("matches several branches of the oneOf"));
  });

  it("still reports every other failure of such a value", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const validator = createValidator(contract);
    expect(validator.check(TAGGED, {})).toEqual([
      { pointer: "/id", expected: "a value (required)", actual: "nothing" },
    ]);
    expect(validator.check(TAGGED, { id: "not-a-uuid" })).toEqual([
      { pointer: "/id", expected: "format uuid", actual: '"not-a-uuid"' },
    ]);
  });

  it("reports a value that no branch of a oneOf matches", () => {
    const validator = createValidator(contract);
    const failures = validator.check("#/components/schemas/Pet", { petType: "cat", goodBoy: true });
    expect(failures).toContainEqual({ pointer: "/lives", expected: "a value (required)", actual: "nothing" });
  });
});

describe("the contract's patterns", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A contract of named schemas only, as `contract.json` holds it. */
  function schemas(named: Record<string, unknown>): ContractSchemas {
    return {
      openapi: "3.1.0",
      $schema: "https://json-schema.org/draft/2020-12/schema",
      components: { schemas: named as ContractSchemas["components"]["schemas"] },
      operations: {},
    };
  }

  // With JavaScript's backtracking engine each of these checks takes minutes (2^40 steps):
  // the test would time out. RE2 answers at once, with the right verdict.
  it("runs a catastrophic pattern in linear time and gives the right verdict", () => {
    const validator = createValidator(
      schemas({
        Word: { type: "string", pattern: "^(a+)+$" },
        Bag: { type: "object", patternProperties: { "^(a+)+$": { type: "integer" } } },
      }),
    );
    const nearMatch = `${"a".repeat(40)}!`;
    expect(validator.check("#/components/schemas/Word", nearMatch)).toEqual([
      { pointer: "", expected: "a match for /^(a+)+$/", actual: JSON.stringify(nearMatch) },
    ]);
    expect(validator.check("#/components/schemas/Word", "a".repeat(41))).toEqual([]);
    expect(validator.check("#/components/schemas/Bag", { [nearMatch]: "x", aaaa: 1 })).toEqual([]);
    expect(validator.check("#/components/schemas/Bag", { aaaa: "x" })).toEqual([
      { pointer: "/aaaa", expected: "type integer", actual: '"x"' },
    ]);
  });

  // json-schema-faker tests patternProperties against each required name with JavaScript's
  // engine; the generator's copy of the schema names those properties itself (RE2).
  it("generates data for required names that only a catastrophic patternProperties describes", () => {
    const nearMatch = `${"a".repeat(40)}!`;
    const contract = schemas({
      Bag: {
        type: "object",
        required: [nearMatch, "aaaa"],
        patternProperties: { "^(a+)+$": { type: "integer" } },
      },
    });
    const validator = createValidator(contract);
    const { value, failures } = createFixtureData(contract, validator).generate("#/components/schemas/Bag", {
      seed: 1,
      scenario: "default",
    });
    expect(failures).toEqual([]);
    expect(Object.keys(value as object)).toEqual(expect.arrayContaining([nearMatch, "aaaa"]));
    expect(typeof (value as Record<string, unknown>).aaaa).toBe("number");
  });

  it("tells a pattern apart from another (each compiled on its own)", () => {
    const validator = createValidator(
      schemas({ Pair: { type: "object", properties: { a: { pattern: "^a$" }, b: { pattern: "^b$" } } } }),
    );
    expect(validator.check("#/components/schemas/Pair", { a: "a", b: "b" })).toEqual([]);
    expect(validator.check("#/components/schemas/Pair", { a: "b", b: "a" })).toHaveLength(2);
  });

  it("skips, with a warning naming where it is, a pattern that needs backtracking", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const validator = createValidator(
      schemas({
        Twice: { type: "string", pattern: "^(a)\\1(?=b)" },
        Other: { type: "string", pattern: "^(a)\\1(?=b)" },
      }),
    );
    expect(validator.check("#/components/schemas/Twice", "xyz")).toEqual([]);
    expect(validator.check("#/components/schemas/Other", "xyz")).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "[mocks] #/components/schemas/Twice/pattern, #/components/schemas/Other/pattern: the pattern /^(a)\\1(?=b)/ " +
        "needs backtracking (a backreference, a lookaround or a repeat over 1000), which could freeze the page on " +
        "some values; values are not checked against it.",
    );
  });

  it("refuses a pattern no engine reads, with JavaScript's message", () => {
    const validator = createValidator(schemas({ Broken: { type: "string", pattern: "[" } }));
    expect(() => validator.check("#/components/schemas/Broken", "x")).toThrow(
      "Invalid regular expression: /[/: Unterminated character class",
    );
  });
});
