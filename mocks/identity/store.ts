import { DEMO_PROJECT_ID } from "@/lib/firebase/config.ts";
import type { components } from "./generated/schema.d.ts";
import { jwtClaims, unsignedJwt } from "./jwt.ts";

type AccountInfo = components["schemas"]["AccountInfo"];
type PasswordPolicy = components["schemas"]["PasswordPolicy"];

/** One account of the embedded identity provider. */
export interface StoredUser {
  localId: string;
  email: string;
  password: string;
  emailVerified: boolean;
  disabled: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  lastLoginAt: number;
}

/** A user a story or test starts with. */
export interface SeedUser {
  email: string;
  password: string;
  localId?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  createdAt?: number;
  lastLoginAt?: number;
}

/** The provider's error codes (`error.message`), as the real service and the emulator send them. */
export type ProviderErrorCode =
  | "EMAIL_EXISTS"
  | "INVALID_EMAIL"
  | "MISSING_EMAIL"
  | "MISSING_PASSWORD"
  | "WEAK_PASSWORD : Password should be at least 6 characters"
  | `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [${string}]`
  | "INVALID_LOGIN_CREDENTIALS"
  | "USER_DISABLED"
  | "INVALID_ID_TOKEN"
  | "USER_NOT_FOUND"
  | "INVALID_REFRESH_TOKEN"
  | "TOKEN_EXPIRED"
  | "TOO_MANY_ATTEMPTS_TRY_LATER"
  | "QUOTA_EXCEEDED"
  | "INTERNAL_ERROR"
  // A code the app has never seen (a new one from the provider): shown as the generic message.
  | "SOMETHING_NEW";

/** A refusal of the provider, answered as its `400 { error: { message: code } }`. */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  constructor(code: ProviderErrorCode) {
    super(code);
    this.code = code;
  }
}

/**
 * The policy the embedded provider enforces and `validatePassword` reads: what a
 * project typically turns on in the console.
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  customStrengthOptions: {
    minPasswordLength: 8,
    maxPasswordLength: 4096,
    containsLowercaseCharacter: true,
    containsUppercaseCharacter: true,
    containsNumericCharacter: true,
    containsNonAlphanumericCharacter: false,
  },
  allowedNonAlphanumericCharacters: [..."^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+-"],
  enforcementState: "ENFORCE",
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
};

const STORAGE_KEY = "identity-fixtures";

/** How long an ID token lives, in seconds (the provider's hour). */
export const TOKEN_LIFETIME_S = 3600;

// The same loose check the provider applies: something@something.something.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SessionTokens {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
  email: string;
}

/**
 * The in-memory user store behind the identity fixtures: sign up, sign in, lookup and
 * refresh, with the provider's errors. Written to agree with the Auth emulator (the
 * agreement tests in tests/identity prove it); the emulator does not enforce a password
 * policy, the production service does, so the store enforces it only after the
 * emulator's own 6-character minimum.
 *
 * @example
 * const store = createIdentityStore([{ email: "ada@example.com", password: "Analytical1" }]);
 * store.signIn("ada@example.com", "Analytical1").idToken;
 */
export function createIdentityStore(seed: readonly SeedUser[] = [], options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  /** The clock of account times (created, last sign-in); tokens always follow `now`. */
  let accountClock: () => number = now;
  const users = new Map<string, StoredUser>();
  /** refresh token → localId */
  const refreshTokens = new Map<string, string>();
  let policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY;
  let counter = 0;
  let storage: Pick<Storage, "getItem" | "setItem"> | undefined;

  function save(): void {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ users: [...users.values()], refreshTokens: [...refreshTokens] }));
  }

  function newId(prefix: string): string {
    counter += 1;
    const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(36).padStart(2, "0")).join(
      "",
    );
    return `${prefix}${counter}${random}`.slice(0, 28);
  }

  function byEmail(email: string): StoredUser | undefined {
    const wanted = email.toLowerCase();
    return [...users.values()].find((user) => user.email === wanted);
  }

  function add(user: SeedUser): StoredUser {
    const time = accountClock();
    const stored: StoredUser = {
      localId: user.localId ?? newId("u"),
      email: user.email.toLowerCase(),
      password: user.password,
      emailVerified: user.emailVerified ?? false,
      disabled: user.disabled ?? false,
      createdAt: user.createdAt ?? time,
      lastLoginAt: user.lastLoginAt ?? user.createdAt ?? time,
    };
    users.set(stored.localId, stored);
    return stored;
  }

  function idTokenFor(user: StoredUser): string {
    const iat = Math.floor(now() / 1000);
    return unsignedJwt({
      email: user.email,
      email_verified: user.emailVerified,
      auth_time: Math.floor(user.lastLoginAt / 1000),
      user_id: user.localId,
      firebase: { identities: { email: [user.email] }, sign_in_provider: "password" },
      iat,
      exp: iat + TOKEN_LIFETIME_S,
      aud: DEMO_PROJECT_ID,
      iss: `https://securetoken.google.com/${DEMO_PROJECT_ID}`,
      sub: user.localId,
    });
  }

  /** The provider's answer for a signed-in user: a fresh ID token, with a new refresh token unless one is kept. */
  function session(user: StoredUser, refreshToken?: string): SessionTokens {
    const token = refreshToken ?? newId("r") + newId("t");
    refreshTokens.set(token, user.localId);
    return {
      idToken: idTokenFor(user),
      refreshToken: token,
      expiresIn: String(TOKEN_LIFETIME_S),
      localId: user.localId,
      email: user.email,
    };
  }

  function unmetRules(password: string): string[] {
    if (policy.enforcementState !== "ENFORCE") return [];
    const options = policy.customStrengthOptions;
    const allowed = policy.allowedNonAlphanumericCharacters ?? [];
    const unmet: string[] = [];
    if (options.minPasswordLength !== undefined && password.length < options.minPasswordLength)
      unmet.push(`Password must contain at least ${options.minPasswordLength} characters`);
    if (options.maxPasswordLength !== undefined && password.length > options.maxPasswordLength)
      unmet.push(`Password may contain at most ${options.maxPasswordLength} characters`);
    if (options.containsLowercaseCharacter && !/[a-z]/.test(password))
      unmet.push("Password must contain a lower case character");
    if (options.containsUppercaseCharacter && !/[A-Z]/.test(password))
      unmet.push("Password must contain an upper case character");
    if (options.containsNumericCharacter && !/[0-9]/.test(password))
      unmet.push("Password must contain a numeric character");
    if (options.containsNonAlphanumericCharacter && ![...password].some((char) => allowed.includes(char)))
      unmet.push("Password must contain a non-alphanumeric character");
    return unmet;
  }

  function checkCredentials(
    email: string | undefined,
    password: string | undefined,
  ): { email: string; password: string } {
    if (!email) throw new ProviderError("MISSING_EMAIL");
    if (!EMAIL.test(email)) throw new ProviderError("INVALID_EMAIL");
    if (!password) throw new ProviderError("MISSING_PASSWORD");
    return { email, password };
  }

  function reset(): void {
    accountClock = now;
    users.clear();
    refreshTokens.clear();
    policy = DEFAULT_PASSWORD_POLICY;
    seed.forEach(add);
  }
  reset();

  return {
    signUp(email: string | undefined, password: string | undefined): SessionTokens {
      const credentials = checkCredentials(email, password);
      if (credentials.password.length < 6)
        throw new ProviderError("WEAK_PASSWORD : Password should be at least 6 characters");
      const unmet = unmetRules(credentials.password);
      if (unmet.length > 0)
        throw new ProviderError(
          `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [${unmet.join(", ")}]`,
        );
      if (byEmail(credentials.email)) throw new ProviderError("EMAIL_EXISTS");
      const tokens = session(add(credentials));
      save();
      return tokens;
    },

    signIn(email: string | undefined, password: string | undefined): SessionTokens {
      const credentials = checkCredentials(email, password);
      const user = byEmail(credentials.email);
      // Improved e-mail privacy: an unknown e-mail and a wrong password fail alike.
      if (!user || user.password !== credentials.password) throw new ProviderError("INVALID_LOGIN_CREDENTIALS");
      if (user.disabled) throw new ProviderError("USER_DISABLED");
      user.lastLoginAt = accountClock();
      const tokens = session(user);
      save();
      return tokens;
    },

    lookup(idToken: string): AccountInfo {
      const claims = jwtClaims(idToken);
      const localId = typeof claims?.sub === "string" ? claims.sub : undefined;
      if (localId === undefined) throw new ProviderError("INVALID_ID_TOKEN");
      const user = users.get(localId);
      if (!user) throw new ProviderError("USER_NOT_FOUND");
      if (user.disabled) throw new ProviderError("USER_DISABLED");
      return {
        localId: user.localId,
        email: user.email,
        emailVerified: user.emailVerified,
        passwordHash: "UkVEQUNURUQ=",
        passwordUpdatedAt: user.createdAt,
        validSince: String(Math.floor(user.createdAt / 1000)),
        createdAt: String(user.createdAt),
        lastLoginAt: String(user.lastLoginAt),
        lastRefreshAt: new Date(user.lastLoginAt).toISOString(),
        providerUserInfo: [{ providerId: "password", federatedId: user.email, email: user.email, rawId: user.email }],
      };
    },

    refresh(refreshToken: string | undefined): SessionTokens {
      const localId = refreshToken === undefined ? undefined : refreshTokens.get(refreshToken);
      const user = localId === undefined ? undefined : users.get(localId);
      if (!user || refreshToken === undefined) throw new ProviderError("INVALID_REFRESH_TOKEN");
      if (user.disabled) throw new ProviderError("USER_DISABLED");
      return session(user, refreshToken);
    },

    passwordPolicy(): PasswordPolicy {
      return policy;
    },

    /** Replaces the policy (a story of a stricter project, say) until the next reset. */
    setPasswordPolicy(next: PasswordPolicy): void {
      policy = next;
    },

    /**
     * Fixes the time accounts are created and signed in at (until the next reset), so
     * that a story's screenshot of the account page is the same on every run. ID tokens
     * keep the real clock: the SDK refreshes a token it believes expired.
     */
    setAccountClock(clock: () => number): void {
      accountClock = clock;
    },

    /** Adds an account (a test's own, beside the seeded ones). */
    seed(user: SeedUser): void {
      add(user);
      save();
    },

    /** Disables an account: its sign-in, lookup and refresh fail with USER_DISABLED. */
    disable(email: string): void {
      const user = byEmail(email);
      if (user) user.disabled = true;
      save();
    },

    /**
     * Keeps the accounts in `target` from now on, starting from what it holds: `npm run dev`
     * passes `sessionStorage`, so that an account made before a reload still signs in after
     * it (the page's memory, where MSW's handlers run, does not survive the reload).
     */
    persistIn(target: Pick<Storage, "getItem" | "setItem">): void {
      storage = target;
      const saved = target.getItem(STORAGE_KEY);
      if (saved === null) return save();
      try {
        const state = JSON.parse(saved) as { users: StoredUser[]; refreshTokens: Array<[string, string]> };
        users.clear();
        for (const user of state.users) users.set(user.localId, user);
        refreshTokens.clear();
        for (const [token, localId] of state.refreshTokens) refreshTokens.set(token, localId);
      } catch {
        save(); // Unreadable (edited by hand): start again from the seeded users.
      }
    },

    /** Back to the seeded users and the default policy. */
    reset,

    /** The accounts, for a test's assertions. */
    users(): StoredUser[] {
      return [...users.values()];
    },
  };
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;
