export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct headers, so each is parsed once; the bound keeps hostile variety cheap. */
const MAX_REMEMBERED_HEADERS = 64;
const remembered = new Map<string, ContentEncoding>();

/**
 * The encoding to answer in for an `Accept-Encoding` header (RFC 9110 §12.5.3): the better-weighted of brotli and
 * gzip (brotli on a tie), else none. A coding with `q=0` is refused; `*` stands for any coding not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const known = remembered.get(acceptEncoding);
  if (known) return known;
  const chosen = negotiate(acceptEncoding);
  if (remembered.size < MAX_REMEMBERED_HEADERS) remembered.set(acceptEncoding, chosen);
  return chosen;
}

function negotiate(acceptEncoding: string): ContentEncoding {
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim());
    if (!coding) continue;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*') ?? 0;
  const brotli = weights.get('br') ?? wildcard;
  const gzip = weights.get('gzip') ?? wildcard;
  if (brotli <= 0 && gzip <= 0) return 'identity';
  return brotli >= gzip ? 'br' : 'gzip';
}
