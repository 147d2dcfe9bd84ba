// Distribution tests of trade sizes. Sizes are compared within a pair (first digits are scale-invariant), so
// pairs of different quote currencies can be merged.

const BENFORD = Array.from({ length: 10 }, (_, digit) => (digit === 0 ? 0 : Math.log10(1 + 1 / digit)));

/** 10 ** k for every decade a positive double can have (the same values `10 ** k` gives), read instead of a power. */
const POWERS_OF_TEN_FROM = -325;
const POWERS_OF_TEN = Float64Array.from(
  { length: 311 - POWERS_OF_TEN_FROM },
  (_, index) => 10 ** (index + POWERS_OF_TEN_FROM),
);
const powerOfTen = (exponent: number) =>
  exponent >= POWERS_OF_TEN_FROM && exponent - POWERS_OF_TEN_FROM < POWERS_OF_TEN.length
    ? POWERS_OF_TEN[exponent - POWERS_OF_TEN_FROM]!
    : 10 ** exponent;

/** The decade of a positive size: floor(log10). */
const decadeOf = (value: number) => Math.floor(Math.log10(value));

function firstSignificantDigit(value: number, decade: number): number {
  const digit = Math.floor(value / powerOfTen(decade));
  // Floating point can land a hair below a power of ten (0.999… → 9); the string form settles it.
  return digit >= 1 && digit <= 9 ? digit : Number(value.toExponential().charAt(0));
}

/** Whether a size was typed with at most two significant digits (0.25, 20, 3), without formatting a string. */
export function isRound(value: number): boolean {
  return isRoundIn(value, decadeOf(value));
}

function isRoundIn(value: number, decade: number): boolean {
  const scaled = value / powerOfTen(decade - 1);
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * scaled;
}

/**
 * Nigrini's mean absolute deviation of first significant digits from Benford's law (Cong et al. use the same
 * first-digit test on exchange tapes; Aloosh & Li validated it on the Mt. Gox leak). Honest tapes sit below
 * ~0.012; machine-sized wash far above.
 */
export function benfordMad(sizes: readonly number[]): number {
  return benfordMadOf([sizeTally(sizes)]);
}

/**
 * Share of sizes typed with at most two significant digits (0.5, 20, 0.03 …). People type round sizes; wash bots
 * print full precision (Bitwise 2019; Cong et al.'s round-number clustering test).
 */
export function roundSizeShare(sizes: readonly number[]): number {
  return roundSizeShareOf([sizeTally(sizes)]);
}

/** What the size tests count over some sizes: positive sizes by first digit, and how many are round. */
export interface SizeTally {
  firstDigits: number[];
  positive: number;
  round: number;
}

export function sizeTally(sizes: readonly number[]): SizeTally {
  const tally: SizeTally = { firstDigits: new Array<number>(10).fill(0), positive: 0, round: 0 };
  for (let index = 0; index < sizes.length; index++) {
    const size = sizes[index]!;
    if (!(size > 0)) continue;
    const decade = decadeOf(size);
    tally.firstDigits[firstSignificantDigit(size, decade)]! += 1;
    tally.positive++;
    if (isRoundIn(size, decade)) tally.round++;
  }
  return tally;
}

export function benfordMadOf(tallies: readonly SizeTally[]): number {
  const counts = new Array<number>(10).fill(0);
  for (const tally of tallies)
    for (let digit = 1; digit <= 9; digit++) counts[digit]! += tally.firstDigits[digit]!;
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  let deviation = 0;
  for (let digit = 1; digit <= 9; digit++) deviation += Math.abs(counts[digit]! / total - BENFORD[digit]!);
  return deviation / 9;
}

export function roundSizeShareOf(tallies: readonly SizeTally[]): number {
  let positive = 0;
  let round = 0;
  for (const tally of tallies) {
    positive += tally.positive;
    round += tally.round;
  }
  return positive === 0 ? 0 : round / positive;
}

/**
 * The MAD an honest sample of `count` sizes shows by chance alone: each digit's share deviates from its
 * Benford probability p by about √(2p(1−p)/(πn)) in absolute value. A short tape is not judged by the yardstick
 * of a long one (Nigrini's thresholds assume thousands of records).
 */
export function benfordChanceMad(count: number): number {
  if (count <= 0) return 0;
  let sum = 0;
  for (let digit = 1; digit <= 9; digit++) {
    const p = BENFORD[digit]!;
    sum += Math.sqrt((2 * p * (1 - p)) / (Math.PI * count));
  }
  return sum / 9;
}
