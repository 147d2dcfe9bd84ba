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
  // One scan for the first opening tag and one for its end: a lazy match over the page would rescan the rest of
  // it from every unclosed <title> (seconds on a hostile page of repeated tags).
  const open = /<title\b[^>]{0,1000}>/i.exec(html);
  if (!open) return null;
  const rest = html.slice(open.index + open[0].length);
  const end = rest.search(/<\/title\s*>/i);
  if (end === -1) return null;
  // <title> holds text only: a "<" in it is a character, not a tag.
  const title = htmlToText(rest.slice(0, end).replace(/</g, '&lt;'), MAX_TITLE_LENGTH);
  return title === '' ? null : title;
}

/** `<meta charset>` or the charset of `<meta http-equiv="Content-Type" content="…">`. */
function htmlDeclaredCharset(head: string): string | null {
  const match = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head);
  return match?.[1] ?? null;
}
