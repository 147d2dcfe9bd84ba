/**
 * Watching an official web page that has no feed (a project's announcements page): conditional GET, then a
 * hash of the page's visible text. Scripts, styles, markup and attributes do not count, so a rotating CSP
 * nonce, a build hash in a script URL or a timestamp inside a script does not look like a change.
 */
import { createHash } from 'node:crypto';

import type { FeedFetchOptions } from './feed-fetcher.js';
import { fetchFeed } from './feed-fetcher.js';
import { htmlToText } from './html-sanitiser.js';
import { decodeBody } from './text-decoding.js';

/** What is kept between two checks of a page. */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
  /** sha256 hex of the normalised visible text, from the previous check. */
  contentHash: string | null;
}

/** The outcome of a check; `title` is null when the server answered 304 or the page has none. */
export interface PageCheck extends PageValidators {
  changed: boolean;
  title: string | null;
}

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5';
const MAX_TITLE_LENGTH = 300;
/** Characters of a title's source decoded: room for entities and collapsed whitespace around 300 shown. */
const MAX_RAW_TITLE_LENGTH = 16 * MAX_TITLE_LENGTH;
const TITLE_OPEN = /<title\b/i;
const TITLE_CLOSE = /<\/title\s*>/gi;

/** Checks `url` against `previous`: `changed` only when a previous hash exists and the visible text differs. */
export async function checkPageForChange(
  url: string,
  previous: PageValidators,
  signal: AbortSignal,
  options: FeedFetchOptions = {},
): Promise<PageCheck> {
  const fetched = await fetchFeed(url, { etag: previous.etag, lastModified: previous.lastModified }, signal, {
    accept: PAGE_ACCEPT,
    ...options,
  });
  if (fetched.kind === 'not_modified') return { ...previous, changed: false, title: null };

  const html = decodeBody(fetched.body, fetched.contentType, htmlDeclaredCharset);
  const contentHash = visibleTextHash(html);
  return {
    changed: previous.contentHash !== null && previous.contentHash !== contentHash,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
    contentHash,
    title: pageTitle(html),
  };
}

/** sha256 hex of the page's visible text, NFC-normalised with whitespace collapsed. */
export function visibleTextHash(html: string): string {
  return createHash('sha256').update(htmlToText(html).normalize('NFC')).digest('hex');
}

/** The text of the first `<title>`, or null. */
export function pageTitle(html: string): string | null {
  // Three forward scans, each over the page at most once: the first "<title", the ">" ending that tag, then
  // the first "</title>" after it. A regular expression that retries from every unclosed "<title" (up to its
  // attribute limit) or lazily from each one to the page's end costs seconds on a hostile page of them.
  const open = html.search(TITLE_OPEN);
  if (open === -1) return null;
  const tagEnd = html.indexOf('>', open + '<title'.length);
  if (tagEnd === -1) return null;
  TITLE_CLOSE.lastIndex = tagEnd + 1;
  const close = TITLE_CLOSE.exec(html);
  if (close === null) return null;
  // Only the start of a long title is shown: decoding the rest would only be thrown away.
  const raw = html.slice(tagEnd + 1, Math.min(close.index, tagEnd + 1 + MAX_RAW_TITLE_LENGTH));
  // <title> holds text only: a "<" in it is a character, not a tag.
  const title = htmlToText(raw.replace(/</g, '&lt;'), MAX_TITLE_LENGTH);
  return title === '' ? null : title;
}

/** `<meta charset>` or the charset of `<meta http-equiv="Content-Type" content="…">`. */
function htmlDeclaredCharset(head: string): string | null {
  const match = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head);
  return match?.[1] ?? null;
}
