/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of every API call; relative (`/api`) by default so the dev proxy and production agree. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
