/**
 * Which coins an article is about. Names and symbols are put into hash maps once; tagging splits the text
 * into words and looks up runs of up to a few words, and looks up names in scripts written without spaces
 * by their first character. The cost is linear in the text and does not grow with the number of coins
 * (a combined regular expression did: with Unicode word boundaries it took ~400 ms per 5 KB for 100 coins).
 *
 * Rules:
 * - A name ("Bitcoin", "Bitcoin Cash") matches case-insensitively as whole words; names in scripts written
 *   without spaces (Chinese, Japanese, Korean, Thai: "比特币") match as substrings, as written. The longest name wins
 *   at a position, so "Bitcoin Cash" is not also Bitcoin.
 * - A name that is an everyday English word ("Near", "Maker") matches only as written in the coin list.
 * - A symbol matches as a whole word in upper case ("BTC") or after `$` in any case ("$sol").
 * - A symbol shorter than 3 characters or on AMBIGUOUS_SYMBOLS matches only after `$`.
 * - When two coins share a name or symbol, the one listed first wins (list coins by market cap).
 */

/** A coin as the tagger needs it. */
export interface TaggableCoin {
  id: string;
  symbol: string;
  names: readonly string[];
}

/**
 * Upper-case words that occur in English (or news) text about as often as tickers: matched only as `$SYMBOL`.
 * DOT is Polkadot's symbol but also the U.S. Department of Transportation; USD and CEO are not coins
 * but are symbols of small tokens.
 */
export const AMBIGUOUS_SYMBOLS: ReadonlySet<string> = new Set([
  'ALL',
  'AND',
  'ANY',
  'ARE',
  'BEST',
  'CAN',
  'CEO',
  'CORE',
  'DOT',
  'EDGE',
  'FOR',
  'FUN',
  'GAS',
  'GET',
  'HIGH',
  'HOT',
  'KEY',
  'MOVE',
  'NEW',
  'NOT',
  'NOW',
  'ONE',
  'OPEN',
  'PEOPLE',
  'REAL',
  'SAFE',
  'SUN',
  'THE',
  'TRUE',
  'USD',
  'WIN',
]);

/** Coin names that are everyday English words: matched only in the exact case the coin list gives. */
export const AMBIGUOUS_NAMES: ReadonlySet<string> = new Set([
  'compound',
  'flow',
  'gas',
  'graph',
  'harmony',
  'maker',
  'near',
  'one',
  'render',
  'safe',
  'sun',
  'theta',
]);

const MIN_BARE_SYMBOL_LENGTH = 3;
const UNSPACED = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}';
const UNSPACED_SCRIPT = new RegExp(`[${UNSPACED}]`, 'u');
/** A word: letters, digits and marks, but not of a script written without spaces (`v`: class subtraction). */
const WORD = new RegExp(`[[\\p{L}\\p{N}\\p{M}]--[${UNSPACED}]]+`, 'gv');
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Longest separator between two words of one name ("Bitcoin Cash", "USDC.E", "Lido Staked ETH"). */
const MAX_GAP = 3;
/** …unless it is whitespace only (line breaks and indentation in a text). */
const MAX_SPACE_GAP = 32;
const SPACES = /^\s+$/;

interface Word {
  text: string;
  start: number;
  end: number;
}

interface Lexicon {
  /** Lower-cased name → id. */
  caseless: Map<string, string>;
  /** Ambiguous name as written, or upper-case symbol → id. */
  exact: Map<string, string>;
  /** Lower-cased symbol, matched after `$` → id. */
  dollar: Map<string, string>;
  /** Names in unspaced scripts by their first UTF-16 unit, longest first. */
  unspaced: Map<number, Array<{ name: string; id: string }>>;
  /** Most words in any key. */
  maxWords: number;
  /** Lower-cased first words of keys with more than one word. */
  multiWordStarts: Set<string>;
}

/** Builds a tagger: text → ids of the coins it mentions, in order of first mention, each once. */
export function createCoinTagger(coins: ReadonlyArray<TaggableCoin>): (text: string) => string[] {
  const lexicon = buildLexicon(coins);
  return (text: string): string[] => {
    const normalised = text.normalize('NFC');
    const firstSeen = new Map<string, number>();
    const note = (id: string, at: number) => {
      const seen = firstSeen.get(id);
      if (seen === undefined || at < seen) firstSeen.set(id, at);
    };
    matchWords(normalised, lexicon, note);
    if (lexicon.unspaced.size > 0) matchUnspaced(normalised, lexicon, note);
    return [...firstSeen.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  };
}

function buildLexicon(coins: ReadonlyArray<TaggableCoin>): Lexicon {
  const lexicon: Lexicon = {
    caseless: new Map(),
    exact: new Map(),
    dollar: new Map(),
    unspaced: new Map(),
    maxWords: 1,
    multiWordStarts: new Set(),
  };
  const add = (map: Map<string, string>, key: string | null, id: string) => {
    if (key === null || map.has(key)) return;
    map.set(key, id);
    const words = key.match(WORD) ?? [];
    lexicon.maxWords = Math.max(lexicon.maxWords, words.length);
    if (words.length > 1 && words[0] !== undefined) lexicon.multiWordStarts.add(words[0].toLowerCase());
  };

  for (const coin of coins) {
    for (const rawName of coin.names) {
      const name = rawName.normalize('NFC').trim();
      if (name === '') continue;
      if (UNSPACED_SCRIPT.test(name)) {
        addUnspaced(lexicon.unspaced, name, coin.id);
      } else if (AMBIGUOUS_NAMES.has(name.toLowerCase())) {
        add(lexicon.exact, wordKey(name), coin.id);
      } else {
        add(lexicon.caseless, wordKey(name.toLowerCase()), coin.id);
      }
    }
    const symbol = coin.symbol.normalize('NFC').trim().toUpperCase();
    if (symbol === '') continue;
    add(lexicon.dollar, wordKey(symbol.toLowerCase()), coin.id);
    if (symbol.length >= MIN_BARE_SYMBOL_LENGTH && !AMBIGUOUS_SYMBOLS.has(symbol))
      add(lexicon.exact, wordKey(symbol), coin.id);
  }
  for (const candidates of lexicon.unspaced.values())
    candidates.sort((a, b) => b.name.length - a.name.length);
  return lexicon;
}

function addUnspaced(index: Lexicon['unspaced'], name: string, id: string): void {
  const first = name.charCodeAt(0);
  const candidates = index.get(first) ?? [];
  if (!candidates.some((candidate) => candidate.name === name)) candidates.push({ name, id });
  index.set(first, candidates);
}

/** The words of `text` joined by their separators (any whitespace as one space); null without words. */
function wordKey(text: string): string | null {
  const words = [...text.matchAll(WORD)];
  const first = words[0];
  const last = words[words.length - 1];
  if (first === undefined || last === undefined) return null;
  return normaliseGaps(text.slice(first.index, last.index + last[0].length));
}

function normaliseGaps(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function matchWords(text: string, lexicon: Lexicon, note: (id: string, at: number) => void): void {
  const words: Word[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text))
    words.push({ text: match[0], start: match.index, end: match.index + match[0].length });

  for (let i = 0; i < words.length;) {
    const word = words[i]!;
    const afterDollar = text[word.start - 1] === '$' && !LETTER_OR_DIGIT.test(text[word.start - 2] ?? ' ');
    const at = afterDollar ? word.start - 1 : word.start;
    let matchedWords = 0;
    if (lexicon.multiWordStarts.has(word.text.toLowerCase())) {
      // Keys of 2..maxWords words starting here, the longest looked up first.
      const keys: string[] = [word.text];
      for (let n = 1; n < lexicon.maxWords && i + n < words.length; n++) {
        const gap = text.slice(words[i + n - 1]!.end, words[i + n]!.start);
        if (gap.length > (SPACES.test(gap) ? MAX_SPACE_GAP : MAX_GAP) || LETTER_OR_DIGIT.test(gap)) break;
        keys.push(`${keys[n - 1]}${normaliseGaps(gap)}${words[i + n]!.text}`);
      }
      for (let n = keys.length; n >= 2 && matchedWords === 0; n--) {
        const id = lookUp(lexicon, keys[n - 1]!, afterDollar);
        if (id !== undefined) {
          note(id, at);
          matchedWords = n;
        }
      }
    }
    if (matchedWords === 0) {
      const id = lookUp(lexicon, word.text, afterDollar);
      if (id !== undefined) note(id, at);
      matchedWords = 1;
    }
    i += matchedWords;
  }
}

function lookUp(lexicon: Lexicon, key: string, afterDollar: boolean): string | undefined {
  const lower = key.toLowerCase();
  return afterDollar
    ? (lexicon.dollar.get(lower) ?? lexicon.caseless.get(lower))
    : (lexicon.caseless.get(lower) ?? lexicon.exact.get(key));
}

function matchUnspaced(text: string, lexicon: Lexicon, note: (id: string, at: number) => void): void {
  for (let at = 0; at < text.length;) {
    const candidates = lexicon.unspaced.get(text.charCodeAt(at));
    const hit = candidates?.find((candidate) => text.startsWith(candidate.name, at));
    if (hit === undefined) {
      at++;
      continue;
    }
    note(hit.id, at);
    at += hit.name.length;
  }
}
