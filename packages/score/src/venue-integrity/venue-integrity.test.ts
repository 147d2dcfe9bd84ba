import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { integrityFeatures } from './integrity-features.js';
import { bookAtLastPrint, bookDepth, evidence, honestTape, washTape } from './testing/tape-fixtures.js';
import { scoreVenues } from './venue-integrity.js';
import type { VenueEvidence } from './venue-evidence.js';

/** Twelve honest venues, so each case is judged against peers as in production. */
const peers = (): VenueEvidence[] =>
  Array.from({ length: 12 }, (_, index) =>
    evidence(`honest-${index}`, honestTape(`honest-${index}`, 1_500, 100 + index)),
  );

function judge(subject: VenueEvidence) {
  const scored = scoreVenues([...peers(), subject].map((venue) => integrityFeatures(venue)));
  return { subject: scored.at(-1)!, honest: scored.slice(0, -1) };
}

describe('venue integrity', () => {
  it('passes honest venues', () => {
    const { subject, honest } = judge(evidence('honest-x', honestTape('honest-x', 1_500, 7)));
    for (const venue of [...honest, subject]) {
      expect(venue.integrity, venue.exchangeId).toBeGreaterThan(0.9);
      expect(venue.flags).toEqual([]);
    }
  });

  it('flags naive wash: machine sizes, no round numbers, self-trade pairs', () => {
    const { subject } = judge(
      evidence('wash', [...honestTape('wash', 200, 9), ...washTape('wash', 1_200, 9, false)]),
    );
    expect(subject.integrity).toBeLessThan(0.2);
    expect(subject.flags).toEqual(
      expect.arrayContaining(['benford_misfit', 'no_round_sizes', 'paired_prints']),
    );
  });

  it('holds a one-size bot to the first-digit limit without peers, past the margin its sample size leaves', () => {
    for (const amount of [0.1234, 3.217]) {
      const tape = honestTape('bot', 500, 5).map((print) => ({ ...print, amount }));
      const [alone] = scoreVenues([integrityFeatures(evidence('bot', tape))]);
      expect(alone!.flags, String(amount)).toContain('benford_misfit');
      expect(alone!.integrity).toBeLessThanOrEqual(0.3);
    }
  });

  it('flags adaptive wash that mimics sizes, by its pairs', () => {
    const { subject } = judge(
      evidence('mimic', [...honestTape('mimic', 200, 11), ...washTape('mimic', 1_200, 11, true)]),
    );
    expect(subject.features.benfordMad!).toBeLessThan(0.015);
    expect(subject.integrity).toBeLessThan(0.2);
    expect(subject.flags).toContain('paired_prints');
  });

  it('does not mistake a thin but honest market for wash', () => {
    const { subject } = judge(
      evidence('thin', honestTape('thin', 30, 13), { reportedVolumeUsd24h: bookDepth() * 30 }),
    );
    expect(subject.sampleTooSmall).toBe(true);
    expect(subject.integrity).toBeGreaterThan(0.9);
    expect(subject.features.benfordMad).toBeNull();
  });

  it('flags reported volume far beyond what the book supports', () => {
    const { subject } = judge(
      evidence('inflated', honestTape('inflated', 1_500, 15), {
        reportedVolumeUsd24h: bookDepth() * 30 * 50,
      }),
    );
    expect(subject.flags).toContain('thin_book_for_volume');
    expect(subject.integrity).toBeLessThan(0.3);
  });

  it('flags a venue printing outside its own quote', () => {
    const tape = honestTape('offbook', 1_500, 17, 60_000).map((print) => ({
      ...print,
      price: print.price * 1.02,
    }));
    const { subject } = judge(evidence('offbook', tape));
    expect(subject.flags).toContain('prints_outside_quote');
    expect(subject.integrity).toBeLessThan(0.3);
  });

  it('keeps integrity in [0, 1], and more wash never raises it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 1_000 }),
        (base, extra, seed) => {
          const honest = honestTape('v', 400, seed);
          const less = judge(evidence('v', [...honest, ...washTape('v', base, seed, false)])).subject;
          const more = judge(evidence('v', [...honest, ...washTape('v', base + extra, seed, false)])).subject;
          for (const venue of [less, more]) {
            expect(venue.integrity).toBeGreaterThanOrEqual(0);
            expect(venue.integrity).toBeLessThanOrEqual(1);
          }
          // The first `base` pairs are shared, so "more" is "less" plus wash.
          expect(more.integrity).toBeLessThanOrEqual(less.integrity + 1e-9);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('does not punish an honest venue for trading more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 3_000 }), fc.integer({ min: 1, max: 1_000 }), (count, seed) => {
        const tape = honestTape('busy', count, seed);
        const busy = evidence('busy', tape, { books: [bookAtLastPrint('busy', tape)] });
        expect(judge(busy).subject.integrity).toBeGreaterThan(0.8);
      }),
      // A fixed seed: the flow test's floor falls on about 3 in 1,000 of these synthetic honest tapes (the score
      // methodology's §8 names its false positives), so drawing new ones each run would fail one CI run in ~20
      // on that known rate rather than on a change.
      { numRuns: 20, seed: 20_261_129 },
    );
  });
});
