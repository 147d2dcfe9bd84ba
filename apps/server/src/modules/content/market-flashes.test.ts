import { describe, expect, it } from 'vitest';

import type { CoinState, MarketSnapshot } from '../../market-store/market-snapshot.js';
import { APP_NAME } from '../app/app-name.js';
import { FLASH_RULES, marketEventFlashes } from './market-flashes.js';

const NOW = Date.UTC(2026, 10, 24, 17, 0); // 01:00 on the 25th in UTC+8

function coin(
  id: string,
  rank: number,
  metrics: Partial<NonNullable<CoinState['metrics']>>,
  flags: unknown[] = [],
): CoinState {
  return {
    profile: { id, symbol: id.toUpperCase().slice(0, 4), name: id, localNames: { 'zh-Hans': `${id}币` } },
    rank,
    price: 100,
    metrics: { change24h: 0, volumeRatio: 1, ath: { price: 500, at: NOW - 86_400_000 * 300 }, ...metrics },
    score: flags.length > 0 ? { detail: { flags } } : null,
  } as unknown as CoinState;
}

function snapshot(coins: CoinState[]): MarketSnapshot {
  return {
    ranked: coins,
    exchanges: new Map([['shady', { profile: { name: 'Shady Exchange' } }]]),
  } as unknown as MarketSnapshot;
}

describe('market event flashes', () => {
  it('tells big moves, fresh records, volume spikes and score flags once per coin and UTC+8 day', () => {
    const drafts = marketEventFlashes(
      snapshot([
        coin('mover', 50, { change24h: 14.2 }),
        coin('faller', 3, { change24h: -11 }),
        coin('record', 30, { ath: { price: 100, at: NOW - 60_000 } }),
        // No record known yet (history still loading, no source record): the live price is no news.
        coin('unknown-record', 31, { ath: null }),
        coin('busy', 80, { volumeRatio: 4.5 }),
        coin('washed', 90, {}, [
          { kind: 'suspicious_volume', exchangeIds: ['shady'] },
          { kind: 'concentrated_holders', top10Share: 0.8 },
        ]),
        coin('quiet', 20, { change24h: 9.9, volumeRatio: 2.9 }),
        coin('tail', FLASH_RULES.maxRank + 1, { change24h: 60 }),
      ]),
      NOW,
    );
    expect(drafts.map((draft) => draft.originKey)).toEqual([
      'move:mover:2026-11-25:up',
      'move:faller:2026-11-25:down',
      'ath:record:2026-11-25',
      'volume:busy:2026-11-25',
      'flag:washed:suspicious_volume:2026-11-25',
    ]);
    // Stored under the app's English name, which the article views show in the reader's language.
    expect(new Set(drafts.map((draft) => draft.sourceName))).toEqual(new Set([APP_NAME.en]));
    const [up, down] = drafts;
    expect(up?.title).toEqual({
      en: 'mover (MOVE) up 14.2% in 24 hours',
      vi: 'mover (MOVE) tăng 14.2% trong 24 giờ',
      'zh-Hans': 'mover币（MOVE）24小时上涨14.2%',
    });
    expect(up?.important).toBe(false);
    expect(down?.important).toBe(true); // a top-10 coin
    expect(drafts[4]?.summary.en).toContain('Shady Exchange');
    expect(drafts.every((draft) => draft.kind === 'fastnews' && draft.coinIds.length === 1)).toBe(true);
  });
});
