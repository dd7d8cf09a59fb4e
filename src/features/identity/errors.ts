/**
 * Every error the identity calls (sign-up, sign-in, account lookup, token refresh,
 * password policy) can end with, as the SDK reports it (`auth/…`), mapped in one place
 * to what the person reads. The raw code never reaches the screen; a code missing from
 * the table gets the generic message.
 */
export interface IdentityErrorMessage {
  message: string;
  /** The field the message belongs beside; none means it is shown above the form. */
  field?: "email" | "password";
}

const WRONG_CREDENTIALS: IdentityErrorMessage = {
  message: "That e-mail and password don't match an account. Check them and try again.",
};
const SESSION_ENDED: IdentityErrorMessage = { message: "Your session has expired. Sign in again." };

export const IDENTITY_ERRORS: Readonly<Record<string, IdentityErrorMessage>> = {
  // Sign-in. With e-mail enumeration protection (production's default) both become invalid-credential.
  "auth/invalid-credential": WRONG_CREDENTIALS,
  "auth/invalid-login-credentials": WRONG_CREDENTIALS,
  "auth/wrong-password": WRONG_CREDENTIALS,
  "auth/user-not-found": WRONG_CREDENTIALS,
  "auth/user-disabled": { message: "This account has been disabled. Contact support if you think this is a mistake." },
  // Sign-up.
  "auth/email-already-in-use": {
    message: "An account with this e-mail already exists. Sign in instead.",
    field: "email",
  },
  "auth/weak-password": { message: "This password is too short: use at least 6 characters.", field: "password" },
  "auth/password-does-not-meet-requirements": {
    message: "This password does not meet the requirements listed below.",
    field: "password",
  },
  // Input the provider rejected (the forms check these first).
  "auth/invalid-email": { message: "Enter an e-mail address such as name@example.com.", field: "email" },
  "auth/missing-email": { message: "Enter your e-mail address.", field: "email" },
  "auth/missing-password": { message: "Enter your password.", field: "password" },
  // Limits and availability.
  "auth/too-many-requests": { message: "Too many attempts. Wait a few minutes, then try again." },
  "auth/quota-exceeded": { message: "The sign-in service is busy right now. Try again in a few minutes." },
  "auth/network-request-failed": {
    message: "The sign-in service can't be reached. Check your connection and try again.",
  },
  "auth/timeout": { message: "The sign-in service took too long to answer. Try again." },
  "auth/internal-error": { message: "The sign-in service had a problem. Try again in a moment." },
  // Token refresh and lookup: the session is over.
  "auth/user-token-expired": SESSION_ENDED,
  "auth/invalid-user-token": SESSION_ENDED,
  "auth/user-mismatch": SESSION_ENDED,
  "auth/requires-recent-login": SESSION_ENDED,
  // The project's configuration (only a misconfigured deployment sees these).
  "auth/operation-not-allowed": { message: "Signing in with an e-mail and password is not enabled for this app." },
  "auth/invalid-api-key": { message: "Sign-in is not set up correctly for this app. Contact support." },
  "auth/app-not-authorized": { message: "Sign-in is not set up correctly for this app. Contact support." },
  "auth/unauthorized-domain": { message: "Sign-in is not allowed from this address. Contact support." },
  "auth/web-storage-unsupported": {
    message: "This browser blocks the storage sign-in needs. Allow site data and try again.",
  },
};

export const GENERIC_IDENTITY_ERROR: IdentityErrorMessage = {
  message: "Something went wrong while talking to the sign-in service. Try again.",
};

/**
 * The message for an error thrown by an identity call.
 *
 * @example
 * identityErrorMessage({ code: "auth/email-already-in-use" }).message; // "An account with this e-mail already exists. …"
 * identityErrorMessage(new Error("boom")) === GENERIC_IDENTITY_ERROR; // true
 */
export function identityErrorMessage(error: unknown): IdentityErrorMessage {
  const code =
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
      ? error.code
      : undefined;
  return (code !== undefined && IDENTITY_ERRORS[code]) || GENERIC_IDENTITY_ERROR;
}
