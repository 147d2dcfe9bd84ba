import { boundedEditDistance, characterMask, maskDistance, searchText } from './search-text.js';

export interface SearchEntry<K extends string> {
  id: string;
  kind: K;
  /** Ticker symbol (coins); matched exactly and by prefix before names. */
  symbol?: string;
  /** Every name it goes by: English, Chinese, Vietnamese, aliases. */
  names: readonly string[];
}

export interface SearchHit<K extends string> {
  id: string;
  kind: K;
  /** 0 best: exact symbol, exact name, symbol prefix, name or word prefix, substring, typo. */
  tier: MatchTier;
}

export const MatchTier = {
  ExactSymbol: 0,
  ExactName: 1,
  SymbolPrefix: 2,
  NamePrefix: 3,
  Substring: 4,
  Typo: 5,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

interface IndexedEntry<K extends string> {
  id: string;
  kind: K;
  symbol: string;
  names: string[];
  /** Names and their words, for prefix matches. */
  words: string[];
  /** Symbol and names in one string, so "does anything contain the keyword" is one `includes`. */
  haystack: string;
}

/** Every distinct word of the index grouped by length, for the typo test. */
interface WordTable {
  words: string[];
  masks: Int32Array;
  /** Entry indexes of each word, flattened: entries of word w are owners[ownerStart[w] .. ownerStart[w + 1]). */
  ownerStart: Int32Array;
  owners: Int32Array;
  byLength: Map<number, number[]>;
}

interface Query {
  text: string;
  typos: number;
}

/** Typos forgiven: none below 4 characters, one up to 7, two from 8. */
export function typoLimit(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * An in-memory index of searchable entities, built once per universe change. A query is a single pass over
 * the entries with cheap string tests; the typo test (bounded edit distance) runs only for entries nothing
 * else matched and only for words of a close length. Ties in a tier are broken by the caller's weight (market
 * cap, exchange volume), read at query time so the order follows the live market.
 */
export class SearchIndex<K extends string> {
  private readonly entries: IndexedEntry<K>[];
  private readonly table: WordTable;

  constructor(entries: readonly SearchEntry<K>[]) {
    this.entries = entries.map((entry) => {
      const names = [...new Set(entry.names.map(searchText).filter((name) => name.length > 0))];
      const words = [
        ...new Set(
          names.flatMap((name) => [name, ...name.split(/[\s\-_.()/]+/)]).filter((word) => word.length > 0),
        ),
      ];
      const symbol = entry.symbol ? searchText(entry.symbol) : '';
      return {
        id: entry.id,
        kind: entry.kind,
        symbol,
        names,
        words,
        haystack: [symbol, ...names].join('\u0001'),
      };
    });
    this.table = wordTable(this.entries);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every match of `keyword` among `kinds`, best tier first, then by weight (higher first), then by id. */
  search(keyword: string, kinds: ReadonlySet<K>, weight: (id: string, kind: K) => number): SearchHit<K>[] {
    const text = searchText(keyword);
    if (text.length === 0) return [];
    const query: Query = { text, typos: typoLimit(text.length) };
    const typoEntries = query.typos > 0 ? entriesWithin(this.table, text, query.typos) : new Set<number>();
    const hits: (SearchHit<K> & { weight: number })[] = [];
    this.entries.forEach((entry, index) => {
      if (!kinds.has(entry.kind)) return;
      const tier = entry.haystack.includes(text)
        ? containedTier(entry, text)
        : typoEntries.has(index)
          ? MatchTier.Typo
          : null;
      if (tier !== null)
        hits.push({ id: entry.id, kind: entry.kind, tier, weight: weight(entry.id, entry.kind) });
    });
    hits.sort((a, b) => a.tier - b.tier || b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return hits.map(({ id, kind, tier }) => ({ id, kind, tier }));
  }
}

/** The tier of an entry whose symbol or names contain the keyword. */
function containedTier<K extends string>(entry: IndexedEntry<K>, text: string): MatchTier {
  if (entry.symbol === text) return MatchTier.ExactSymbol;
  if (entry.names.includes(text)) return MatchTier.ExactName;
  if (entry.symbol.startsWith(text)) return MatchTier.SymbolPrefix;
  if (entry.words.some((word) => word.startsWith(text))) return MatchTier.NamePrefix;
  return MatchTier.Substring;
}

function wordTable<K extends string>(entries: readonly IndexedEntry<K>[]): WordTable {
  const ownersOf = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const word of entry.words) {
      const owners = ownersOf.get(word);
      if (owners) owners.push(index);
      else ownersOf.set(word, [index]);
    }
  });
  const words = [...ownersOf.keys()];
  const ownerStart = new Int32Array(words.length + 1);
  const owners = new Int32Array(entries.reduce((sum, entry) => sum + entry.words.length, 0));
  const byLength = new Map<number, number[]>();
  let cursor = 0;
  words.forEach((word, w) => {
    ownerStart[w] = cursor;
    for (const owner of ownersOf.get(word) ?? []) owners[cursor++] = owner;
    const sameLength = byLength.get(word.length);
    if (sameLength) sameLength.push(w);
    else byLength.set(word.length, [w]);
  });
  ownerStart[words.length] = cursor;
  return { words, masks: Int32Array.from(words, characterMask), ownerStart, owners, byLength };
}

/** Entries with a word within `typos` edits of `text`: only words of a close length and character set are tried. */
function entriesWithin(table: WordTable, text: string, typos: number): Set<number> {
  const found = new Set<number>();
  const mask = characterMask(text);
  for (let length = text.length - typos; length <= text.length + typos; length += 1) {
    for (const w of table.byLength.get(length) ?? []) {
      if (maskDistance(mask, table.masks[w] as number) > 2 * typos) continue;
      if (boundedEditDistance(text, table.words[w] as string, typos) > typos) continue;
      for (let o = table.ownerStart[w] as number; o < (table.ownerStart[w + 1] as number); o += 1)
        found.add(table.owners[o] as number);
    }
  }
  return found;
}
