/** Elements whose content is not text to read. */
const RAW_TEXT_CLOSERS: ReadonlyMap<string, RegExp> = new Map(
  ['script', 'style', 'template', 'noscript'].map((name): [string, RegExp] => [
    name,
    new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi'),
  ]),
);
const TAG_NAME_START = /[a-z]/i;
const TAG_NAME_END = /[\s/>]/;
const ENTITIES = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z][a-z0-9]*));/gi;

/** Tags that separate words when the text is read without layout. */
const BLOCK_TAGS: ReadonlySet<string> = new Set(
  (
    'address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr img ' +
    'li main nav ol p pre section table td th tr ul'
  ).split(' '),
);

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
    hellip: '…',
    mdash: '—',
    ndash: '–',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    laquo: '«',
    raquo: '»',
    middot: '·',
    bull: '•',
    deg: '°',
    times: '×',
    divide: '÷',
    copy: '©',
    reg: '®',
    trade: '™',
    cent: '¢',
    pound: '£',
    yen: '¥',
    euro: '€',
  }),
);

function decodeCodePoint(codePoint: number): string {
  const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : '\uFFFD';
}

/** One pass, so "&amp;lt;" becomes the text "&lt;", not "<". Unknown names stay as written. */
function decodeEntities(text: string): string {
  return text.replace(ENTITIES, (entity, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return decodeCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return decodeCodePoint(Number.parseInt(hex, 16));
    return (name === undefined ? undefined : NAMED_ENTITIES.get(name)) ?? entity;
  });
}

/**
 * The plain text of an HTML fragment for previews and share texts: tags dropped (with the contents of script,
 * style, template and noscript, comments and declarations), the common entities decoded, whitespace
 * collapsed. A "<" that cannot start a tag stays as text; a tag left open at the end drops the rest, as in a
 * browser. It is not a sanitiser: the result may contain "<" and must still be escaped (or rendered as text)
 * wherever it is shown. One linear scan, so hostile input cannot make it slow.
 */
export function stripHtml(html: string): string {
  let text = '';
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open === -1) {
      text += html.slice(index);
      break;
    }
    text += html.slice(index, open);
    const markup = readMarkup(html, open);
    if (markup) {
      text += markup.separator;
      index = markup.end;
    } else {
      text += '<';
      index = open + 1;
    }
  }
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

interface Markup {
  /** Index just after the markup. */
  end: number;
  /** What the markup reads as: a space between blocks, else nothing. */
  separator: string;
}

/** The markup starting at `start` (a "<"), or null when that "<" is text. */
function readMarkup(html: string, start: number): Markup | null {
  if (html.startsWith('<!--', start)) return { end: indexAfter(html, '-->', start + 4), separator: '' };
  const next = html[start + 1] ?? '';
  if (next === '!' || next === '?') return { end: indexAfter(html, '>', start + 2), separator: '' };
  const closing = next === '/';
  const nameStart = start + (closing ? 2 : 1);
  if (!TAG_NAME_START.test(html[nameStart] ?? '')) return null;
  let nameEnd = nameStart;
  while (nameEnd < html.length && !TAG_NAME_END.test(html[nameEnd] ?? '')) nameEnd += 1;
  const name = html.slice(nameStart, nameEnd).toLowerCase();
  const tagEnd = endOfTag(html, nameEnd);
  const closer = closing ? undefined : RAW_TEXT_CLOSERS.get(name);
  if (closer) {
    closer.lastIndex = tagEnd;
    const found = closer.exec(html);
    return { end: found ? indexAfter(html, '>', found.index) : html.length, separator: '' };
  }
  return { end: tagEnd, separator: BLOCK_TAGS.has(name) ? ' ' : '' };
}

/** Index after the ">" closing a tag; a quoted attribute value may contain ">". */
function endOfTag(html: string, from: number): number {
  let quote: string | null = null;
  let afterEquals = false;
  for (let index = from; index < html.length; index += 1) {
    const character = html[index];
    if (quote !== null) {
      if (character === quote) quote = null;
    } else if (character === '>') {
      return index + 1;
    } else if (afterEquals && (character === '"' || character === "'")) {
      quote = character;
    } else if (character === '=') {
      afterEquals = true;
      continue;
    }
    if (character !== undefined && !/\s/.test(character)) afterEquals = false;
  }
  return html.length;
}

function indexAfter(html: string, needle: string, from: number): number {
  const found = html.indexOf(needle, from);
  return found === -1 ? html.length : found + needle.length;
}
