/** Prices equal the catalogue's anchorPriceUsd at this instant. */
export const ANCHOR_TIME = Date.UTC(2026, 10, 1);
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** The UTC day index of ANCHOR_TIME. */
export const ANCHOR_DAY = Math.floor(ANCHOR_TIME / DAY_MS);
