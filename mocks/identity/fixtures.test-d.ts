// Type tests: the identity fixtures are typed by their own contract
// (identity-toolkit.openapi.yaml). Each `@ts-expect-error` fails this test if the line
// below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import type { Session } from "@/features/identity/session.tsx";
import { identity } from "./fixtures.ts";
import { providerError } from "./handlers.ts";
import type { components } from "./generated/schema.d.ts";

describe("the identity fixtures", () => {
  it("type a provider error override by operation and status", () => {
    identity.respond("signInWithPassword", 400, providerError("USER_DISABLED"));
    identity.respond("signUp", 400, providerError("EMAIL_EXISTS"));
    expectTypeOf(providerError("QUOTA_EXCEEDED")).toEqualTypeOf<components["schemas"]["ErrorResponse"]>();
  });

  it("reject an operation, status or body the contract does not declare", () => {
    // @ts-expect-error -- password reset is not part of the app
    identity.respond("sendOobCode", 200);
    // @ts-expect-error -- the calls declare 200 and 400 only
    identity.respond("signUp", 500);
    // @ts-expect-error -- an error body needs `error.code` and `error.message`
    identity.respond("signUp", 400, { error: { message: "EMAIL_EXISTS" } });
    // @ts-expect-error -- not a code the provider sends
    providerError("EMAIL_TAKEN");
  });

  it("hand the screens functions, not methods to rebind", () => {
    expectTypeOf<Session["signIn"]>().toEqualTypeOf<(email: string, password: string) => Promise<void>>();
  });
});
