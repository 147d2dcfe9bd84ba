/**
 * Numeric limits of decision D23 and of the business constants (docs/decisions.md), shared by the server and
 * the web forms.
 */

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const VERIFICATION_CODE_LENGTH = 6;
/** Our own figure: chosen to fit a profile header on a phone. */
export const NICKNAME_MAX_LENGTH = 20;
/** Our own figure. */
export const BIO_MAX_LENGTH = 200;
/** Watch-list cap for coins and for exchanges; exceeding it answers 3009. */
export const FOLLOW_LIMIT = 10;
/** Search history: newest first, no duplicates, at most this many entries. */
export const SEARCH_HISTORY_LIMIT = 10;

/** Longest comment, in characters after trimming. */
export const COMMENT_MAX_LENGTH = 500;

// Alerts (appalert_msrv)
/** Alerts one user may keep; the next one answers 3009. */
export const ALERT_LIMIT = 50;
export const ALERT_COOLDOWN_MIN_MINUTES = 5;
/** One week. */
export const ALERT_COOLDOWN_MAX_MINUTES = 10_080;
/** What a repeating alert gets when the draft names no cooldown. */
export const ALERT_DEFAULT_COOLDOWN_MINUTES = 60;
/** Highest price level, in any display currency (a VND price of BTC is ~1e9). */
export const ALERT_PRICE_MAX = 1e15;
/** Largest move a change alert may wait for, in percent. */
export const ALERT_CHANGE_MAX_PERCENT = 1_000;

// Portfolio (appportfolio_msrv)
/** Transactions one user may keep; more answers 3009 (an import counts every row it would add). */
export const PORTFOLIO_TRANSACTION_LIMIT = 2_000;
/** Rows of one CSV import (the header not counted): a whole export of the largest portfolio fits. */
export const PORTFOLIO_IMPORT_MAX_ROWS = 2_000;
/** Characters of one CSV import; under the gateway's 1 MiB body limit for plain-text files. */
export const PORTFOLIO_IMPORT_MAX_CHARS = 500_000;
export const PORTFOLIO_NOTE_MAX_LENGTH = 200;
/** Digits of an amount, price or fee before the point (a VND price of BTC has 10) … */
export const PORTFOLIO_DECIMAL_INTEGER_DIGITS = 20;
/** … and after it (an ERC-20 token has 18 decimals). */
export const PORTFOLIO_DECIMAL_FRACTION_DIGITS = 18;
