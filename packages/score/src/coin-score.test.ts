import { describe, expect, it } from 'vitest';

import { coinFactorValues } from './coin-factors.js';
import type { Baseline, CoinEvidence, SocialReading } from './coin-factors.js';
import { scoreCoins } from './coin-score.js';
import { COIN_FACTOR_WEIGHTS, SCORE_PARAMETERS } from './methodology.js';
import { typicalReading } from './typical-reading.js';

/** A coin with honest venues; `scale` sizes everything about it. */
function coin(coinId: string, scale: number, overrides: Partial<CoinEvidence> = {}): CoinEvidence {
  return {
    coinId,
    marketCapUsd: 1e8 * scale,
    venues: [
      {
        exchangeId: 'a',
        reportedVolumeUsd24h: 1e6 * scale,
        depthUsd2pct: 2e4 * scale,
        integrity: 1,
        priceExcluded: false,
        evidenced: true,
      },
      {
        exchangeId: 'b',
        reportedVolumeUsd24h: 1e6 * scale,
        depthUsd2pct: 2e4 * scale,
        integrity: 1,
        priceExcluded: false,
        evidenced: true,
      },
    ],
    social: { followers: 1e4 * scale, engagement24h: 500 * scale },
    onChain: { activeAddresses24h: 1e3 * scale, top10HolderShare: 0.3, developerCommits30d: 10 * scale },
    announcements30d: Math.round(2 * scale),
    baselines: [],
    ...overrides,
  };
}

const universe = (extra: CoinEvidence[] = []) => [
  ...Array.from({ length: 100 }, (_, index) => coin(`c${index}`, 1 + index)),
  ...extra,
];

describe('scoreCoins', () => {
  it('orders an honest universe by size and keeps scores in 0–100', () => {
    const scores = scoreCoins(universe().map(coinFactorValues));
    expect(scores).toHaveLength(100);
    for (const score of scores) {
      expect(score.score).toBeGreaterThan(0);
      expect(score.score).toBeLessThanOrEqual(100);
    }
    const byId = new Map(scores.map((score) => [score.coinId, score.score]));
    expect(byId.get('c99')!).toBeGreaterThan(byId.get('c50')!);
    expect(byId.get('c50')!).toBeGreaterThan(byId.get('c0')!);
  });

  it('lets no single maxed-out factor carry a coin: at most (1/u)^w', () => {
    const small = coin('small', 3);
    const loud = coin('small', 3, { social: { followers: 1e12, engagement24h: 1e12 } });
    const before = scoreCoins(universe([small]).map(coinFactorValues)).find((s) => s.coinId === 'small')!;
    const after = scoreCoins(universe([loud]).map(coinFactorValues)).find((s) => s.coinId === 'small')!;
    const bound = (1 / before.components.social!) ** COIN_FACTOR_WEIGHTS.social;
    expect(after.score / before.score).toBeLessThanOrEqual(bound * (1 + 1e-9));
    expect(after.score).toBeLessThan(50);
  });

  it('does not score a coin without its market factors', () => {
    const noMarket = coin('ghost', 5, { marketCapUsd: null });
    const scores = scoreCoins(universe([noMarket]).map(coinFactorValues));
    expect(scores.find((score) => score.coinId === 'ghost')).toBeUndefined();
  });

  it('flags a coin whose volume is mostly on low-integrity venues, dropping the fake volume but not the coin', () => {
    const washed = coin('washed', 10, {
      venues: [
        {
          exchangeId: 'a',
          reportedVolumeUsd24h: 1e6,
          depthUsd2pct: 2e4,
          integrity: 1,
          priceExcluded: false,
          evidenced: true,
        },
        {
          exchangeId: 'wash',
          reportedVolumeUsd24h: 5e8,
          depthUsd2pct: 2e4,
          integrity: 0.05,
          priceExcluded: false,
          evidenced: true,
        },
      ],
    });
    const score = scoreCoins(universe([washed]).map(coinFactorValues)).find((s) => s.coinId === 'washed')!;
    expect(score.highRisk).toBe(true);
    expect(score.flags).toContainEqual({ kind: 'suspicious_volume', exchangeIds: ['wash'] });
    // The wash venue counts at most its book's depth-implied volume × its integrity: far below its report.
    expect(score.values.volume.verified).toBeLessThan(1.25e6);
    // No coin-wide multiplier: the score is the weighted geometric mean of its components.
    let logSum = 0;
    let weights = 0;
    for (const [factor, rank] of Object.entries(score.components)) {
      if (rank === null) continue;
      const weight = COIN_FACTOR_WEIGHTS[factor as keyof typeof COIN_FACTOR_WEIGHTS];
      logSum += weight * Math.log(Math.max(rank, 1e-3));
      weights += weight;
    }
    expect(score.score).toBeCloseTo(100 * Math.exp(logSum / weights), 6);
  });
});

describe('coinFactorValues', () => {
  const before = { followers: 1e4, engagement24h: 500 };
  const baseline = (window: Baseline['window'], social: SocialReading | null = before) => ({
    window,
    social,
    activeAddresses24h: 1e3,
    verifiedVolumeUsd: 2e6,
  });

  it('does not count social growth that nothing independent corroborates, and flags it', () => {
    const organic = coinFactorValues(coin('organic', 1, { social: before, baselines: [baseline('day')] }));
    for (const social of [
      { followers: 1e5, engagement24h: 505 }, // bought followers
      { followers: 1e4, engagement24h: 5_000 }, // bought engagement
    ]) {
      const bought = coinFactorValues(coin('bought', 1, { social, baselines: [baseline('day')] }));
      expect(bought.flags.map((flag) => flag.kind)).toContain('unconfirmed_social_spike');
      expect(bought.raw.social! / organic.raw.social!).toBeCloseTo(
        1 + SCORE_PARAMETERS.socialOrganicGrowth.day,
        6,
      );
    }
  });

  it('catches followers drip-fed over a month that no single day shows', () => {
    const yesterday = { followers: 9.3e4, engagement24h: 500 };
    const dripped = coinFactorValues(
      coin('dripped', 1, {
        social: { followers: 1e5, engagement24h: 500 },
        baselines: [baseline('day', yesterday), baseline('month')],
      }),
    );
    expect(dripped.flags.map((flag) => flag.kind)).toContain('unconfirmed_social_spike');
    expect(dripped.raw.social!).toBeCloseTo(600 * (1 + SCORE_PARAMETERS.socialOrganicGrowth.month), 6);
  });

  it('counts engagement or followers bought a day before the day-old reading only up to the week’s typical level', () => {
    // Engagement swings by tens of percent a day: it dipped to 310, then was bought at 11× before yesterday's
    // reading, so the day window sees no growth; the week's median (500) is the baseline that holds.
    const daily = [500, 520, 480, 310].map((engagement24h) => ({ followers: 1e4, engagement24h }));
    for (const bought of [
      { yesterday: { followers: 1e4, engagement24h: 3_410 }, now: { followers: 1e4, engagement24h: 3_520 } },
      { yesterday: { followers: 1.1e5, engagement24h: 510 }, now: { followers: 1.1e5, engagement24h: 505 } },
    ]) {
      const week = typicalReading([...daily, bought.yesterday].map((social) => baseline('week', social)));
      expect(week.social).toEqual({ followers: 1e4, engagement24h: 500 });
      const dayOnly = coinFactorValues(
        coin('bought', 1, { social: bought.now, baselines: [baseline('day', bought.yesterday)] }),
      );
      expect(dayOnly.flags.map((flag) => flag.kind)).not.toContain('unconfirmed_social_spike');
      const withWeek = coinFactorValues(
        coin('bought', 1, {
          social: bought.now,
          baselines: [baseline('day', bought.yesterday), { window: 'week', ...week }],
        }),
      );
      expect(withWeek.flags.map((flag) => flag.kind)).toContain('unconfirmed_social_spike');
      expect(withWeek.raw.social!).toBeCloseTo(600 * (1 + SCORE_PARAMETERS.socialOrganicGrowth.week), 6);
    }
  });

  it('counts a steady organic rise of engagement in full against the week', () => {
    // 1 % a day: the week's median is four days old, so the figure has grown 4 % over it.
    const engagement = (day: number) => 500 * 1.01 ** day;
    const week = typicalReading(
      [0, 1, 2, 3, 4, 5, 6].map((day) =>
        baseline('week', { followers: 1e4, engagement24h: engagement(day) }),
      ),
    );
    const now = { followers: 1e4, engagement24h: engagement(7) };
    const rising = coinFactorValues(
      coin('rising', 1, {
        social: now,
        baselines: [
          baseline('day', { followers: 1e4, engagement24h: engagement(6) }),
          { window: 'week', ...week },
        ],
      }),
    );
    expect(rising.flags.map((flag) => flag.kind)).not.toContain('unconfirmed_social_spike');
    expect(rising.raw.social!).toBeCloseTo(now.engagement24h + 100, 6);
  });

  it('takes each figure’s median over the readings that know it', () => {
    const week = typicalReading([
      { social: { followers: 10, engagement24h: null }, activeAddresses24h: 5, verifiedVolumeUsd: 1 },
      { social: null, activeAddresses24h: null, verifiedVolumeUsd: 3 },
      { social: { followers: 30, engagement24h: 7 }, activeAddresses24h: 9, verifiedVolumeUsd: 2 },
    ]);
    expect(week).toEqual({
      social: { followers: 20, engagement24h: 7 },
      activeAddresses24h: 7,
      verifiedVolumeUsd: 2,
    });
    const silent = typicalReading([{ social: null, activeAddresses24h: null, verifiedVolumeUsd: null }]);
    expect(silent.social).toBeNull();
  });

  it('counts social growth that independent evidence corroborates', () => {
    const grown = coinFactorValues(
      coin('grown', 1, {
        social: { followers: 5e4, engagement24h: 2_500 },
        onChain: { activeAddresses24h: 6e3, top10HolderShare: 0.2, developerCommits30d: 10 },
        baselines: [baseline('day')],
      }),
    );
    expect(grown.flags.map((flag) => flag.kind)).not.toContain('unconfirmed_social_spike');
    expect(grown.raw.social!).toBeCloseTo(3_000, 6);
  });

  it('counts active addresses for less when a few wallets hold the supply', () => {
    const spread = coinFactorValues(coin('spread', 1));
    const held = coinFactorValues(
      coin('held', 1, {
        onChain: { activeAddresses24h: 1e3, top10HolderShare: 0.9, developerCommits30d: 10 },
      }),
    );
    expect(held.raw.on_chain!).toBeLessThan(spread.raw.on_chain! / 2);
    expect(held.flags).toContainEqual({ kind: 'concentrated_holders', top10Share: 0.9 });
  });

  it('reads an unknown figure as missing, never as zero', () => {
    const live = coinFactorValues(
      coin('live', 1, {
        social: { followers: 2e4, engagement24h: null },
        onChain: { activeAddresses24h: null, top10HolderShare: null, developerCommits30d: null },
      }),
    );
    expect(live.raw.on_chain).toBeNull();
    expect(live.raw.developer).toBeNull();
    expect(live.raw.social).toBe(200);
    const unconcentrated = coinFactorValues(
      coin('unknown-holders', 1, {
        onChain: { activeAddresses24h: 1e3, top10HolderShare: null, developerCommits30d: 10 },
      }),
    );
    expect(unconcentrated.raw.on_chain).toBe(1e3);
    expect(unconcentrated.flags.map((flag) => flag.kind)).not.toContain('concentrated_holders');
    const silent = coinFactorValues(coin('silent', 1, { social: { followers: null, engagement24h: null } }));
    expect(silent.raw.social).toBeNull();
  });

  it('more real depth never lowers liquidity', () => {
    const base = coinFactorValues(coin('x', 1));
    const deeper = coinFactorValues(
      coin('x', 1, {
        venues: base.volume.venues.map((venue) => ({
          exchangeId: venue.exchangeId,
          reportedVolumeUsd24h: venue.reported,
          depthUsd2pct: 4e4,
          integrity: 1,
          priceExcluded: false,
          evidenced: true,
        })),
      }),
    );
    expect(deeper.raw.liquidity!).toBeGreaterThan(base.raw.liquidity!);
  });
});

describe('what the score knows', () => {
  const bare = (coinId: string, scale: number, overrides: Partial<CoinEvidence> = {}): CoinEvidence =>
    coin(coinId, scale, {
      venues: [],
      social: null,
      onChain: null,
      announcements30d: null,
      ...overrides,
    });

  it('does not score a coin whose only evidence is its market cap', () => {
    const universe = [bare('a', 1), bare('b', 2), bare('c', 3)].map((entry) => coinFactorValues(entry));
    expect(universe.map((entry) => entry.raw.verified_volume)).toEqual([null, null, null]);
    expect(scoreCoins(universe)).toEqual([]);
  });

  it('scores with market cap and two more families, and not with one', () => {
    const social = { followers: 1e4, engagement24h: 500 };
    const twoFamilies = bare('two', 1, { social });
    const threeFamilies = bare('three', 1, { social, announcements30d: 4 });
    const scored = scoreCoins([twoFamilies, threeFamilies].map((entry) => coinFactorValues(entry)));
    expect(scored.map((score) => score.coinId)).toEqual(['three']);
  });

  it('counts nothing from venues that nothing checks', () => {
    const unchecked = coinFactorValues(
      bare('unchecked', 1, {
        venues: [
          {
            exchangeId: 'a',
            reportedVolumeUsd24h: 1e6,
            depthUsd2pct: null,
            integrity: 1,
            priceExcluded: false,
            evidenced: false,
          },
        ],
      }),
    );
    expect(unchecked.raw.verified_volume).toBeNull();
    expect(unchecked.volume.venues[0]).toMatchObject({ verified: 0, limitedBy: 'no_evidence' });
  });
});

describe('on-chain usage from live keyless sources', () => {
  it('ranks fees paid where active addresses are unknown, and nothing where neither is known', () => {
    const withFees = coinFactorValues(
      coin('fees', 1, {
        onChain: {
          activeAddresses24h: null,
          top10HolderShare: null,
          developerCommits30d: null,
          fees24hUsd: 2e5,
        },
      }),
    );
    expect(withFees.raw.on_chain).toBe(2e5);
    expect(withFees.flags.map((flag) => flag.kind)).not.toContain('concentrated_holders');
    const unknown = coinFactorValues(
      coin('unknown', 1, {
        onChain: {
          activeAddresses24h: null,
          top10HolderShare: null,
          developerCommits30d: null,
          fees24hUsd: null,
        },
      }),
    );
    expect(unknown.raw.on_chain).toBeNull();
  });

  it('ranks active addresses only against active addresses, and fees only against fees', () => {
    const measuredBy = (id: string, scale: number, by: 'addresses' | 'fees') =>
      coinFactorValues(
        coin(id, scale, {
          onChain: {
            activeAddresses24h: by === 'addresses' ? 1e3 * scale : null,
            top10HolderShare: null,
            developerCommits30d: null,
            fees24hUsd: by === 'fees' ? 1e5 * scale : null,
          },
        }),
      );
    // A big chain counted in addresses and a small protocol whose fees are a large number of dollars.
    const scored = scoreCoins([
      ...Array.from({ length: 10 }, (_, index) => measuredBy(`chain${index}`, 1 + index, 'addresses')),
      ...Array.from({ length: 10 }, (_, index) => measuredBy(`protocol${index}`, 1 + index, 'fees')),
    ]);
    const onChain = (id: string) => scored.find((entry) => entry.coinId === id)?.components.on_chain;
    expect(onChain('chain9')).toBe(1);
    expect(onChain('protocol9')).toBe(1);
    expect(onChain('chain0')).toBeCloseTo(onChain('protocol0') ?? Number.NaN);
  });
});
