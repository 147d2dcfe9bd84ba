import { describe, expect, it } from 'vitest';

import { DEFAULT_SAMPLER_OPTIONS, VenueSampler } from './venue-sampler.js';
import { SimulatorProvider } from '@coinlens/market-simulator';
import { judgeVenues } from '@coinlens/score';
import { sampleAll } from './testing/sample-all.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const HONEST = [
  'binance',
  'gdax',
  'okx',
  'bybit',
  'kraken',
  'kucoin',
  'gate',
  'bitstamp',
  'gemini',
  'bitfinex',
  'uniswap-v3',
  'upbit',
];

describe('integrity over the simulator (realistic scenario), which the detector never reads', () => {
  it('passes the honest venues and flags the wash and inflated-volume venues', async () => {
    const provider = new SimulatorProvider({ seed: 20_261_122, now: () => NOW, scenario: 'realistic' });
    const signal = AbortSignal.timeout(60_000);
    const venues = [...HONEST, 'quillmarsh', 'orbisfen', 'fernvale-pro', 'tallowmere'];
    const tickers = await provider.getTickers({ exchangeIds: venues }, signal);
    const sampler = new VenueSampler(provider, {
      ...DEFAULT_SAMPLER_OPTIONS,
      maxBooksPerRun: 0,
      now: () => NOW,
    });
    const scored = new Map(
      (await judgeVenues(await sampleAll(sampler, tickers, signal))).venues.map((venue) => [
        venue.exchangeId,
        venue,
      ]),
    );
    for (const id of HONEST) expect(scored.get(id)?.integrity, id).toBeGreaterThanOrEqual(0.8);
    expect(scored.get('quillmarsh')?.integrity).toBeLessThan(0.3);
    expect(scored.get('quillmarsh')?.flags).toContain('paired_prints');
    expect(scored.get('orbisfen')?.integrity).toBeLessThan(0.3);
    expect(scored.get('orbisfen')?.flags).toContain('thin_book_for_volume');
  });
});
