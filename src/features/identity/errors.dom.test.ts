import { describe, expect, it } from "vitest";
import { GENERIC_IDENTITY_ERROR, IDENTITY_ERRORS, identityErrorMessage } from "./errors.ts";

describe("identityErrorMessage", () => {
  it("has a message for every code the five calls are documented to return", () => {
    const codes = [
      "auth/invalid-credential",
      "auth/wrong-password",
      "auth/user-not-found",
      "auth/email-already-in-use",
      "auth/weak-password",
      "auth/password-does-not-meet-requirements",
      "auth/too-many-requests",
      "auth/user-disabled",
      "auth/network-request-failed",
      "auth/quota-exceeded",
      "auth/invalid-email",
      "auth/missing-password",
      "auth/internal-error",
      "auth/user-token-expired",
      "auth/invalid-user-token",
    ];
    for (const code of codes) expect(IDENTITY_ERRORS[code], code).toBeDefined();
  });

  it("never shows a raw code", () => {
    for (const { message } of Object.values(IDENTITY_ERRORS)) expect(message).not.toMatch(/auth\/|_/);
  });

  it("answers an unknown code, or no code at all, with the generic message", () => {
    expect(identityErrorMessage({ code: "auth/brand-new" })).toBe(GENERIC_IDENTITY_ERROR);
    expect(identityErrorMessage(new Error("boom"))).toBe(GENERIC_IDENTITY_ERROR);
    expect(identityErrorMessage({ code: "auth/email-already-in-use" }).field).toBe("email");
  });
});
