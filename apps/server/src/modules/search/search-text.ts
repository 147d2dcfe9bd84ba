/**
 * The form names and keywords are compared in: compatibility-normalised (full-width letters, ligatures),
 * lower-cased, Vietnamese and other Latin diacritics removed (đ → d), spaces collapsed. Han characters are
 * untouched, so "比特币" still matches itself.
 */
export function searchText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The characters of a word as a 32-bit set (code point mod 32): a cheap, sound pre-test for typos. */
export function characterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i += 1) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask >>> 0;
}

/** How many characters of the two sets differ; each edit changes at most two, so more than 2·k rules out k edits. */
export function maskDistance(a: number, b: number): number {
  let bits = (a ^ b) >>> 0;
  let count = 0;
  while (bits !== 0) {
    bits &= bits - 1;
    count += 1;
  }
  return count;
}

// Rows reused across calls: the typo test runs for thousands of words per query.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edit distance of `a` and `b` counting an adjacent swap as one edit ("bitcion" → "bitcoin"), when it is at
 * most `limit`, else `limit + 1`. Only a band of width 2·limit+1 is computed: O(length · limit).
 */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  const beyond = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return beyond;
  const width = b.length + 1;
  if ((rows[0] as Int32Array).length < width)
    rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  let [beforePrevious, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  beforePrevious.fill(beyond, 0, width);
  for (let j = 0; j < width; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current.fill(beyond, 0, width);
    current[0] = i;
    let best = i;
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j += 1) {
      const same = a.charCodeAt(i - 1) === b.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j - 1] as number) + (same ? 0 : 1),
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return beyond;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length] as number, beyond);
}
