import type { FirebaseApp } from "firebase/app";
import { firebaseSetup, type FirebaseSetup } from "./config.ts";

let loading: Promise<FirebaseApp | null> | undefined;

/**
 * The one Firebase app, initialized on first use from the build's setup (identity and
 * analytics share it). The SDK is imported lazily, so it loads in a chunk of its own
 * after first paint; in `off` mode (a production build with no configuration) this
 * resolves to null and, its test being on build-time literals, the import and the SDK
 * are not in the build at all.
 *
 * @example
 * const app = await loadFirebaseApp();
 * if (app) console.log(app.options.projectId);
 */
export async function loadFirebaseApp(given?: FirebaseSetup): Promise<FirebaseApp | null> {
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
  loading ??= import("firebase/app").then(({ getApps, initializeApp }) => getApps()[0] ?? initializeApp(setup.config));
  return loading;
}
