/**
 * RSS 2.0 (and 0.9x), RSS 1.0/RDF and Atom 1.0 (and 0.3) → one item shape.
 *
 * `summaryHtml` and `contentHtml` are the feed's **untrusted** HTML: pass them through
 * `sanitiseArticleHtml` before rendering. Titles, authors and categories are plain text.
 * Where a format is ambiguous: RSS titles are treated as HTML (feeds escape markup in them), an item
 * without full content gets its summary as content, and a date without a time zone is taken as UTC.
 */
import { htmlToText, truncateAtWord } from './html-sanitiser.js';
import { decodeBody, xmlDeclaredEncoding } from './text-decoding.js';
import type { NsKey, XmlElement } from './xml-tree.js';
import {
  XmlSyntaxError,
  attribute,
  decodeXmlText,
  element,
  elements,
  escapeHtml,
  hasElementChildren,
  parseXmlDocument,
  serialiseAsHtml,
  textContent,
} from './xml-tree.js';

/** One article of a feed. */
export interface FeedItem {
  guid: string | null;
  url: string | null;
  title: string;
  summaryHtml: string;
  contentHtml: string;
  imageUrl: string | null;
  /** Epoch ms. */
  publishedAt: number | null;
  author: string | null;
  categories: string[];
}

/** A parsed feed: its title, its site link and up to MAX_FEED_ITEMS items in feed order. */
export interface ParsedFeed {
  title: string;
  link: string | null;
  items: FeedItem[];
}

/** The body is not an RSS/Atom feed (not XML, broken XML, an HTML page, empty). */
export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

/** Item elements beyond this many are ignored. */
export const MAX_FEED_ITEMS = 200;
/** Longer titles are cut at a word boundary with "…". */
export const MAX_TITLE_LENGTH = 300;
/** An item's content above this many UTF-8 bytes is replaced by its summary (or nothing). */
export const MAX_ITEM_CONTENT_BYTES = 512 * 1024;

const MAX_CATEGORIES = 30;
const MAX_CATEGORY_LENGTH = 100;
const MAX_AUTHOR_LENGTH = 200;
/** Raw title markup beyond this is not even looked at: the visible title is capped far below it. */
const MAX_RAW_TITLE_LENGTH = 16_384;

const PLAIN: readonly NsKey[] = ['none', 'rss1'];
const ATOM: readonly NsKey[] = ['atom'];
const ATOM_OR_PLAIN: readonly NsKey[] = ['atom', 'none'];
const DC: readonly NsKey[] = ['dc'];
const MEDIA: readonly NsKey[] = ['media'];
const CONTENT: readonly NsKey[] = ['content'];

/** Parses a feed body; the charset comes from a BOM, `contentType`, the XML declaration, else UTF-8. */
export function parseFeed(body: Buffer, contentType: string | null): ParsedFeed {
  const text = decodeBody(body, contentType, xmlDeclaredEncoding);
  const head = text.trimStart();
  if (head === '') throw new FeedParseError('empty document');
  if (!head.startsWith('<'))
    throw new FeedParseError(`not XML: starts with ${JSON.stringify(head.slice(0, 20))}`);
  if (/^<!doctype\s+html[\s>]|^<html[\s>]/i.test(head)) throw new FeedParseError('an HTML page, not a feed');

  let root: XmlElement;
  try {
    root = parseXmlDocument(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new FeedParseError(error.message, { cause: error });
    throw error;
  }

  if (root.local === 'rss') return parseRss(root);
  if (root.local === 'RDF' && (root.ns === 'rdf' || root.ns === 'other')) return parseRdf(root);
  if (root.local === 'feed' && (root.ns === 'atom' || root.ns === 'none')) return parseAtom(root);
  throw new FeedParseError(`not a feed: the root element is <${root.local}>`);
}

function parseRss(root: XmlElement): ParsedFeed {
  const channel = element(root, 'channel', PLAIN);
  if (channel === undefined) throw new FeedParseError('RSS without a <channel>');
  const link = httpUrl(optionalText(element(channel, 'link', PLAIN)), channel.base);
  const items = elements(channel, 'item', PLAIN).slice(0, MAX_FEED_ITEMS);
  return { title: channelTitle(channel), link, items: keepUseful(items.map((item) => rssItem(item, link))) };
}

function parseRdf(root: XmlElement): ParsedFeed {
  const channel = element(root, 'channel', PLAIN);
  const link = channel === undefined ? null : httpUrl(optionalText(element(channel, 'link', PLAIN)), null);
  // RSS 1.0 puts items beside the channel; some producers nest them inside it.
  const items = [...elements(root, 'item', PLAIN), ...(channel ? elements(channel, 'item', PLAIN) : [])];
  return {
    title: channel === undefined ? '' : channelTitle(channel),
    link,
    items: keepUseful(items.slice(0, MAX_FEED_ITEMS).map((item) => rssItem(item, link))),
  };
}

function parseAtom(feed: XmlElement): ParsedFeed {
  const ns = feed.ns === 'none' ? ATOM_OR_PLAIN : ATOM;
  const link = atomLink(feed, ns, feed.base);
  const titleNode = element(feed, 'title', ns);
  const feedAuthors = atomAuthors(feed, ns);
  const entries = elements(feed, 'entry', ns).slice(0, MAX_FEED_ITEMS);
  return {
    title: titleNode === undefined ? '' : atomPlainText(titleNode, MAX_TITLE_LENGTH),
    link,
    items: keepUseful(entries.map((entry) => atomEntry(entry, ns, link, feedAuthors))),
  };
}

function rssItem(item: XmlElement, channelLink: string | null): FeedItem {
  const base = item.base ?? channelLink;
  const titleNode = element(item, 'title', PLAIN) ?? element(item, 'title', DC);
  const guidNode = element(item, 'guid', PLAIN);
  const guid = optionalText(guidNode) ?? optionalText(attribute(item, 'about'));

  let url = httpUrl(optionalText(element(item, 'link', PLAIN)), base) ?? atomLink(item, ATOM, base);
  if (url === null && guid !== null && attribute(guidNode ?? item, 'isPermaLink')?.trim() !== 'false')
    url = httpUrl(guid, null);

  const summary = htmlField(element(item, 'description', PLAIN) ?? element(item, 'description', DC));
  const content = htmlField(element(item, 'encoded', CONTENT));
  const published =
    firstDate(element(item, 'pubDate', PLAIN), element(item, 'date', DC)) ??
    firstDate(element(item, 'published', ATOM), element(item, 'updated', ATOM));

  const creators = elements(item, 'creator', DC).map(plainText);
  const author = joinNames(creators.length > 0 ? creators : [rssAuthor(element(item, 'author', PLAIN))]);
  const categories = [
    ...elements(item, 'category', PLAIN).map(plainText),
    ...elements(item, 'subject', DC).map(plainText),
  ];

  return buildItem({
    guid,
    url,
    title: titleNode === undefined ? '' : htmlTitle(textOrMarkup(titleNode)),
    summary,
    content,
    imageUrl: mediaImage(item, url ?? base),
    publishedAt: published,
    author,
    categories,
  });
}

function atomEntry(
  entry: XmlElement,
  ns: readonly NsKey[],
  feedLink: string | null,
  feedAuthors: string[],
): FeedItem {
  const base = entry.base ?? feedLink;
  const titleNode = element(entry, 'title', ns);
  const url = atomLink(entry, ns, base);
  const contentNode = element(entry, 'content', ns);
  const content =
    contentNode === undefined || attribute(contentNode, 'src') !== undefined ? '' : atomHtml(contentNode);
  const summaryNode = element(entry, 'summary', ns);
  const authors = atomAuthors(entry, ns);
  const creators = elements(entry, 'creator', DC).map(plainText);
  const categories = elements(entry, 'category', ns).map((category) =>
    (attribute(category, 'label') ?? attribute(category, 'term') ?? textContent(category)).trim(),
  );

  return buildItem({
    guid: optionalText(element(entry, 'id', ns)),
    url,
    title: titleNode === undefined ? '' : atomPlainText(titleNode, MAX_TITLE_LENGTH),
    summary: summaryNode === undefined ? '' : atomHtml(summaryNode),
    content,
    imageUrl: mediaImage(entry, url ?? base),
    publishedAt: firstDate(
      element(entry, 'published', ns),
      element(entry, 'updated', ns),
      element(entry, 'issued', ns),
      element(entry, 'modified', ns),
      element(entry, 'date', DC),
    ),
    author: joinNames(authors.length > 0 ? authors : creators.length > 0 ? creators : feedAuthors),
    categories,
  });
}

interface RawItem {
  guid: string | null;
  url: string | null;
  title: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  publishedAt: number | null;
  author: string | null;
  categories: string[];
}

function buildItem(raw: RawItem): FeedItem {
  const summaryHtml = withinContentLimit(raw.summary) ? raw.summary.trim() : '';
  const contentHtml =
    raw.content.trim() !== '' && withinContentLimit(raw.content) ? raw.content.trim() : summaryHtml;
  const imageUrl = raw.imageUrl ?? firstImageInHtml(contentHtml || summaryHtml, raw.url);
  return {
    guid: raw.guid === null ? null : raw.guid.slice(0, 2048),
    url: raw.url,
    title: raw.title,
    summaryHtml,
    contentHtml,
    imageUrl,
    publishedAt: raw.publishedAt,
    author: raw.author,
    categories: uniqueCategories(raw.categories),
  };
}

function keepUseful(items: FeedItem[]): FeedItem[] {
  return items.filter((item) => item.title !== '' || item.url !== null);
}

function withinContentLimit(html: string): boolean {
  // Cheap first: a string of n UTF-16 units is at most 3n UTF-8 bytes and at least n.
  if (html.length * 3 <= MAX_ITEM_CONTENT_BYTES) return true;
  if (html.length > MAX_ITEM_CONTENT_BYTES) return false;
  return Buffer.byteLength(html, 'utf8') <= MAX_ITEM_CONTENT_BYTES;
}

function channelTitle(channel: XmlElement): string {
  const node = element(channel, 'title', PLAIN) ?? element(channel, 'title', DC);
  return node === undefined ? '' : htmlTitle(textOrMarkup(node));
}

/** RSS titles: HTML by common practice ("AT&amp;amp;T", "&lt;b&gt;"), so tags are stripped and entities decoded. */
function htmlTitle(raw: string): string {
  return htmlToText(raw.slice(0, MAX_RAW_TITLE_LENGTH), MAX_TITLE_LENGTH);
}

/** HTML carried by an element: escaped or CDATA HTML source, or (rarely) literal XHTML child elements. */
function htmlField(node: XmlElement | undefined): string {
  return node === undefined ? '' : textOrMarkup(node);
}

function textOrMarkup(node: XmlElement): string {
  return hasElementChildren(node) ? serialiseAsHtml(node.children) : textContent(node);
}

/** An Atom text construct as HTML source. */
function atomHtml(node: XmlElement): string {
  const type = (attribute(node, 'type') ?? 'text').trim().toLowerCase();
  if (type === 'xhtml' || type === 'application/xhtml+xml') return serialiseAsHtml(xhtmlChildren(node));
  if (type === 'html' || type === 'text/html') return textOrMarkup(node);
  if (type === 'text' || type.startsWith('text/')) return escapeHtml(textContent(node));
  return ''; // base64-encoded media: nothing to show as an article
}

/** An Atom text construct as plain text. */
function atomPlainText(node: XmlElement, maxLength: number): string {
  const type = (attribute(node, 'type') ?? 'text').trim().toLowerCase();
  if (type === 'text' || type === 'text/plain')
    return truncateAtWord(textContent(node).replace(/\s+/g, ' ').trim(), maxLength);
  return htmlToText(atomHtml(node).slice(0, MAX_RAW_TITLE_LENGTH), maxLength);
}

/** The children of the wrapping XHTML `div` that RFC 4287 §3.1.1.3 requires. */
function xhtmlChildren(node: XmlElement): ReadonlyArray<XmlElement | string> {
  const wrappers = node.children.filter((child) => typeof child !== 'string');
  const div = wrappers.length === 1 ? wrappers[0] : undefined;
  return div !== undefined && typeof div !== 'string' && div.local === 'div' ? div.children : node.children;
}

/** `link rel="alternate"` (or without rel), preferring HTML; resolved against `base`. */
function atomLink(node: XmlElement, ns: readonly NsKey[], base: string | null): string | null {
  let fallback: string | null = null;
  for (const link of elements(node, 'link', ns)) {
    const rel = (attribute(link, 'rel') ?? 'alternate').trim().toLowerCase();
    if (rel !== 'alternate') continue;
    const href = httpUrl(attribute(link, 'href') ?? optionalText(link), link.base ?? base);
    if (href === null) continue;
    const type = attribute(link, 'type')?.trim().toLowerCase();
    if (type === undefined || type === 'text/html' || type === 'application/xhtml+xml') return href;
    fallback ??= href;
  }
  return fallback;
}

function atomAuthors(node: XmlElement, ns: readonly NsKey[]): string[] {
  return elements(node, 'author', ns)
    .map((author) => {
      const name = element(author, 'name', ns);
      return name === undefined ? plainText(author) : plainText(name);
    })
    .filter((name) => name !== '');
}

/** RSS `author` is an e-mail address, often "jane@example.com (Jane Doe)": keep the name when there is one. */
function rssAuthor(node: XmlElement | undefined): string {
  if (node === undefined) return '';
  const text = plainText(node);
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(text);
  return named?.[1]?.trim() ?? text;
}

function joinNames(names: readonly string[]): string | null {
  const unique = [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
  if (unique.length === 0) return null;
  return truncateAtWord(unique.join(', '), MAX_AUTHOR_LENGTH);
}

function uniqueCategories(categories: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of categories) {
    const category = truncateAtWord(raw.replace(/\s+/g, ' ').trim(), MAX_CATEGORY_LENGTH);
    if (category === '' || seen.has(category)) continue;
    seen.add(category);
    result.push(category);
    if (result.length === MAX_CATEGORIES) break;
  }
  return result;
}

function plainText(node: XmlElement): string {
  return textContent(node).replace(/\s+/g, ' ').trim();
}

function optionalText(value: XmlElement | string | undefined): string | null {
  if (value === undefined) return null;
  const text = (typeof value === 'string' ? value : textContent(value)).trim();
  return text === '' ? null : text;
}

/** `raw` as an absolute http(s) URL, resolved against `base`; null otherwise. */
function httpUrl(raw: string | null | undefined, base: string | null): string | null {
  if (raw === null || raw === undefined) return null;
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  try {
    const url = base === null ? new URL(trimmed) : new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

/** The item's picture from Media RSS, an image enclosure or an Atom enclosure link. */
function mediaImage(item: XmlElement, base: string | null): string | null {
  const groups = [item, ...elements(item, 'group', MEDIA)];
  const contents = groups.flatMap((group) => elements(group, 'content', MEDIA));
  for (const content of contents) {
    const url = attribute(content, 'url');
    const medium = attribute(content, 'medium')?.trim().toLowerCase();
    const type = attribute(content, 'type')?.trim().toLowerCase();
    const isImage =
      medium === 'image' ||
      (type?.startsWith('image/') ?? false) ||
      (medium === undefined && type === undefined && url !== undefined && IMAGE_EXTENSION.test(url));
    const resolved = isImage ? httpUrl(url, base) : null;
    if (resolved !== null) return resolved;
  }
  const thumbnails = [...groups, ...contents].flatMap((node) => elements(node, 'thumbnail', MEDIA));
  for (const thumbnail of thumbnails) {
    const resolved = httpUrl(attribute(thumbnail, 'url'), base);
    if (resolved !== null) return resolved;
  }
  for (const enclosure of elements(item, 'enclosure', PLAIN)) {
    if (!(attribute(enclosure, 'type')?.trim().toLowerCase().startsWith('image/') ?? false)) continue;
    const resolved = httpUrl(attribute(enclosure, 'url'), base);
    if (resolved !== null) return resolved;
  }
  for (const link of elements(item, 'link', ATOM_OR_PLAIN)) {
    if (attribute(link, 'rel')?.trim().toLowerCase() !== 'enclosure') continue;
    if (!(attribute(link, 'type')?.trim().toLowerCase().startsWith('image/') ?? false)) continue;
    const resolved = httpUrl(attribute(link, 'href'), base);
    if (resolved !== null) return resolved;
  }
  return null;
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The first http(s) `<img src>` of the article's HTML, as a fallback picture. */
function firstImageInHtml(html: string, base: string | null): string | null {
  const match = IMG_SRC.exec(html);
  if (match === null) return null;
  return httpUrl(decodeXmlText(match[1] ?? match[2] ?? match[3] ?? ''), base);
}

function firstDate(...nodes: Array<XmlElement | undefined>): number | null {
  for (const node of nodes) {
    if (node === undefined) continue;
    const date = parseFeedDate(textContent(node));
    if (date !== null) return date;
  }
  return null;
}

const MONTHS: Readonly<Record<string, number>> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** RFC 822 zone names in hours; unknown names count as UTC. */
const ZONES: Readonly<Record<string, number>> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
};

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const RFC822_DATE =
  /^(?:[A-Za-z]+,?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3})[A-Za-z]*\.?[\s-]+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(.*)$/;
const OFFSET = /^(?:(?:gmt|utc|ut)\s*)?([+-])(\d{1,2}):?(\d{2})?$/i;

/** Feed dates (RFC 822 with the usual sloppiness, RFC 3339/ISO 8601) → epoch ms, or null. */
export function parseFeedDate(raw: string): number | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return null;

  const iso = ISO_DATE.exec(text);
  if (iso !== null) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = iso;
    const offsetMinutes = zoneOffsetMinutes(zone);
    const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
    return plausible(
      utc(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms, offsetMinutes),
    );
  }

  const rfc = RFC822_DATE.exec(text);
  if (rfc !== null) {
    const [, d, monthName = '', y = '', h, mi, s = '0', zone = ''] = rfc;
    const month = MONTHS[monthName.toLowerCase()];
    if (month === undefined) return null;
    let year = Number(y);
    if (y.length === 2) year += year < 50 ? 2000 : 1900;
    return plausible(
      utc(year, month, Number(d), Number(h), Number(mi), Number(s), 0, zoneOffsetMinutes(zone)),
    );
  }

  return plausible(Date.parse(text));
}

function zoneOffsetMinutes(zone: string): number {
  const name = zone.trim().toLowerCase();
  if (name === '') return 0;
  const offset = OFFSET.exec(name);
  if (offset !== null) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? '0');
    return offset[1] === '-' ? -minutes : minutes;
  }
  const hours = ZONES[name.replace(/[^a-z]/g, '')];
  return hours === undefined ? 0 : hours * 60;
}

function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  offsetMinutes: number,
): number {
  if (hour > 24 || minute > 59 || second > 60 || day < 1 || day > 31) return NaN;
  const value = Date.UTC(year, month, day, hour, minute, Math.min(second, 59), ms);
  // Date.UTC rolls "31 Feb" over into March; such a date is not a date.
  if (new Date(value).getUTCDate() !== day && hour !== 24) return NaN;
  return value - offsetMinutes * 60_000;
}

const EARLIEST = Date.UTC(1990, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

function plausible(value: number): number | null {
  return Number.isFinite(value) && value >= EARLIEST && value < LATEST ? value : null;
}
