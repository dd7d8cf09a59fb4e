import type { Auth } from "firebase/auth";
import { loadFirebaseApp } from "@/lib/firebase/app";
import { firebaseSetup, type FirebaseSetup } from "@/lib/firebase/config";

let loading: Promise<Auth | null> | undefined;

/**
 * The Firebase Auth instance, created once and lazily (the SDK arrives in its own chunk).
 * `initializeAuth` with explicit persistence instead of `getAuth`: only the local-storage
 * persistence is bundled, and the SDK (never our code) keeps the session there so that it
 * survives a reload. Null in `off` mode (a production build with no configuration).
 *
 * @example
 * const auth = await loadAuth();
 * auth?.currentUser?.email;
 */
export async function loadAuth(setup: FirebaseSetup = firebaseSetup(import.meta.env)): Promise<Auth | null> {
  if (setup.mode === "off") return null;
  loading ??= (async () => {
    const app = await loadFirebaseApp(setup);
    if (!app) return null;
    const { browserLocalPersistence, connectAuthEmulator, initializeAuth } = await import("firebase/auth");
    const auth = initializeAuth(app, { persistence: browserLocalPersistence });
    if (setup.mode === "embedded" && setup.authEmulatorHost !== undefined) {
      connectAuthEmulator(auth, `http://${setup.authEmulatorHost}`, { disableWarnings: true });
    }
    return auth;
  })();
  return loading;
}
