/**
 * Telling whether two feed items are the same article: a stable key per item, a canonical form of article
 * URLs, and a fuzzy comparison of titles for the same story republished under a slightly different headline.
 */
import { createHash } from 'node:crypto';

import type { FeedItem } from './feed-parser.js';

/** Query parameters that only track the click: utm_*, plus these names (compared lower-case). */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  'ref',
  'ref_src',
]);

/** Lower-cased scheme/host, no fragment, no tracking parameters, sorted query, no trailing slash; null unless http(s). */
export function canonicalUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.hash = '';
  const kept = [...parsed.searchParams].filter(([name]) => {
    const lower = name.toLowerCase();
    return !lower.startsWith('utm_') && !TRACKING_PARAMS.has(lower);
  });
  kept.sort(([nameA, valueA], [nameB, valueB]) => compare(nameA, nameB) || compare(valueA, valueB));
  parsed.search = kept.length === 0 ? '' : new URLSearchParams(kept).toString();
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path === '' ? '/' : path;
  return parsed.href;
}

/** A title reduced to what identifies the story: NFKC, lower case, no punctuation, single spaces. */
export function titleFingerprint(title: string): string {
  return (
    title
      .normalize('NFKC')
      .toLowerCase()
      // Inside words, apostrophes and dots join ("Bitcoin's", "U.S."); other punctuation separates.
      .replace(/(?<=[\p{L}\p{N}])['’‘ʼ.](?=[\p{L}\p{N}])/gu, '')
      .replace(/[\p{P}\p{S}]+/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

/** Minimum Jaccard similarity of two titles' tokens for isNearDuplicateTitle. */
export const NEAR_DUPLICATE_SIMILARITY = 0.85;
const MIN_TOKENS = 4;

/**
 * Whether two titles name the same story: equal fingerprints, or a Jaccard similarity ≥ 0.85 of their word
 * sets (character bigrams for Chinese/Japanese/Korean/Thai) when both have at least 4 tokens.
 */
export function isNearDuplicateTitle(a: string, b: string): boolean {
  const fingerprintA = titleFingerprint(a);
  const fingerprintB = titleFingerprint(b);
  if (fingerprintA === '' || fingerprintB === '') return false;
  if (fingerprintA === fingerprintB) return true;
  const tokensA = titleTokens(fingerprintA);
  const tokensB = titleTokens(fingerprintB);
  if (tokensA.size < MIN_TOKENS || tokensB.size < MIN_TOKENS) return false;
  let shared = 0;
  for (const token of tokensA) if (tokensB.has(token)) shared++;
  return shared / (tokensA.size + tokensB.size - shared) >= NEAR_DUPLICATE_SIMILARITY;
}

const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

function titleTokens(fingerprint: string): Set<string> {
  if (!UNSPACED_SCRIPT.test(fingerprint)) return new Set(fingerprint.split(' '));
  const chars = Array.from(fingerprint.replace(/ /g, ''));
  const bigrams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) bigrams.add(`${chars[i]}${chars[i + 1]}`);
  return bigrams;
}

/**
 * A stable identity for `item` within our store: `guid:<feed host>:<guid>`, else `url:<canonical URL>`,
 * else `hash:<sha256 of feed URL and title>`.
 */
export function articleKey(item: FeedItem, feedUrl: string): string {
  const guid = item.guid?.trim() ?? '';
  if (guid !== '') return `guid:${feedHost(feedUrl)}:${guid}`;
  const url = item.url === null ? null : canonicalUrl(item.url);
  if (url !== null) return `url:${url}`;
  return `hash:${createHash('sha256').update(`${feedUrl}\n${item.title}`).digest('hex')}`;
}

function feedHost(feedUrl: string): string {
  try {
    return new URL(feedUrl).host.toLowerCase();
  } catch {
    return feedUrl.trim().toLowerCase();
  }
}

/** Code-unit order, the same on every machine (localeCompare is not). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
