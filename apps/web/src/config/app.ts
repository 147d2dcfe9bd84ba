import { readRuntimeConfig } from './runtime-config';

/** The release this bundle is (decision D12: version 1.0.8, code 108). */
export const APP_VERSION = '1.0.8';
export const APP_VERSION_CODE = 108;

const runtime = readRuntimeConfig();
/** The signing pair the serving server handed over at run time (runtime-config.ts). */
export const APP_ID: string = runtime.appId;
export const APP_SECRET: string = runtime.appSecret;
/** Partner origins the web view frames besides our own (runtime-config.ts). */
export const FRAME_ORIGINS: readonly string[] = runtime.frameOrigins;

/** Default toast duration (business constants, docs/decisions.md). */
export const TOAST_DURATION_MS = 1500;
/** Delay before the login redirect after a session-expired answer (business constants, docs/decisions.md). */
export const SESSION_REDIRECT_DELAY_MS = 1000;
/** Lazy page bodies: indicator delay and give-up time (business constants, docs/decisions.md). */
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
