/**
 * Well-formed XML text → a small namespace-aware element tree, built on fast-xml-parser.
 *
 * Parser settings and why:
 * - `processEntities: false`: the parser expands nothing, so DOCTYPE entities (billion laughs, XXE) never
 *   apply; `decodeXmlText` below decodes the five XML entities, character references and common HTML
 *   names in one pass. Entities declared in a DOCTYPE stay literal text.
 * - `preserveOrder: true`: every element is a list of children in document order, so a single `<item>`
 *   cannot turn into an object instead of an array, and mixed content (Atom xhtml, text around CDATA)
 *   keeps its order.
 * - `cdataPropName`: CDATA is kept apart from text because CDATA must not be entity-decoded.
 * - `parseTagValue`/`parseAttributeValue: false`: "007" stays a string.
 * The lenient parser accepts unclosed tags, so input is first checked with the strict validator.
 */
import { createRequire } from 'node:module';

import type * as FastXmlParser from 'fast-xml-parser';
import type { X2jOptions, XMLParser } from 'fast-xml-parser';

/** Namespaces the feed formats use; `none` is an unprefixed name outside any default namespace. */
export type NsKey = 'none' | 'atom' | 'rss1' | 'rdf' | 'content' | 'dc' | 'media' | 'xhtml' | 'other';

/** An element with its namespace resolved. */
export interface XmlElement {
  readonly ns: NsKey;
  /** Name without its prefix. */
  readonly local: string;
  /** Attributes by qualified name as written (`url`, `xml:base`, `rdf:about`), entity-decoded. */
  readonly attrs: ReadonlyMap<string, string>;
  /** Decoded text (CDATA raw) and child elements, in document order. */
  readonly children: ReadonlyArray<XmlElement | string>;
  /** Absolute base URL from `xml:base` on this element or an ancestor, if any. */
  readonly base: string | null;
}

/** Thrown when the text is not well-formed XML. */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
}

const NAMESPACES: Readonly<Record<string, NsKey>> = {
  'http://www.w3.org/2005/Atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://purl.org/rss/1.0/': 'rss1',
  'http://my.netscape.com/rdf/simple/0.9/': 'rss1',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dc',
  'http://search.yahoo.com/mrss/': 'media',
  'http://search.yahoo.com/mrss': 'media',
  'http://www.w3.org/1999/xhtml': 'xhtml',
};

/** Feeds sometimes use these prefixes without declaring them. */
const CONVENTIONAL_PREFIXES: Readonly<Record<string, NsKey>> = {
  atom: 'atom',
  content: 'content',
  dc: 'dc',
  media: 'media',
  rdf: 'rdf',
};

const CDATA = '#cdata';
const TEXT = '#text';
const ATTRIBUTES = ':@';

const PARSER_OPTIONS: X2jOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  cdataPropName: CDATA,
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: false,
  allowBooleanAttributes: false,
  maxNestedTags: 128,
};

/** fast-xml-parser, loaded with the first feed: an instance that reads no feed never holds it (docs/performance.md). */
function xmlLibrary(): typeof FastXmlParser {
  return requireModule('fast-xml-parser') as typeof FastXmlParser;
}
const requireModule = createRequire(import.meta.url);
let parser: XMLParser | undefined;

/** Parses well-formed XML into its root element; throws XmlSyntaxError otherwise. */
export function parseXmlDocument(text: string): XmlElement {
  const cleaned = escapeBareAmpersands(removeInvalidXmlChars(text));
  const validation = xmlLibrary().XMLValidator.validate(cleaned, { allowBooleanAttributes: false });
  if (validation !== true) {
    const { msg, line } = validation.err;
    throw new XmlSyntaxError(`not well-formed XML: ${msg} (line ${line})`);
  }
  let raw: unknown;
  try {
    parser ??= new (xmlLibrary().XMLParser)(PARSER_OPTIONS);
    raw = parser.parse(cleaned);
  } catch (error) {
    throw new XmlSyntaxError(
      `not well-formed XML: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  const top = Array.isArray(raw) ? convertChildren(raw, new Map(), null) : [];
  const root = top.find((node): node is XmlElement => typeof node !== 'string');
  if (root === undefined) throw new XmlSyntaxError('no root element');
  return root;
}

/** Child elements of `node` named `local` in one of `namespaces`. */
export function elements(node: XmlElement, local: string, namespaces: readonly NsKey[]): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of node.children)
    if (typeof child !== 'string' && child.local === local && namespaces.includes(child.ns))
      found.push(child);
  return found;
}

/** The first child element of `node` named `local` in one of `namespaces`. */
export function element(
  node: XmlElement,
  local: string,
  namespaces: readonly NsKey[],
): XmlElement | undefined {
  for (const child of node.children)
    if (typeof child !== 'string' && child.local === local && namespaces.includes(child.ns)) return child;
  return undefined;
}

/** The concatenated text of `node` and its descendants. */
export function textContent(node: XmlElement): string {
  let text = '';
  for (const child of node.children) text += typeof child === 'string' ? child : textContent(child);
  return text;
}

/** Attribute `local` whatever its prefix (`about` finds `rdf:about`); unprefixed wins. */
export function attribute(node: XmlElement, local: string): string | undefined {
  const plain = node.attrs.get(local);
  if (plain !== undefined) return plain;
  for (const [name, value] of node.attrs) if (name.endsWith(`:${local}`)) return value;
  return undefined;
}

/** Whether `node` has element children (as opposed to only text). */
export function hasElementChildren(node: XmlElement): boolean {
  return node.children.some((child) => typeof child !== 'string');
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
const SAFE_ATTRIBUTE_NAME = /^[A-Za-z_][\w.:-]*$/;

/** Serialises inline XHTML children back to HTML source (text escaped, namespace declarations left out). */
export function serialiseAsHtml(nodes: ReadonlyArray<XmlElement | string>): string {
  let html = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      html += escapeHtml(node);
      continue;
    }
    let attrs = '';
    for (const [name, value] of node.attrs)
      if (!name.startsWith('xmlns') && SAFE_ATTRIBUTE_NAME.test(name))
        attrs += ` ${name}="${escapeHtml(value).replace(/"/g, '&quot;')}"`;
    html += VOID_ELEMENTS.has(node.local)
      ? `<${node.local}${attrs}>`
      : `<${node.local}${attrs}>${serialiseAsHtml(node.children)}</${node.local}>`;
  }
  return html;
}

/** Escapes text for use as HTML source. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const ENTITY = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

/** The XML entities, plus HTML names that feeds use although XML does not define them. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  prime: '\u2032',
  Prime: '\u2033',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  sup2: '\u00b2',
  sup3: '\u00b3',
  micro: '\u00b5',
  para: '\u00b6',
  sect: '\u00a7',
  dagger: '\u2020',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  curren: '\u00a4',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  Agrave: '\u00c0',
  Aacute: '\u00c1',
  Acirc: '\u00c2',
  Atilde: '\u00c3',
  Auml: '\u00c4',
  Aring: '\u00c5',
  AElig: '\u00c6',
  Ccedil: '\u00c7',
  Egrave: '\u00c8',
  Eacute: '\u00c9',
  Ecirc: '\u00ca',
  Euml: '\u00cb',
  Iacute: '\u00cd',
  Ntilde: '\u00d1',
  Oacute: '\u00d3',
  Ocirc: '\u00d4',
  Ouml: '\u00d6',
  Oslash: '\u00d8',
  Uacute: '\u00da',
  Uuml: '\u00dc',
  szlig: '\u00df',
  agrave: '\u00e0',
  aacute: '\u00e1',
  acirc: '\u00e2',
  atilde: '\u00e3',
  auml: '\u00e4',
  aring: '\u00e5',
  aelig: '\u00e6',
  ccedil: '\u00e7',
  egrave: '\u00e8',
  eacute: '\u00e9',
  ecirc: '\u00ea',
  euml: '\u00eb',
  igrave: '\u00ec',
  iacute: '\u00ed',
  icirc: '\u00ee',
  iuml: '\u00ef',
  ntilde: '\u00f1',
  ograve: '\u00f2',
  oacute: '\u00f3',
  ocirc: '\u00f4',
  otilde: '\u00f5',
  ouml: '\u00f6',
  oslash: '\u00f8',
  ugrave: '\u00f9',
  uacute: '\u00fa',
  ucirc: '\u00fb',
  uuml: '\u00fc',
  yacute: '\u00fd',
  yuml: '\u00ff',
};

/** Decodes entity and character references once; unknown names stay as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  });
}

// Characters XML 1.0 forbids; feeds contain them surprisingly often and they would fail the whole document.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function removeInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

const AMPERSAND_OR_SECTION = /&|<!\[CDATA\[|<!--/g;
const REFERENCE = /&(?:#\d{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z_][A-Za-z0-9._-]{0,63});/y;

/**
 * "AT&T" or "?a=1&b=2" outside CDATA is the most common feed error; escaping such ampersands is what every
 * feed reader does. Linear: each CDATA section or comment is skipped with one indexOf.
 */
function escapeBareAmpersands(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  AMPERSAND_OR_SECTION.lastIndex = 0;
  for (let match = AMPERSAND_OR_SECTION.exec(text); match !== null; match = AMPERSAND_OR_SECTION.exec(text)) {
    const at = match.index;
    if (match[0] === '&') {
      REFERENCE.lastIndex = at;
      if (!REFERENCE.test(text)) {
        out += `${text.slice(copiedUpTo, at)}&amp;`;
        copiedUpTo = at + 1;
      }
      continue;
    }
    const terminator = match[0] === '<!--' ? '-->' : ']]>';
    const end = text.indexOf(terminator, at + match[0].length);
    if (end === -1) break;
    AMPERSAND_OR_SECTION.lastIndex = end + terminator.length;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

type Scope = ReadonlyMap<string, string>;

function convertChildren(
  raw: readonly unknown[],
  scope: Scope,
  base: string | null,
): Array<XmlElement | string> {
  const children: Array<XmlElement | string> = [];
  for (const entry of raw) {
    if (!isRecord(entry)) continue;
    for (const [key, value] of Object.entries(entry)) {
      if (key === ATTRIBUTES) continue;
      if (key === TEXT) {
        if (typeof value === 'string' && value !== '') children.push(decodeXmlText(value));
      } else if (key === CDATA) {
        const cdata = Array.isArray(value) ? value.map(cdataText).join('') : '';
        if (cdata !== '') children.push(cdata);
      } else {
        children.push(convertElement(key, value, entry[ATTRIBUTES], scope, base));
      }
    }
  }
  return children;
}

function convertElement(
  qualifiedName: string,
  rawChildren: unknown,
  rawAttributes: unknown,
  parentScope: Scope,
  parentBase: string | null,
): XmlElement {
  const attrs = new Map<string, string>();
  let scope = parentScope;
  if (isRecord(rawAttributes)) {
    for (const [name, value] of Object.entries(rawAttributes)) {
      if (typeof value !== 'string') continue;
      const decoded = decodeXmlText(value);
      attrs.set(name, decoded);
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === parentScope) scope = new Map(parentScope);
        (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), decoded.trim());
      }
    }
  }
  const colon = qualifiedName.indexOf(':');
  const prefix = colon === -1 ? '' : qualifiedName.slice(0, colon);
  const local = colon === -1 ? qualifiedName : qualifiedName.slice(colon + 1);
  const base = resolveBase(attrs.get('xml:base'), parentBase);
  const children = Array.isArray(rawChildren) ? convertChildren(rawChildren, scope, base) : [];
  return { ns: namespaceKey(prefix, scope), local, attrs, children, base };
}

function namespaceKey(prefix: string, scope: Scope): NsKey {
  const uri = scope.get(prefix);
  if (uri === undefined || uri === '') {
    if (prefix === '') return 'none';
    return CONVENTIONAL_PREFIXES[prefix] ?? 'other';
  }
  return NAMESPACES[uri] ?? 'other';
}

function resolveBase(xmlBase: string | undefined, parentBase: string | null): string | null {
  if (xmlBase === undefined || xmlBase.trim() === '') return parentBase;
  try {
    const url = parentBase === null ? new URL(xmlBase.trim()) : new URL(xmlBase.trim(), parentBase);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : parentBase;
  } catch {
    return parentBase;
  }
}

function cdataText(part: unknown): string {
  if (!isRecord(part)) return '';
  const text = part[TEXT];
  return typeof text === 'string' ? text : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
