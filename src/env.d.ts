/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's base URL, absolute or a path on this origin. Default: this origin. */
  readonly VITE_API_BASE_URL?: string;
  /** `npm run dev` answers from the fixtures unless this is "0". Production builds never mock. */
  readonly VITE_API_MOCK?: string;
  /** With VITE_API_MOCK=0, `npm run dev` checks every exchange against the contract unless this is "0". */
  readonly VITE_API_DRIFT?: string;
  /** Firebase's public web config (`.env.example`); all four set means "configured". */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Turns analytics on (with consent) when the four above are set too. */
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string;
  /** `host:port` of a local Auth emulator (`npm run dev:emulator` sets it). */
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
  /** Set by @storybook/addon-vitest in a story run: "false" from the command line, "true" from Storybook's test widget. */
  readonly VITEST_STORYBOOK?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
