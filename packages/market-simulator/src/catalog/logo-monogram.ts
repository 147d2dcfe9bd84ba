/**
 * Deterministic monogram logos for catalogue coins and exchanges: a 64×64 SVG, a circle (coins) or a rounded
 * square (exchanges) filled with a palette colour picked by a hash of the id, and one to three white letters.
 * Self-contained: no external references, no scripts; every text is XML-escaped.
 */

/** Background colours; each keeps at least 4.5:1 contrast against white text. */
export const MONOGRAM_PALETTE: readonly string[] = [
  '#1d4ed8',
  '#0369a1',
  '#0e7490',
  '#0f766e',
  '#047857',
  '#15803d',
  '#4d7c0f',
  '#a16207',
  '#c2410c',
  '#b91c1c',
  '#be123c',
  '#a21caf',
  '#7e22ce',
  '#6d28d9',
  '#4338ca',
  '#334155',
];

/** Unquoted family names are valid CSS and keep the attribute free of characters needing escapes. */
const FONT_STACK = 'system-ui,-apple-system,Segoe UI,Roboto,Helvetica Neue,Arial,sans-serif';
const FONT_SIZE_BY_LENGTH = [30, 30, 24, 19] as const;

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** 32-bit FNV-1a over the UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function paletteColour(key: string): string {
  return MONOGRAM_PALETTE[fnv1a(key) % MONOGRAM_PALETTE.length] ?? '#334155';
}

function firstCodePoints(text: string, count: number): string {
  return Array.from(text).slice(0, count).join('');
}

function monogramSvg(shapeElement: string, letters: string, label: string): string {
  const fontSize = FONT_SIZE_BY_LENGTH[Array.from(letters).length] ?? 19;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" ` +
    `aria-label="${escapeXml(label)}">${shapeElement}` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#ffffff" font-family="${FONT_STACK}" ` +
    `font-size="${fontSize}" font-weight="700">${escapeXml(letters)}</text></svg>`
  );
}

/** A circular monogram: up to three letters of the symbol; the colour hashes `seed` (the coin id) or the symbol. */
export function coinLogoSvg(symbol: string, seed?: string): string {
  const trimmed = symbol.trim();
  const letters = firstCodePoints(trimmed.toUpperCase(), 3) || '?';
  const circle = `<circle cx="32" cy="32" r="32" fill="${paletteColour(seed ?? trimmed)}"/>`;
  return monogramSvg(circle, letters, trimmed || '?');
}

/**
 * Letters for an exchange: the initials of the first two words ("Coinbase Exchange" → CE), an all-capital
 * single word up to three letters (OKX, HTX, MEX), otherwise the first letter. Version words ("v3") are skipped.
 */
function exchangeLetters(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !/^v\d+$/i.test(word));
  const [first, second] = words;
  if (first === undefined) return '?';
  if (second !== undefined) return (firstCodePoints(first, 1) + firstCodePoints(second, 1)).toUpperCase();
  if (/^[A-Z0-9]{2,}$/.test(first)) return firstCodePoints(first, 3);
  return firstCodePoints(first, 1).toUpperCase();
}

/** A rounded-square monogram for an exchange; the colour hashes its name. */
export function exchangeLogoSvg(name: string): string {
  const trimmed = name.trim();
  const square = `<rect width="64" height="64" rx="14" ry="14" fill="${paletteColour(trimmed)}"/>`;
  return monogramSvg(square, exchangeLetters(trimmed), trimmed || '?');
}
