import type { TradePrint } from '@coinlens/market-model';

import { midAt } from './quotes.js';
import { logSizeDeciles, median, signAutocorrelation, sidesOf, sizeDecimals } from './tape-stats.js';
import type { FakePrint } from './tape-stats.js';
import type { Touch } from './touch.js';

/** The attacked window is filled in slots of an eighth of its span, each with a stretch of the same length. */
const SLOTS = 8;
const SIZE_JITTER = 0.03;
const TIME_JITTER_MS = 40;

/** A stretch of the tape, `[from, from + length)`, printed again over `[at, at + length)`. */
export interface LaidStretch {
  from: number;
  at: number;
  length: number;
}

interface Candidate {
  from: number;
  prints: readonly TradePrint[];
  unlikeness: number;
}

/**
 * `self_copy`: the venue's own tape replayed — stretches of it from other moments, the ones most like its normal
 * flow first (sign autocorrelation and size deciles nearest the whole tape's), re-timed onto each slot of the
 * window, layer over layer until `target` notional. Sides kept; sizes jittered a few percent at the venue's lot
 * decimals, times tens of ms; each price keeps where it sat against its own mid and moves onto the live mid.
 */
export function copyStretches(
  tape: readonly TradePrint[],
  target: number,
  touch: Touch,
  random: () => number,
): { fakes: FakePrint[]; stretches: LaidStretch[] } {
  const start = tape[0]!.timestamp;
  const end = tape[tape.length - 1]!.timestamp;
  const length = Math.max(1, (end - start) / SLOTS);
  const candidates = rankedStretches(tape, start, end, length);
  const decimals = sizeDecimals(tape);
  const uses = new Map<Candidate, number>();
  const fakes: FakePrint[] = [];
  const stretches: LaidStretch[] = [];
  let added = 0;
  while (added < target && candidates.length > 0) {
    const before = added;
    for (let slot = 0; slot < SLOTS && added < target; slot++) {
      const at = start + slot * length;
      // Another moment than the slot's own; the least used of the most normal-looking first.
      const elsewhere = candidates.filter((candidate) => Math.abs(candidate.from - at) >= length);
      if (elsewhere.length === 0) continue;
      const fewest = Math.min(...elsewhere.map((candidate) => uses.get(candidate) ?? 0));
      const stretch = elsewhere.find((candidate) => (uses.get(candidate) ?? 0) === fewest)!;
      uses.set(stretch, fewest + 1);
      stretches.push({ from: stretch.from, at, length });
      for (const print of stretch.prints) {
        const time = Math.min(
          end,
          Math.max(
            start,
            Math.round(at + print.timestamp - stretch.from + (random() - 0.5) * 2 * TIME_JITTER_MS),
          ),
        );
        const jittered = Number((print.amount * (1 + (random() - 0.5) * 2 * SIZE_JITTER)).toFixed(decimals));
        const amount = jittered > 0 ? jittered : print.amount;
        const price = (print.price * midAt(touch, time)) / midAt(touch, print.timestamp);
        fakes.push({ price, amount, side: print.side, timestamp: time });
        added += price * amount;
        if (added >= target) break;
      }
    }
    if (added === before) break;
  }
  return { fakes, stretches };
}

export function selfCopy(
  tape: readonly TradePrint[],
  target: number,
  touch: Touch,
  random: () => number,
): FakePrint[] {
  return copyStretches(tape, target, touch, random).fakes;
}

/** Stretches of `length` every half length, the ones nearest the whole tape's sign clustering and sizes first. */
function rankedStretches(
  tape: readonly TradePrint[],
  start: number,
  end: number,
  length: number,
): Candidate[] {
  const wholeAutocorrelation = signAutocorrelation(sidesOf(tape));
  const wholeDeciles = logSizeDeciles(tape);
  const all: Candidate[] = [];
  for (let from = start; from + length <= end + 1e-9; from += length / 2) {
    const prints = tape.filter((print) => print.timestamp >= from && print.timestamp < from + length);
    if (prints.length === 0) continue;
    const deciles = logSizeDeciles(prints);
    const sizeDistance =
      deciles.reduce((sum, value, index) => sum + Math.abs(value - wholeDeciles[index]!), 0) / deciles.length;
    const unlikeness = Math.abs(signAutocorrelation(sidesOf(prints)) - wholeAutocorrelation) + sizeDistance;
    all.push({ from, prints, unlikeness });
  }
  // A stretch much thinner than usual is a lull, not normal flow.
  const usual = median(all.map((candidate) => candidate.prints.length)) ?? 0;
  return all
    .filter((candidate) => candidate.prints.length >= Math.max(2, usual / 2))
    .sort((a, b) => a.unlikeness - b.unlikeness || a.from - b.from);
}
