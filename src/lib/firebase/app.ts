import type { FirebaseApp } from "firebase/app";
import { firebaseSetup, type FirebaseSetup } from "./config";

let loading: Promise<FirebaseApp | null> | undefined;

/**
 * The one Firebase app, initialized on first use from the build's setup (identity and
 * analytics share it). The SDK is imported lazily, so it loads in a chunk of its own
 * after first paint; in `off` mode (a production build with no configuration) this
 * resolves to null and, `mode` being a build-time constant, the import is dropped.
 *
 * @example
 * const app = await loadFirebaseApp();
 * if (app) console.log(app.options.projectId);
 */
export async function loadFirebaseApp(
  setup: FirebaseSetup = firebaseSetup(import.meta.env),
): Promise<FirebaseApp | null> {
  if (setup.mode === "off") return null;
  loading ??= import("firebase/app").then(({ getApps, initializeApp }) => getApps()[0] ?? initializeApp(setup.config));
  return loading;
}
