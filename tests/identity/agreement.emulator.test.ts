// The same sign-up / sign-in / lookup / refresh / error cases, through the real Firebase
// SDK, against the Auth emulator (the real provider, locally) and against the embedded
// fixtures (mocks/identity): where the two disagree, one of them fails here, so the
// fixtures cannot drift from the provider. Every exchange of both is also checked
// against the identity endpoints' contract (identity-toolkit.openapi.yaml).
// The password policy is not here: the emulator does not implement it (501); the
// fixtures alone answer it (mocks/identity/handlers.dom.test.ts).
import type { Auth } from "firebase/auth";
import type * as FirebaseAuth from "firebase/auth";
import { bypass, http, type HttpHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { formatViolation } from "@contract-workbench/workbench/fixtures";
import { identity } from "#mocks/identity/fixtures.ts";
import { storeHandlers } from "#mocks/identity/handlers.ts";
import { createIdentityStore } from "#mocks/identity/store.ts";
import { clearAuthEmulator, seedAuthEmulator, waitForAuthEmulator } from "../harness/auth-emulator.ts";

interface Target {
  name: string;
  /** The SDK's app options (the demo project) and, for the emulator, where it runs. */
  emulatorHost?: string;
  reset: () => Promise<void>;
  seed: (user: { email: string; password: string; disabled?: boolean }) => Promise<void>;
}

const store = createIdentityStore();
const emulatorHost = inject("authEmulatorHost");

const targets: Target[] = [
  {
    name: "fixtures",
    reset: () => Promise.resolve(store.reset()),
    seed: (user) => Promise.resolve(store.seed(user)),
  },
  {
    name: "emulator",
    emulatorHost,
    reset: () => clearAuthEmulator(emulatorHost),
    seed: (user) => seedAuthEmulator(emulatorHost, user),
  },
];

// The emulator's answers go through MSW too (forwarded, not invented), so that the
// contract check sees the real provider's exchanges as well as the fixtures'.
const forwardToEmulator: HttpHandler = http.all(
  ({ request }) => new URL(request.url).host === emulatorHost,
  ({ request }) => fetch(bypass(request)),
);
const server = setupServer(...storeHandlers(store, identity.session), forwardToEmulator);

beforeAll(async () => {
  // Before MSW listens: its polling is not an exchange to check.
  await waitForAuthEmulator(emulatorHost);
  server.listen({ onUnhandledFrame: "error" });
  identity.observe(server.events);
});
afterEach(async () => {
  await identity.settled();
  const violations = identity.session.takeViolations();
  if (violations.length > 0) throw new Error(violations.map(formatViolation).join("\n"));
});
afterAll(() => server.close());

const PASSWORD = "Sturdy-pass1";
const ID_TOKEN_CLAIMS = [
  "aud",
  "auth_time",
  "email",
  "email_verified",
  "exp",
  "firebase",
  "iat",
  "iss",
  "sub",
  "user_id",
];

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, "the call should have failed").toBeDefined();
  return (error as { code: string }).code;
}

describe.each(targets)("the identity provider: $name", (target) => {
  let auth: Auth;
  let sdk: typeof FirebaseAuth;

  beforeAll(async () => {
    // Imported after MSW patched fetch: the SDK keeps the fetch it finds at load.
    const { initializeApp } = await import("firebase/app");
    sdk = await import("firebase/auth");
    const app = initializeApp(
      { apiKey: "demo-api-key", authDomain: "demo-test.firebaseapp.com", projectId: "demo-test", appId: "1:0:web:0" },
      `agreement-${target.name}`,
    );
    auth = sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence });
    if (target.emulatorHost) sdk.connectAuthEmulator(auth, `http://${target.emulatorHost}`, { disableWarnings: true });
  });
  beforeEach(async () => {
    await sdk.signOut(auth);
    await target.reset();
  });

  it("signs up a new account, signed in, unverified, with a password identity", async () => {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, "New.Person@Example.com", PASSWORD);
    expect(user.email).toBe("new.person@example.com");
    expect(user.emailVerified).toBe(false);
    expect(user.isAnonymous).toBe(false);
    expect(user.providerData.map((info) => [info.providerId, info.email])).toEqual([
      ["password", "new.person@example.com"],
    ]);
    expect(Date.parse(user.metadata.creationTime ?? "")).not.toBeNaN();
    const token = await user.getIdTokenResult();
    expect(Object.keys(token.claims).sort()).toEqual(ID_TOKEN_CLAIMS);
    expect(token.signInProvider).toBe("password");
    expect(token.claims.sub).toBe(user.uid);
    expect(token.claims.aud).toBe("demo-test");
    expect(Date.parse(token.expirationTime) - Date.parse(token.issuedAtTime)).toBe(3600_000);
  });

  it("refuses a second account with the same e-mail", async () => {
    await target.seed({ email: "taken@example.com", password: PASSWORD });
    expect(await codeOf(sdk.createUserWithEmailAndPassword(auth, "taken@example.com", PASSWORD))).toBe(
      "auth/email-already-in-use",
    );
  });

  it("refuses a password under 6 characters, a malformed e-mail and an empty password", async () => {
    expect(await codeOf(sdk.createUserWithEmailAndPassword(auth, "short@example.com", "Ab1"))).toBe(
      "auth/weak-password",
    );
    expect(await codeOf(sdk.createUserWithEmailAndPassword(auth, "not-an-email", PASSWORD))).toBe("auth/invalid-email");
    expect(await codeOf(sdk.createUserWithEmailAndPassword(auth, "empty@example.com", ""))).toBe(
      "auth/missing-password",
    );
  });

  it("signs in with the right password, as the same account", async () => {
    const { user: created } = await sdk.createUserWithEmailAndPassword(auth, "again@example.com", PASSWORD);
    await sdk.signOut(auth);
    const { user } = await sdk.signInWithEmailAndPassword(auth, "again@example.com", PASSWORD);
    expect(user.uid).toBe(created.uid);
    expect(Date.parse(user.metadata.lastSignInTime ?? "")).not.toBeNaN();
  });

  it("refuses a wrong password and an unknown e-mail alike (e-mail enumeration protection)", async () => {
    await target.seed({ email: "known@example.com", password: PASSWORD });
    expect(await codeOf(sdk.signInWithEmailAndPassword(auth, "known@example.com", "Wrong-pass1"))).toBe(
      "auth/invalid-credential",
    );
    expect(await codeOf(sdk.signInWithEmailAndPassword(auth, "nobody@example.com", PASSWORD))).toBe(
      "auth/invalid-credential",
    );
    expect(await codeOf(sdk.signInWithEmailAndPassword(auth, "bad email", PASSWORD))).toBe("auth/invalid-email");
  });

  it("refuses a disabled account", async () => {
    await target.seed({ email: "barred@example.com", password: PASSWORD, disabled: true });
    expect(await codeOf(sdk.signInWithEmailAndPassword(auth, "barred@example.com", PASSWORD))).toBe(
      "auth/user-disabled",
    );
  });

  it("looks the account up again (reload)", async () => {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, "lookup@example.com", PASSWORD);
    await user.reload();
    expect(user.email).toBe("lookup@example.com");
    expect(user.emailVerified).toBe(false);
    expect(user.metadata.creationTime).toBeDefined();
    expect(user.metadata.lastSignInTime).toBeDefined();
  });

  it("refreshes the ID token on demand, for the same account", async () => {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, "refresh@example.com", PASSWORD);
    const before = await user.getIdTokenResult();
    const refreshed = await user.getIdTokenResult(true);
    expect(refreshed.claims.sub).toBe(before.claims.sub);
    expect(Object.keys(refreshed.claims).sort()).toEqual(ID_TOKEN_CLAIMS);
    expect(auth.currentUser?.uid).toBe(user.uid);
  });

  it("ends the session when the account is gone (lookup of a deleted account)", async () => {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, "gone@example.com", PASSWORD);
    await target.reset();
    expect(await codeOf(user.reload())).toBe("auth/user-token-expired");
  });
});
