import type { Auth, PasswordValidationStatus, User } from "firebase/auth";
import { loadFirebaseApp } from "@/lib/firebase/app.ts";
import { firebaseSetup, type FirebaseSetup } from "@/lib/firebase/config.ts";

/** The few SDK calls the identity feature makes, bound to the one Auth instance. */
export interface IdentitySdk {
  auth: Auth;
  /** Follows sign-in, sign-out and token refreshes; returns the unsubscribe. */
  onIdTokenChanged: (listener: (user: User | null) => void) => () => void;
  signIn: (email: string, password: string) => Promise<User>;
  signUp: (email: string, password: string) => Promise<User>;
  signOut: () => Promise<void>;
  validatePassword: (password: string) => Promise<PasswordValidationStatus>;
}

let loading: Promise<IdentitySdk | null> | undefined;

/**
 * The identity provider's SDK, loaded once and lazily (it arrives in a chunk of its own,
 * after first paint), with one Auth instance. `initializeAuth` with explicit persistence
 * rather than `getAuth`: only local-storage persistence is bundled, and the SDK (never
 * our code) keeps the session there, so that it survives a reload. Null in an
 * unconfigured production build, where none of this code or the SDK is included.
 *
 * @example
 * const identity = await loadIdentity();
 * await identity?.signIn("ada@example.com", "Analytical1");
 */
export async function loadIdentity(given?: FirebaseSetup): Promise<IdentitySdk | null> {
  // Written out here, not imported: the bundler decides which chunks exist before it
  // inlines another module's constant, so only this literal test drops the SDK's chunks.
  if (
    import.meta.env.MODE === "production" &&
    !(
      import.meta.env.VITE_FIREBASE_API_KEY &&
      import.meta.env.VITE_FIREBASE_AUTH_DOMAIN &&
      import.meta.env.VITE_FIREBASE_PROJECT_ID &&
      import.meta.env.VITE_FIREBASE_APP_ID
    )
  )
    return null;
  const setup = given ?? firebaseSetup(import.meta.env);
  if (setup.mode === "off") return null;
  loading ??= (async () => {
    const app = await loadFirebaseApp(setup);
    if (!app) return null;
    // Named imports only, so that the bundler keeps just these of the SDK's exports.
    const {
      browserLocalPersistence,
      connectAuthEmulator,
      createUserWithEmailAndPassword,
      initializeAuth,
      onIdTokenChanged,
      signInWithEmailAndPassword,
      signOut,
      validatePassword,
    } = await import("firebase/auth");
    const auth = initializeAuth(app, { persistence: browserLocalPersistence });
    if (setup.mode === "embedded" && setup.authEmulatorHost !== undefined) {
      connectAuthEmulator(auth, `http://${setup.authEmulatorHost}`, { disableWarnings: true });
    }
    return {
      auth,
      onIdTokenChanged: (listener) => onIdTokenChanged(auth, listener),
      signIn: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
      signUp: async (email, password) => (await createUserWithEmailAndPassword(auth, email, password)).user,
      signOut: () => signOut(auth),
      validatePassword: (password) => validatePassword(auth, password),
    };
  })();
  return loading;
}
