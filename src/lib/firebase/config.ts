/**
 * The Firebase web configuration the app runs with, read from the build's environment.
 *
 * Firebase's web config is public (it identifies a project; it grants nothing), so it is
 * configured through `VITE_FIREBASE_*` variables (see `.env.example`). Three modes:
 *
 * - **configured**: every required variable is set; the app talks to that project.
 * - **embedded**: `npm run dev`, Storybook and the tests with nothing configured; the
 *   SDK runs against a demo project whose calls the fixtures (MSW) answer, so sign-up and
 *   sign-in work with no server. `VITE_FIREBASE_AUTH_EMULATOR_HOST` points the same demo
 *   project at the local Auth emulator instead.
 * - **off**: a production build with nothing configured; callers must not load the SDK.
 *
 * Every `import.meta.env.VITE_*` is replaced by a literal at build time, but a call to
 * `firebaseSetup` is not evaluated by the bundler: code that imports the SDK first tests
 * the `import.meta.env` literals inline (see `loadFirebaseApp` in ./app.ts), so that a
 * production build without configuration contains no Firebase code at all
 * (tests/build.e2e.test.ts checks it).
 */
export interface FirebaseWebConfig {
  readonly apiKey: string;
  readonly authDomain: string;
  readonly projectId: string;
  readonly appId: string;
  /** Only for analytics; absent means analytics is not configured. */
  readonly measurementId?: string;
}

export type FirebaseSetup =
  | { readonly mode: "configured"; readonly config: FirebaseWebConfig }
  | { readonly mode: "embedded"; readonly config: FirebaseWebConfig; readonly authEmulatorHost?: string }
  | { readonly mode: "off" };

/** The demo project the embedded mode and the emulator use (`demo-` projects need no login). */
export const DEMO_PROJECT_ID = "demo-test";

const DEMO_CONFIG: FirebaseWebConfig = {
  apiKey: "demo-api-key",
  authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
  projectId: DEMO_PROJECT_ID,
  appId: "1:000000000000:web:0000000000000000000000",
};

/** The subset of `import.meta.env` this module reads; tests pass their own. */
export interface FirebaseEnv {
  readonly MODE: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
}

/**
 * Decides how the app reaches Firebase.
 *
 * @example
 * const setup = firebaseSetup(import.meta.env);
 * if (setup.mode !== "off") {
 *   const { initializeApp } = await import("firebase/app");
 *   initializeApp(setup.config);
 * }
 */
export function firebaseSetup(env: FirebaseEnv): FirebaseSetup {
  const apiKey = env.VITE_FIREBASE_API_KEY;
  const authDomain = env.VITE_FIREBASE_AUTH_DOMAIN;
  const projectId = env.VITE_FIREBASE_PROJECT_ID;
  const appId = env.VITE_FIREBASE_APP_ID;
  if (apiKey && authDomain && projectId && appId) {
    const measurementId = env.VITE_FIREBASE_MEASUREMENT_ID || undefined;
    return {
      mode: "configured",
      config: { apiKey, authDomain, projectId, appId, ...(measurementId && { measurementId }) },
    };
  }
  if (env.MODE === "production") return { mode: "off" };
  const authEmulatorHost = env.VITE_FIREBASE_AUTH_EMULATOR_HOST || undefined;
  return { mode: "embedded", config: DEMO_CONFIG, ...(authEmulatorHost && { authEmulatorHost }) };
}
