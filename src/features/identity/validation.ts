import type { PasswordValidationStatus } from "firebase/auth";

// The provider's own check is looser; this catches typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The message for an e-mail field, or undefined when it is fine.
 *
 * @example
 * emailProblem(""); // "Enter your e-mail address."
 * emailProblem("ada@"); // "Enter an e-mail address such as name@example.com."
 */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === "") return "Enter your e-mail address.";
  if (!EMAIL.test(email.trim())) return "Enter an e-mail address such as name@example.com.";
  return undefined;
}

/** One line of the password checklist. */
export interface PasswordRule {
  id: string;
  label: string;
  met: boolean;
}

/**
 * The checklist for a password, from the SDK's `validatePassword` result: one line per
 * requirement the project's policy sets (its `customStrengthOptions`), none invented.
 *
 * @example
 * passwordRules(await validatePassword(auth, "abc")); // [{ id: "min", label: "At least 8 characters", met: false }, …]
 */
export function passwordRules(status: PasswordValidationStatus): PasswordRule[] {
  const options = status.passwordPolicy.customStrengthOptions;
  const rules: PasswordRule[] = [];
  if (options.minPasswordLength !== undefined)
    rules.push({
      id: "min",
      label: `At least ${options.minPasswordLength} characters`,
      met: status.meetsMinPasswordLength ?? false,
    });
  if (options.maxPasswordLength !== undefined)
    rules.push({
      id: "max",
      label: `At most ${options.maxPasswordLength} characters`,
      met: status.meetsMaxPasswordLength ?? false,
    });
  if (options.containsLowercaseLetter)
    rules.push({ id: "lower", label: "A lower-case letter", met: status.containsLowercaseLetter ?? false });
  if (options.containsUppercaseLetter)
    rules.push({ id: "upper", label: "An upper-case letter", met: status.containsUppercaseLetter ?? false });
  if (options.containsNumericCharacter)
    rules.push({ id: "number", label: "A number", met: status.containsNumericCharacter ?? false });
  if (options.containsNonAlphanumericCharacter)
    rules.push({
      id: "symbol",
      label: `A symbol (${[...status.passwordPolicy.allowedNonAlphanumericCharacters].slice(0, 6).join(" ")} …)`,
      met: status.containsNonAlphanumericCharacter ?? false,
    });
  return rules;
}
