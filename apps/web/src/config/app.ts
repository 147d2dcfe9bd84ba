import { DEV_APP_ID, DEV_APP_SECRET } from '@coinlens/contract';

/** The release this bundle is (SPEC-DECISIONS 12: version 1.0.8, code 108). */
export const APP_VERSION = '1.0.8';
export const APP_VERSION_CODE = 108;

/** The signing pair, from the build-time env APP_ID / APP_SECRET, else the contract's development pair. */
export const APP_ID: string = __COINLENS_APP_ID__ ?? DEV_APP_ID;
export const APP_SECRET: string = __COINLENS_APP_SECRET__ ?? DEV_APP_SECRET;

/** Default toast duration (spec §9). */
export const TOAST_DURATION_MS = 1500;
/** Delay before redirecting to login after a session-expired answer (spec §9). */
export const SESSION_REDIRECT_DELAY_MS = 1000;
/** Lazy page bodies: indicator delay and give-up time (spec §2, §9). */
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
