/// <reference types="vite/client" />

/** Build-time configuration read by the page. */
interface ImportMetaEnv {
  /** Base address of the API when it is not the page's own origin. */
  readonly VITE_API_BASE?: string;
  /** Support address filled into the legal pages. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
