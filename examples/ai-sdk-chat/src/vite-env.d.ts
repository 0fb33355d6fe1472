/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Partner Assistant API's base URL (set in `.env`; never a secret). */
  readonly VITE_PARTNER_ASSISTANT_BASE_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
