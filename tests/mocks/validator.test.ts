import { afterEach, describe, expect, it, vi } from "vitest";
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
