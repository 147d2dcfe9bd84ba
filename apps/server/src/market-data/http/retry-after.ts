/** Used when a source's rate-limit answer carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); a date in the past means "now" (0).
 * Null when the header is missing or unparseable, so each source picks its own fallback.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | null {
  if (header === null || header === undefined) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1_000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}
