/**
 * Bytes → string for fetched documents: a byte-order mark wins, then the charset the server declared, then
 * the charset the document declares about itself (XML prolog, HTML meta), then UTF-8. The WHATWG encoding
 * standard lets a BOM override every label, and a BOM cannot be there by accident, so it goes first.
 */

/** The `charset` parameter of a Content-Type header value, lower-cased, or null. */
export function charsetFromContentType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const label = (match?.[1] ?? match?.[2] ?? '').trim().toLowerCase();
  return label === '' ? null : label;
}

/** The encoding named by a byte-order mark at the start of `body`, and the mark's length. */
export function sniffBom(body: Uint8Array): { encoding: string; length: number } | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (body[0] === 0xff && body[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (body[0] === 0xfe && body[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/**
 * Decodes `body`. `declaredInDocument` receives the first bytes read as Latin-1 (enough for any
 * ASCII-compatible prolog or meta tag) and returns the label the document names, or null.
 * A label TextDecoder does not know falls through to the next source, finally to UTF-8.
 */
export function decodeBody(
  body: Uint8Array,
  contentType: string | null,
  declaredInDocument: (asciiHead: string) => string | null,
): string {
  const bom = sniffBom(body);
  if (bom !== null) return decodeWith(bom.encoding, body.subarray(bom.length)) ?? '';

  const fromHeader = charsetFromContentType(contentType);
  if (fromHeader !== null) {
    const text = decodeWith(fromHeader, body);
    if (text !== null) return stripLeadingBom(text);
  }

  const utf16 = sniffUtf16WithoutBom(body);
  if (utf16 !== null) return decodeWith(utf16, body) ?? '';

  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 1024)).toString('latin1');
  const fromDocument = declaredInDocument(head);
  if (fromDocument !== null) {
    const text = decodeWith(fromDocument.trim().toLowerCase(), body);
    if (text !== null) return stripLeadingBom(text);
  }
  return stripLeadingBom(new TextDecoder('utf-8').decode(body));
}

/** `encoding="…"` of an XML declaration at the very start of `head`, or null. */
export function xmlDeclaredEncoding(head: string): string | null {
  const declaration = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return declaration?.[1] ?? null;
}

function decodeWith(label: string, bytes: Uint8Array): string | null {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return null; // a label the WHATWG encoding standard does not know
  }
  const text = decoder.decode(bytes);
  return decoder.encoding === 'windows-1252' ? fixWindows1252(text) : text;
}

/** WHATWG index-windows-1252 for bytes 0x80–0x9F; the five undefined bytes map to themselves. */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Node 20.18.3+ decodes windows-1252 (and the latin1/iso-8859-1 labels, which mean windows-1252) as
 * ISO-8859-1, leaving C1 controls where "€", "“" or "’" belong (nodejs/node#60888). Remapping them is
 * also correct once Node is fixed, because then no such characters come out.
 */
function fixWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? c);
}

/** "<?" as UTF-16 without a BOM (XML 1.0 appendix F). */
function sniffUtf16WithoutBom(body: Uint8Array): string | null {
  if (body[0] === 0x3c && body[1] === 0x00 && body[2] === 0x3f && body[3] === 0x00) return 'utf-16le';
  if (body[0] === 0x00 && body[1] === 0x3c && body[2] === 0x00 && body[3] === 0x3f) return 'utf-16be';
  return null;
}

function stripLeadingBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
