import { describe, expect, it } from 'vitest';

import { scoreExchanges } from './exchange-score.js';

const honest = (exchangeId: string, scale: number) => ({
  exchangeId,
  integrity: 0.97,
  reportedVolumeUsd24h: 1e7 * scale,
  verifiedVolumeUsd24h: 0.97e7 * scale,
  depthUsd2pct: 1e5 * scale,
  pairCount: 20 * scale,
});

describe('scoreExchanges', () => {
  it('puts a wash venue with the largest reported volume below honest venues', () => {
    const universe = [
      ...Array.from({ length: 20 }, (_, index) => honest(`e${index}`, index + 1)),
      {
        exchangeId: 'wash',
        integrity: 0.05,
        reportedVolumeUsd24h: 1e10,
        verifiedVolumeUsd24h: 0,
        depthUsd2pct: 1e5,
        pairCount: 400,
      },
    ];
    const scores = scoreExchanges(universe).sort((a, b) => b.score - a.score);
    expect(scores.at(-1)?.exchangeId).toBe('wash');
    expect(scores[0]?.exchangeId).toBe('e19');
    for (const score of scores) expect(score.score).toBeLessThanOrEqual(100);
  });
});
