// Text other users see (nicknames, bios) is stored as text and escaped on output; these rules keep out what
// escaping cannot: invisible and direction-changing characters that spoof names, and control bytes.

/** Control characters (C0, DEL, C1), format characters (zero-width, bidi overrides, BOM) and lone surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
const INVISIBLE_EXCEPT_NEWLINE = /(?!\n)[\p{Cc}\p{Cf}\p{Cs}]/gu;

/** Letters and marks of any script, digits, emoji (with skin tones), spaces and `_ - . ' ·`. */
export const NICKNAME_CHARACTERS = /^[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier} _.'·-]+$/u;

/** NFC, without invisible characters, every run of whitespace one space, trimmed. */
export function normaliseNickname(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** NFC, Windows line ends as `\n`, without invisible characters other than `\n`, trimmed. */
export function normaliseBio(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(INVISIBLE_EXCEPT_NEWLINE, '').trim();
}
