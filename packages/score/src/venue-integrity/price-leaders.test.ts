import { describe, expect, it } from 'vitest';

import type { TradePrint } from '@coinlens/market-model';
import { judgeVenues } from './judge-venues.js';
import { pairTallies } from './integrity-features.js';
import type { PairTally } from './integrity-features.js';
import { markLeaders } from './price-leaders.js';
import { book, evidence, honestTape } from './testing/tape-fixtures.js';
import type { VenueEvidence } from './venue-evidence.js';

const tally = (coinId: string, notional: number, from = 0, to = 60_000): PairTally => ({
  ...pairTallies({ trades: honestTape('t', 1, 1), books: [] })[0]!,
  coinId,
  prints: 0,
  notional,
  from,
  to,
  leads: true,
});

/** The leaders among venues a, b (each one pair of coin 'x') with depths `a`, `b` and time spans. */
function leads(a: number | null, b: number | null, bFrom = 0): [boolean, boolean] {
  const venues = [
    { exchangeId: 'a', tallies: [{ ...tally('x', 1), from: 0, to: 60_000 }] },
    { exchangeId: 'b', tallies: [{ ...tally('x', 1), from: bFrom, to: bFrom + 60_000 }] },
  ];
  markLeaders(venues, { of: (exchangeId) => (exchangeId === 'a' ? a : b) });
  return [venues[0]!.tallies[0]!.leads, venues[1]!.tallies[0]!.leads];
}

describe('price leaders', () => {
  it("reads a coin's main pair on a venue, the most notional, and not the quotes that follow it", () => {
    const tallies = [tally('x', 5), tally('x', 9), tally('y', 1), tally('x', 2)];
    markLeaders([{ exchangeId: 'v', tallies }]);
    expect(tallies.map((entry) => entry.leads)).toEqual([false, true, true, false]);
  });

  it('takes a pair for a follower only beside a concurrent venue holding more than twice its depth', () => {
    expect(leads(10e6, 1e6)).toEqual([true, false]);
    expect(leads(3e6, 2e6)).toEqual([true, true]);
    expect(leads(2e6, 4e6)).toEqual([true, true]);
    // Tapes of different times are not one market; unknown depth decides nothing.
    expect(leads(10e6, 1e6, 120_000)).toEqual([true, true]);
    expect(leads(null, 1e6)).toEqual([true, true]);
    expect(leads(10e6, null)).toEqual([true, true]);
  });

  it('compares with every venue trading the coin now, sampled or not', () => {
    const tallies = [tally('x', 1)];
    markLeaders([{ exchangeId: 'a', tallies }], { of: () => 1e6, concurrent: () => [1e6, 5e6] });
    expect(tallies[0]!.leads).toBe(false);
    markLeaders([{ exchangeId: 'a', tallies }], { of: () => 1e6, concurrent: () => [1e6, 1.5e6] });
    expect(tallies[0]!.leads).toBe(true);
  });
});

/**
 * A follower of `leader`: its own prints (times, sizes, sides from an honest tape of its own) at the leader's mid
 * of the moment, so its price moves with the leader's whatever its own flow does.
 */
function follower(leader: readonly TradePrint[], seed: number): TradePrint[] {
  const mids = leader.map((print) => print.price / (print.side === 'buy' ? 1.0005 : 0.9995));
  let at = 0;
  return honestTape('f', 3_000, seed).map((print) => {
    while (at + 1 < leader.length && leader[at + 1]!.timestamp <= print.timestamp) at++;
    const mid = mids[at]!;
    return { ...print, price: Number((print.side === 'buy' ? mid * 1.0005 : mid * 0.9995).toPrecision(8)) };
  });
}

function withDepth(venue: VenueEvidence, depthUsd2pct: number): VenueEvidence {
  const markets = [
    { coinId: 'coin', reportedVolumeUsd24h: venue.reportedVolumeUsd24h, depthUsd2pct, tapeCappedUsd: null },
  ];
  return { ...venue, depthUsd2pct, markets };
}

describe('an honest follower', () => {
  const leaderTape = honestTape('l', 3_000, 21);
  const leader = evidence('l', leaderTape, { books: [book('l')] });
  const followed = evidence('f', follower(leaderTape, 22), { books: [book('f')] });

  it('is not accused of flow that does not move its price beside a deeper market it follows', async () => {
    const { venues } = await judgeVenues([withDepth(leader, 10e6), withDepth(followed, 1e6)]);
    const [, verdict] = venues;
    expect(verdict!.features.flowPrice).toBeNull();
    expect(verdict!.flags).not.toContain('flow_moves_no_price');
    expect(verdict!.integrity).toBeGreaterThanOrEqual(0.9);
    expect(venues[0]!.integrity).toBeGreaterThanOrEqual(0.9);
  });

  it('is read, and accused, where it is the deepest market of the coin', async () => {
    const { venues } = await judgeVenues([withDepth(leader, 1e6), withDepth(followed, 10e6)]);
    const [, verdict] = venues;
    expect(verdict!.features.flowPrice!.correlation).toBeLessThan(0.1);
    expect(verdict!.flags).toContain('flow_moves_no_price');
    expect(verdict!.integrity).toBeLessThan(0.2);
  });
});
