import type { PasswordValidationStatus, User } from "firebase/auth";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { setTokenSource } from "@contract-workbench/runtime";
import { loadIdentity, type IdentitySdk } from "./auth.ts";

/** What the account screen shows: the provider's account lookup. */
export interface Account {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** As the provider reports them (an HTTP date), or undefined when unknown. */
  createdAt: string | undefined;
  lastSignInAt: string | undefined;
}

/**
 * - `loading`: the SDK is loading or restoring a saved session;
 * - `signed-out` / `signed-in`;
 * - `expired`: the API refused a refreshed token, so the session was ended;
 * - `unavailable`: this build has no identity provider configured.
 */
export type SessionStatus = "loading" | "signed-out" | "signed-in" | "expired" | "unavailable";

export interface Session {
  status: SessionStatus;
  account: Account | null;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Looks the account up again (`accounts:lookup`), so the screen shows what the provider holds now. */
  reloadAccount: () => Promise<void>;
  /** Checks a password against the project's policy (fetched from the provider by the SDK). */
  validatePassword: (password: string) => Promise<PasswordValidationStatus>;
  // Seam: password reset (`sendPasswordResetEmail`), e-mail verification
  // (`sendEmailVerification`) and social sign-in (`signInWithPopup`) would be methods here,
  // each with its own screen and rows in ./errors.ts. The specification shows none of them.
}

const SessionContext = createContext<Session | null>(null);

function accountOf(user: User): Account {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.metadata.creationTime,
    lastSignInAt: user.metadata.lastSignInTime,
  };
}

async function requireIdentity(): Promise<IdentitySdk> {
  const identity = await loadIdentity();
  if (!identity)
    throw Object.assign(new Error("[identity] No identity provider is configured."), { code: "identity/off" });
  return identity;
}

/**
 * Holds the session for everything below it: follows the SDK's state
 * (`onIdTokenChanged`, which also reports sign-in and sign-out), hands the API client
 * its token source, and ends the session as `expired` when the API refuses a refreshed
 * token. The SDK keeps the session in local storage (it survives a reload); this code
 * never reads or writes tokens there.
 *
 * @example
 * <SessionProvider><App /></SessionProvider>
 */
/** What the session reports to the shell after a successful sign-in or sign-up (analytics listens). */
export type SessionEvent = "login" | "sign_up";

export function SessionProvider({
  children,
  onEvent,
}: {
  children: ReactNode;
  /** Called after a successful sign-in (`login`) or sign-up (`sign_up`), never with personal data. */
  onEvent?: (event: SessionEvent) => void;
}) {
  // The latest callback, without re-creating signIn/signUp when the shell re-renders.
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  const [status, setStatus] = useState<SessionStatus>("loading");
  const [account, setAccount] = useState<Account | null>(null);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void loadIdentity().then((identity) => {
      if (cancelled) return;
      if (!identity) {
        setStatus("unavailable");
        return;
      }
      const { auth } = identity;
      const stop = identity.onIdTokenChanged((user) => {
        setAccount(user ? accountOf(user) : null);
        setStatus((previous) => (user ? "signed-in" : previous === "expired" ? "expired" : "signed-out"));
      });
      const clear = setTokenSource({
        getToken: async (forceRefresh) => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null),
        onExpired: () => {
          setStatus("expired");
          void identity.signOut();
        },
      });
      unsubscribe = () => {
        stop();
        clear();
      };
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    await (await requireIdentity()).signIn(email, password);
    onEventRef.current?.("login");
  }, []);

  const signUp = useCallback(async (email: string, password: string) => {
    await (await requireIdentity()).signUp(email, password);
    onEventRef.current?.("sign_up");
  }, []);

  const signOut = useCallback(async () => {
    await (await requireIdentity()).signOut();
  }, []);

  const reloadAccount = useCallback(async () => {
    const { auth } = await requireIdentity();
    const user = auth.currentUser;
    if (!user) return;
    await user.reload();
    // Signed out (or in as someone else) while the lookup was on its way: its answer
    // must not bring the old account back.
    if (auth.currentUser === user) setAccount(accountOf(user));
  }, []);

  const validatePassword = useCallback(
    async (password: string) => (await requireIdentity()).validatePassword(password),
    [],
  );

  const session = useMemo<Session>(
    () => ({ status, account, signIn, signUp, signOut, reloadAccount, validatePassword }),
    [status, account, signIn, signUp, signOut, reloadAccount, validatePassword],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

/**
 * The session of the nearest {@link SessionProvider}.
 *
 * @example
 * const { status, account, signOut } = useSession();
 */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error("[identity] useSession() needs a <SessionProvider> above it.");
  return session;
}
