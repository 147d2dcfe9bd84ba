/**
 * Untrusted article HTML from feeds → markup safe to render inside our pages, and → plain text.
 * Everything not on the allow-list below is dropped; URLs are resolved to absolute form and re-checked
 * after the WHATWG URL parser has normalised them, which is how a browser would read them.
 */
import { createRequire } from 'node:module';

import { ARTICLE_ALLOWED_TAGS } from '@coinlens/contract';
import type sanitizeHtml from 'sanitize-html';

const requireModule = createRequire(import.meta.url);
/** sanitize-html (and the HTML and CSS parsers under it), loaded on the first article: docs/performance.md. */
function sanitize(...args: Parameters<typeof sanitizeHtml>): string {
  return (requireModule('sanitize-html') as typeof sanitizeHtml)(...args);
}

const ALLOWED_TAGS = [...ARTICLE_ALLOWED_TAGS];

/** Dropped together with everything inside them (sanitize-html would otherwise keep their text). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'svg',
  'math',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'option',
  'button',
  'title',
  'head',
  'xmp',
  'plaintext',
  'audio',
  'video',
  'canvas',
];

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
// Images only over https: the app's CSP loads no others (and an http image on an https page is mixed content).
const IMAGE_SCHEMES = new Set(['https:']);
const LINK_REL = 'noopener noreferrer nofollow';

/** Sanitises feed HTML to the article allow-list; relative URLs resolve against `baseUrl` or are dropped. */
export function sanitiseArticleHtml(html: string, baseUrl: string | null): string {
  const base = httpBase(baseUrl);
  return sanitize(html.replace(DROPPED_BLOCK_TAG, ' <'), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height'],
    },
    allowedSchemes: [],
    allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedClasses: {},
    allowVulnerableTags: false,
    parseStyleAttributes: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { rel: LINK_REL, target: '_blank' };
        const href = safeUrl(attribs.href, base, LINK_SCHEMES);
        if (href !== null) out.href = href;
        if (attribs.title !== undefined) out.title = attribs.title;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        const src = safeUrl(attribs.src, base, IMAGE_SCHEMES);
        if (src !== null) out.src = src;
        if (attribs.alt !== undefined) out.alt = attribs.alt;
        if (attribs.title !== undefined) out.title = attribs.title;
        for (const dimension of ['width', 'height'] as const) {
          const value = attribs[dimension]?.trim();
          if (value !== undefined && /^\d{1,5}$/.test(value)) out[dimension] = value;
        }
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img' && frame.attribs.src === undefined) return true;
      // A link whose target was unsafe keeps its text but loses the element.
      if (frame.tag === 'a' && frame.attribs.href === undefined) return 'excludeTag';
      return false;
    },
  });
}

/** Block elements outside the allow-list: their text stays, so it needs a space where the element was. */
const DROPPED_BLOCK_TAG =
  /<(?=\/?(?:address|article|aside|caption|dd|div|dl|dt|footer|header|main|nav|section)\b)/gi;

const BLOCK_TAG =
  /<(?=\/?(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b)/gi;

/** Visible plain text of `html` (entities decoded, whitespace collapsed), cut at a word boundary with "…" past `maxLength`. */
export function htmlToText(html: string, maxLength?: number): string {
  // Without this, "<p>a</p><p>b</p>" would become "ab".
  const spaced = html.replace(BLOCK_TAG, ' <');
  const escaped = sanitize(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    parseStyleAttributes: false,
  });
  const text = unescapeSanitizerText(escaped).replace(/\s+/g, ' ').trim();
  return maxLength === undefined ? text : truncateAtWord(text, maxLength);
}

/** Cuts `text` to at most `maxLength` UTF-16 units, at the last space when one is reasonably close, adding "…". */
export function truncateAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  if (maxLength <= 1) return maxLength === 1 ? '…' : '';
  let cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // Text without spaces (Chinese, Japanese, one long URL) is cut mid-run instead of losing most of it.
  if (lastSpace >= maxLength * 0.6) cut = cut.slice(0, lastSpace);
  else if (isHighSurrogate(cut.charCodeAt(cut.length - 1))) cut = cut.slice(0, -1);
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/** sanitize-html escapes exactly &, <, > (and " in attributes) in its output; undo that once. */
function unescapeSanitizerText(escaped: string): string {
  return escaped.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => {
    switch (name) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      default:
        return '&';
    }
  });
}

function httpBase(baseUrl: string | null): URL | null {
  if (baseUrl === null) return null;
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Absolute, normalised `raw` if its scheme is allowed; null when missing, unresolvable or not allowed. */
function safeUrl(raw: string | undefined, base: URL | null, schemes: ReadonlySet<string>): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = base === null ? new URL(raw) : new URL(raw, base);
  } catch {
    return null;
  }
  return schemes.has(url.protocol) ? url.href : null;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
