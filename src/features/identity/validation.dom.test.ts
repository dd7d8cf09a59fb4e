import type { PasswordValidationStatus } from "firebase/auth";
import { describe, expect, it } from "vitest";
import { emailProblem, passwordRules } from "./validation.ts";

// The SDK caches a project's policy per Auth instance, so a second policy cannot be shown
// in the same page; the checklist's mapping is checked here on a stricter project's status.
function status(
  options: PasswordValidationStatus["passwordPolicy"]["customStrengthOptions"],
  met: Partial<PasswordValidationStatus>,
): PasswordValidationStatus {
  return {
    isValid: false,
    ...met,
    passwordPolicy: {
      customStrengthOptions: options,
      allowedNonAlphanumericCharacters: "!#$%",
      enforcementState: "ENFORCE",
      forceUpgradeOnSignin: false,
    },
  };
}

describe("passwordRules", () => {
  it("lists exactly the rules the provider's policy sets, each met or not", () => {
    const rules = passwordRules(
      status(
        { minPasswordLength: 12, containsNonAlphanumericCharacter: true },
        { meetsMinPasswordLength: false, containsNonAlphanumericCharacter: true },
      ),
    );
    expect(rules).toEqual([
      { id: "min", label: "At least 12 characters", met: false },
      { id: "symbol", label: "A symbol (! # $ % …)", met: true },
    ]);
  });

  it("lists every kind of rule when the policy sets them all", () => {
    const rules = passwordRules(
      status(
        {
          minPasswordLength: 8,
          maxPasswordLength: 64,
          containsLowercaseLetter: true,
          containsUppercaseLetter: true,
          containsNumericCharacter: true,
          containsNonAlphanumericCharacter: true,
        },
        { meetsMinPasswordLength: true, containsLowercaseLetter: true },
      ),
    );
    expect(rules.map((rule) => [rule.id, rule.met])).toEqual([
      ["min", true],
      ["max", false],
      ["lower", true],
      ["upper", false],
      ["number", false],
      ["symbol", false],
    ]);
  });
});

describe("emailProblem", () => {
  it("asks for an address, then for a well-formed one", () => {
    expect(emailProblem(" ")).toBe("Enter your e-mail address.");
    expect(emailProblem("ada@example")).toBe("Enter an e-mail address such as name@example.com.");
    expect(emailProblem("ada@example.com")).toBeUndefined();
  });
});
