/** Numeric limits of spec §5 and §9 (and decision D23), shared by the server and the web forms. */

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const VERIFICATION_CODE_LENGTH = 6;
/** Not in the spec: chosen to fit a profile header on a phone. */
export const NICKNAME_MAX_LENGTH = 20;
/** Not in the spec. */
export const BIO_MAX_LENGTH = 200;
/** Watch-list cap for coins and for exchanges; exceeding it answers 3009. */
export const FOLLOW_LIMIT = 10;
export const SEARCH_HISTORY_LIMIT = 10;

/** Longest comment, in characters after trimming. */
export const COMMENT_MAX_LENGTH = 500;
