import { describe, expect, it } from "vitest";
import { identity, identityStore } from "./fixtures.ts";
import { DEFAULT_PASSWORD_POLICY } from "./store.ts";

// The embedded provider as the SDK reaches it (the unit setup's MSW server). The password
// policy is the one call the Auth emulator does not implement (501), so these fixtures
// alone answer it; the other calls are proven against the emulator in tests/identity.
const KEY = "?key=demo-api-key";

function post(url: string, body: unknown) {
  return fetch(url + KEY, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("the identity fixtures", () => {
  it("answer the password policy the SDK's validatePassword reads", async () => {
    const response = await fetch(`https://identitytoolkit.googleapis.com/v2/passwordPolicy${KEY}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it("enforce the policy on sign-up, as production does", async () => {
    const response = await post("https://identitytoolkit.googleapis.com/v1/accounts:signUp", {
      email: "new@example.com",
      password: "alllowercase",
      returnSecureToken: true,
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^PASSWORD_DOES_NOT_MEET_REQUIREMENTS : /);
    expect(error.message).toContain("upper case");
    expect(identityStore.users().map((user) => user.email)).not.toContain("new@example.com");
  });

  it("refresh a token only for a refresh token they issued", async () => {
    const signedIn = (await (
      await post("https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword", {
        email: "ada@example.com",
        password: "Analytical1",
        returnSecureToken: true,
      })
    ).json()) as { refreshToken: string };
    const refresh = (token: string) =>
      fetch(`https://securetoken.googleapis.com/v1/token${KEY}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token }),
      });
    expect((await refresh(signedIn.refreshToken)).status).toBe(200);
    const refused = await refresh("made-up");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("INVALID_REFRESH_TOKEN");
  });

  it("fail as a network failure in the offline scenario", async () => {
    identity.session.setScenario("offline");
    await expect(fetch(`https://identitytoolkit.googleapis.com/v2/passwordPolicy${KEY}`)).rejects.toThrow();
  });

  it("report an answer that breaks the identity contract", async () => {
    const before = identity.session.takeViolations();
    expect(before).toEqual([]);
    // A typed override whose body the contract refuses (schemaVersion must be 1).
    const { server } = await import("#mocks/node.ts");
    server.use(identity.respond("getPasswordPolicy", 200, { ...DEFAULT_PASSWORD_POLICY, schemaVersion: 2 as 1 }));
    await fetch(`https://identitytoolkit.googleapis.com/v2/passwordPolicy${KEY}`);
    await identity.settled();
    const violations = identity.session.takeViolations();
    expect(violations.map((violation) => [violation.operationId, violation.pointer])).toEqual([
      ["getPasswordPolicy", "/schemaVersion"],
    ]);
  });
});
