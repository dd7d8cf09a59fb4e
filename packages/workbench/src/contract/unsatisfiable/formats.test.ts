import { describe, expect, it } from "vitest";
import { proveUnsatisfiable } from "./prover.ts";

describe("a pattern that requires a character its format never holds", () => {
  it("is proven unsatisfiable, naming the pattern, the character and the format (Frankie's, Amadeus's)", () => {
    const endDate = { type: "string", format: "date", pattern: "YYYY-MM" };
    expect(proveUnsatisfiable(endDate, {}, "#/x")).toEqual({
      pointer: "#/x/pattern",
      reason:
        'the pattern at #/x/pattern, which requires the character "Y", with format date (at #/x/format), whose values never hold it',
    });
    // `\\.` in the contract's JSON: a backslash, then any character, in the domain.
    const email = { type: "string", format: "email", pattern: "^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\\\.[a-zA-Z0-9-.]+$" };
    expect(proveUnsatisfiable(email, {}, "#/x")?.reason).toContain('requires the character "\\\\", with format email');
  });

  it("reads the format and the pattern from any part of the conjunction", () => {
    const schemas = { Day: { type: "string", format: "date" } };
    const schema = { allOf: [{ $ref: "#/components/schemas/Day" }, { pattern: "^\\d{4}/\\d{2}" }] };
    expect(proveUnsatisfiable(schema, schemas, "#/x")?.reason).toContain('"/"');
  });

  it("is not claimed where a value fits both, or the pattern is not read to the end", () => {
    for (const schema of [
      { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
      { type: "string", format: "email", pattern: "^[a-z]+@[a-z]+\\.[a-z]+$" },
      { type: "string", format: "email", pattern: "^[A-Z]+@EXAMPLE\\.COM$" },
      { type: "string", format: "ipv4", pattern: "^10\\.\\x2e" },
      { type: "string", format: "date", pattern: "Y?YYY-MM|^\\d" },
      { type: "string", format: "date-time", pattern: "T" },
      { format: "date", pattern: "YYYY-MM" },
    ])
      expect(proveUnsatisfiable(schema, {}, "#/x"), JSON.stringify(schema)).toBeUndefined();
  });

  it("is proven unsatisfiable where a format's lengths lie outside the lengths allowed (Zuora's 64-character UUID)", () => {
    const jobId = { type: "string", format: "uuid", minLength: 64, maxLength: 64 };
    expect(proveUnsatisfiable(jobId, {}, "#/x")).toEqual({
      pointer: "#/x/format",
      reason:
        "format uuid at #/x/format, whose values are 36 or 45 characters long, with lengths from 64 to 64, which no value satisfies",
    });
    for (const schema of [
      { type: "string", format: "uuid", maxLength: 36 },
      { type: "string", format: "uuid", minLength: 40 },
      { type: "string", format: "date", minLength: 8, maxLength: 12 },
    ])
      expect(proveUnsatisfiable(schema, {}, "#/x"), JSON.stringify(schema)).toBeUndefined();
  });

  it("is proven unsatisfiable where no value an enum lists has the format (SendGrid's `now` as a date-time)", () => {
    const sendAt = { type: "string", format: "date-time", enum: ["now"] };
    expect(proveUnsatisfiable(sendAt, {}, "#/x")).toEqual({
      pointer: "#/x/enum",
      reason: "the enum at #/x/enum, none of whose values has format date-time (at #/x/format)",
    });
    for (const schema of [
      { type: "string", format: "date-time", enum: ["now", "2025-10-15T13:52:38.810Z"] },
      { type: "string", format: "x-unknown", enum: ["now"] },
    ])
      expect(proveUnsatisfiable(schema, {}, "#/x"), JSON.stringify(schema)).toBeUndefined();
  });
});
