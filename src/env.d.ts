/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's base URL, absolute or a path on this origin. Default: this origin. */
  readonly VITE_API_BASE_URL?: string;
  /** `npm run dev` answers from the fixtures unless this is "0". Production builds never mock. */
  readonly VITE_API_MOCK?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
