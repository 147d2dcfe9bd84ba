import type { TradePrint } from '@coinlens/market-model';

/** A print a washer adds: the fields the venue's feed shows. */
export type FakePrint = Pick<TradePrint, 'price' | 'amount' | 'side' | 'timestamp'>;

type Side = 'buy' | 'sell';

export function opposite(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}

/** The times between consecutive prints, in order. */
export function gapsOf(tape: readonly Pick<TradePrint, 'timestamp'>[]): number[] {
  return tape.slice(1).map((print, index) => print.timestamp - tape[index]!.timestamp);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The sides of the prints that have one, in order. */
export function sidesOf(tape: readonly Pick<TradePrint, 'side'>[]): Side[] {
  return tape.flatMap((print) => (print.side === null ? [] : [print.side]));
}

/** The share of consecutive sided prints on the same side (null under two sided prints). */
export function stayProbability(sides: readonly Side[]): number | null {
  if (sides.length < 2) return null;
  let stays = 0;
  for (let index = 1; index < sides.length; index++) if (sides[index] === sides[index - 1]) stays++;
  return stays / (sides.length - 1);
}

/** Lag-1 autocorrelation of the signs (buy +1, sell −1); 0 when it is undefined. */
export function signAutocorrelation(sides: readonly Side[]): number {
  if (sides.length < 3) return 0;
  const signs = sides.map((side) => (side === 'buy' ? 1 : -1));
  const mean = signs.reduce((sum, sign) => sum + sign, 0) / signs.length;
  let numerator = 0;
  let denominator = 0;
  for (let index = 0; index < signs.length; index++) {
    const centred = signs[index]! - mean;
    denominator += centred * centred;
    if (index > 0) numerator += centred * (signs[index - 1]! - mean);
  }
  return denominator > 0 ? numerator / denominator : 0;
}

/** The logs of the sizes' deciles (10 % … 90 %). */
export function logSizeDeciles(tape: readonly Pick<TradePrint, 'amount'>[]): number[] {
  const sizes = tape.map((print) => print.amount).sort((a, b) => a - b);
  if (sizes.length === 0) return [];
  return Array.from({ length: 9 }, (_, index) =>
    Math.log(sizes[Math.min(sizes.length - 1, Math.floor(((index + 1) / 10) * sizes.length))]!),
  );
}

/** The decimals the venue's sizes are written in (its lot step), at most 8. */
export function sizeDecimals(tape: readonly Pick<TradePrint, 'amount'>[]): number {
  let decimals = 0;
  for (const { amount } of tape)
    while (decimals < 8 && Math.abs(Number(amount.toFixed(decimals)) - amount) > 1e-12 * Math.max(1, amount))
      decimals++;
  return decimals;
}

/** Σ price × amount. */
export function notionalOf(prints: readonly Pick<TradePrint, 'price' | 'amount'>[]): number {
  return prints.reduce((sum, print) => sum + print.price * print.amount, 0);
}
