import { http, HttpResponse, passthrough, type HttpHandler } from "msw";
import type { FixturesSession } from "@contract-workbench/workbench/fixtures";
import { networkAnswer } from "@contract-workbench/workbench/fixtures";
import type { FirebaseSetup } from "@/lib/firebase/config.ts";
import type { components, operations } from "./generated/schema.d.ts";
import { ProviderError, type IdentityStore, type ProviderErrorCode, type SessionTokens } from "./store.ts";

type Json<
  Id extends keyof operations,
  Status extends keyof operations[Id]["responses"],
> = operations[Id]["responses"][Status] extends {
  content: { "application/json": infer Body };
}
  ? Body
  : never;
type PasswordRequest = components["schemas"]["PasswordRequest"];
type ErrorResponse = components["schemas"]["ErrorResponse"];

/** Where the SDK sends each call in production and against the fixtures. */
export const IDENTITY_TOOLKIT = "https://identitytoolkit.googleapis.com";
export const SECURE_TOKEN = "https://securetoken.googleapis.com";

/**
 * The provider's error body for a code, as the real service sends it; the SDK reads
 * `error.message` and maps it to an `auth/…` code.
 *
 * @example
 * HttpResponse.json(providerError("EMAIL_EXISTS"), { status: 400 });
 */
export function providerError(code: ProviderErrorCode): ErrorResponse {
  const reason = code.split(" : ")[0] ?? code;
  return { error: { code: 400, message: code, errors: [{ message: reason, domain: "global", reason: "invalid" }] } };
}

function failed(error: unknown): Response {
  if (error instanceof ProviderError) return HttpResponse.json(providerError(error.code), { status: 400 });
  throw error;
}

async function jsonBody<T>(request: Request): Promise<Partial<T>> {
  try {
    const body = (await request.json()) as Partial<T> | null;
    return typeof body === "object" && body !== null ? body : {};
  } catch {
    return {};
  }
}

/** `https://host/path` requests, matched exactly (MSW's path syntax would read `:signUp` as a parameter). */
function at(method: string, base: string, path: string) {
  return ({ request }: { request: Request }) => {
    if (request.method !== method) return false;
    const url = new URL(request.url);
    return url.origin === base && url.pathname === path;
  };
}

/** Where the handlers read the scenario in force (its network side, offline and slow, applies here too). */
type ScenarioSource = Pick<FixturesSession, "scenario">;

function signedIn(tokens: SessionTokens, registered: boolean): Json<"signInWithPassword", 200> {
  return {
    kind: registered ? "identitytoolkit#VerifyPasswordResponse" : "identitytoolkit#SignupNewUserResponse",
    ...tokens,
    ...(registered && { registered: true, displayName: "" }),
  };
}

/**
 * The stateful handlers of the embedded identity provider, over `store`, in `session`'s scenario.
 *
 * @example
 * const server = setupServer(...storeHandlers(createIdentityStore(SEEDED_USERS), identity.session));
 */
export function storeHandlers(store: IdentityStore, session: ScenarioSource): HttpHandler[] {
  return [
    http.post(at("POST", IDENTITY_TOOLKIT, "/v1/accounts:signUp"), async ({ request }) => {
      const early = await networkAnswer(session.scenario());
      if (early) return early;
      const body = await jsonBody<PasswordRequest>(request);
      try {
        return HttpResponse.json<Json<"signUp", 200>>(signedIn(store.signUp(body.email, body.password), false));
      } catch (error) {
        return failed(error);
      }
    }),
    http.post(at("POST", IDENTITY_TOOLKIT, "/v1/accounts:signInWithPassword"), async ({ request }) => {
      const early = await networkAnswer(session.scenario());
      if (early) return early;
      const body = await jsonBody<PasswordRequest>(request);
      try {
        return HttpResponse.json<Json<"signInWithPassword", 200>>(
          signedIn(store.signIn(body.email, body.password), true),
        );
      } catch (error) {
        return failed(error);
      }
    }),
    http.post(at("POST", IDENTITY_TOOLKIT, "/v1/accounts:lookup"), async ({ request }) => {
      const early = await networkAnswer(session.scenario());
      if (early) return early;
      const body = await jsonBody<{ idToken: string }>(request);
      try {
        return HttpResponse.json<Json<"lookupAccount", 200>>({
          kind: "identitytoolkit#GetAccountInfoResponse",
          users: [store.lookup(body.idToken ?? "")],
        });
      } catch (error) {
        return failed(error);
      }
    }),
    http.post(at("POST", SECURE_TOKEN, "/v1/token"), async ({ request }) => {
      const early = await networkAnswer(session.scenario());
      if (early) return early;
      const form = new URLSearchParams(await request.text());
      try {
        const tokens = store.refresh(form.get("refresh_token") ?? undefined);
        return HttpResponse.json<Json<"refreshToken", 200>>({
          access_token: tokens.idToken,
          expires_in: tokens.expiresIn,
          token_type: "Bearer",
          refresh_token: tokens.refreshToken,
          id_token: tokens.idToken,
          user_id: tokens.localId,
          project_id: "0",
        });
      } catch (error) {
        return failed(error);
      }
    }),
    policyHandler(store, session, IDENTITY_TOOLKIT, "/v2/passwordPolicy"),
  ];
}

function policyHandler(store: IdentityStore, session: ScenarioSource, origin: string, path: string): HttpHandler {
  return http.get(at("GET", origin, path), async () => {
    const early = await networkAnswer(session.scenario());
    return early ?? HttpResponse.json<Json<"getPasswordPolicy", 200>>(store.passwordPolicy());
  });
}

/**
 * The identity handlers for a Firebase setup:
 * - embedded: the store answers every call (no server at all);
 * - embedded with the Auth emulator: its requests pass through, except the password
 *   policy, which the emulator does not implement (it answers 501);
 * - configured: the real project's requests pass through (the unhandled-request
 *   policy would otherwise stop them).
 *
 * @example
 * setupWorker(...fixtures.handlers, ...identityHandlersFor(firebaseSetup(import.meta.env), identityStore, fixturesSession));
 */
export function identityHandlersFor(
  setup: FirebaseSetup,
  store: IdentityStore,
  session: ScenarioSource,
): HttpHandler[] {
  if (setup.mode === "off") return [];
  if (setup.mode === "configured") {
    const real = ({ request }: { request: Request }) =>
      [IDENTITY_TOOLKIT, SECURE_TOKEN].includes(new URL(request.url).origin);
    return [http.all(real, () => passthrough())];
  }
  if (setup.authEmulatorHost !== undefined) {
    const emulator = `http://${setup.authEmulatorHost}`;
    return [
      policyHandler(store, session, emulator, "/identitytoolkit.googleapis.com/v2/passwordPolicy"),
      http.all(
        ({ request }) => new URL(request.url).origin === emulator,
        () => passthrough(),
      ),
    ];
  }
  return storeHandlers(store, session);
}
