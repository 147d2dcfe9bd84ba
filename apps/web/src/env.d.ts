/// <reference types="vite/client" />

/** Build-time APP_ID / APP_SECRET (vite.config.ts `define`); null when the env var was not set. */
declare const __COINLENS_APP_ID__: string | null;
declare const __COINLENS_APP_SECRET__: string | null;
