import { describe, expect, it } from 'vitest';

import { COIN_CATALOG } from './catalog/coin-catalog.js';
import { EXCHANGE_CATALOG } from './catalog/exchange-catalog.js';
import { FICTIONAL_VENUE_IDS, FICTIONAL_VENUES, SIMULATED_VENUE_PLACE } from './fictional-venues.js';
import { SCENARIOS, scenarioVenueIds } from './scenarios.js';
import { SimulatorContext } from './simulator-context.js';

function context(scenario: keyof typeof SCENARIOS, seed = 42): SimulatorContext {
  return new SimulatorContext(seed, SCENARIOS[scenario], COIN_CATALOG, EXCHANGE_CATALOG);
}

describe('venues and scenarios', () => {
  it('carry ≥300 coins and ≥60 real exchanges; fictional venues only when a scenario uses them', () => {
    expect(COIN_CATALOG.length).toBeGreaterThanOrEqual(300);
    const honest = context('honest');
    expect(honest.exchanges.length).toBe(EXCHANGE_CATALOG.length);
    expect(honest.exchanges.length).toBeGreaterThanOrEqual(60);
    expect(honest.exchanges.some((venue) => FICTIONAL_VENUE_IDS.has(venue.id))).toBe(false);
    const realistic = context('realistic');
    const fictional = realistic.exchanges.filter((venue) => FICTIONAL_VENUE_IDS.has(venue.id));
    expect(fictional.map((venue) => venue.id).sort()).toEqual([...FICTIONAL_VENUE_IDS].sort());
    for (const venue of FICTIONAL_VENUES) {
      expect(venue.registrationPlace).toBe(SIMULATED_VENUE_PLACE);
      expect(new URL(venue.website).hostname.endsWith('.example')).toBe(true);
      expect(EXCHANGE_CATALOG.some((real) => real.id === venue.id || real.name === venue.name)).toBe(false);
    }
  });

  it('give every manipulative behaviour of the built-in scenarios to fictional venues only', () => {
    for (const scenario of Object.values(SCENARIOS)) {
      for (const id of scenarioVenueIds(scenario)) expect(FICTIONAL_VENUE_IDS.has(id), id).toBe(true);
    }
    expect(scenarioVenueIds(SCENARIOS.honest).size).toBe(0);
    expect(SCENARIOS.honest.boughtFollowerCoins).toEqual([]);
    expect(SCENARIOS.honest.pumpAndDump).toEqual([]);
    expect(SCENARIOS.adversarial.boughtFollowerCoins.length).toBeGreaterThan(
      SCENARIOS.realistic.boughtFollowerCoins.length,
    );
  });

  it('rejects scenarios naming unknown venues or coins', () => {
    const broken = { ...SCENARIOS.honest, washTradingVenues: ['no-such-venue'] };
    expect(() => new SimulatorContext(1, broken, COIN_CATALOG, EXCHANGE_CATALOG)).toThrow(/no-such-venue/);
    const badCoin = { ...SCENARIOS.honest, boughtFollowerCoins: ['no-such-coin'] };
    expect(() => new SimulatorContext(1, badCoin, COIN_CATALOG, EXCHANGE_CATALOG)).toThrow(/no-such-coin/);
  });

  it('list the coins of every outlier feed on its venue', () => {
    for (const name of ['realistic', 'adversarial'] as const) {
      const sim = context(name);
      for (const { exchangeId, coinId } of SCENARIOS[name].outlierVenues) {
        expect(
          sim.venues.pairsOfVenue(exchangeId).some((pair) => pair.coinId === coinId),
          `${exchangeId} ${coinId}`,
        ).toBe(true);
      }
    }
  });

  it('list every coin somewhere, with volume shares summing to one', () => {
    const sim = context('realistic');
    for (const coin of COIN_CATALOG) {
      const pairs = sim.venues.pairsOfCoin(coin.id);
      expect(pairs.length, coin.id).toBeGreaterThan(0);
      expect(
        pairs.reduce((sum, pair) => sum + pair.share, 0),
        coin.id,
      ).toBeCloseTo(1, 9);
    }
  });

  it('quote pairs sensibly: USDT first on Binance, KRW on Upbit, platform tokens listed, DEXes on their chain', () => {
    const sim = context('honest');
    const binance = sim.venues.pairsOfVenue('binance');
    expect(binance.find((pair) => pair.coinId === 'bitcoin' && pair.primary)?.quote).toBe('USDT');
    expect(binance.some((pair) => pair.coinId === 'binancecoin')).toBe(true);
    expect(binance.some((pair) => pair.coinId === 'bitcoin' && pair.quote === 'ETH')).toBe(false);
    expect(binance.some((pair) => pair.coinId === 'ethereum' && pair.quote === 'BTC')).toBe(true);
    expect(
      sim.venues.pairsOfVenue('upbit').find((pair) => pair.coinId === 'bitcoin' && pair.primary)?.quote,
    ).toBe('KRW');
    const raydium = sim.venues.pairsOfVenue('raydium');
    expect(raydium.length).toBeGreaterThan(0);
    for (const pair of raydium) {
      const coin = sim.coinById.get(pair.coinId)!;
      expect(
        coin.publicChain === 'Solana' || (coin.stablecoin === true && coin.publicChain === null),
        coin.id,
      ).toBe(true);
    }
    expect(
      sim.venues
        .pairsOfVenue('uniswap-v3')
        .some((pair) => pair.coinId === 'ethereum' && pair.quote === 'WETH'),
    ).toBe(false);
    // Bigger venues carry more of a coin's volume.
    const btcShare = (id: string) =>
      sim.venues
        .pairsOfCoin('bitcoin')
        .filter((pair) => pair.venue.id === id)
        .reduce((sum, pair) => sum + pair.share, 0);
    expect(btcShare('binance')).toBeGreaterThan(btcShare('bitstamp'));
  });

  it('keep venue bases small and mean-reverting: a few bps on big venues, wider on DEXes', () => {
    const sim = context('honest');
    const time = Date.UTC(2026, 10, 20);
    const spread = (exchangeId: string, coinId: string, quote: string) => {
      const pair = sim.venues.pair(exchangeId, coinId, quote)!;
      let max = 0;
      for (let second = 0; second < 3_600; second += 17)
        max = Math.max(max, Math.abs(sim.venues.basis(pair, time + second * 1_000)));
      return max;
    };
    expect(spread('binance', 'bitcoin', 'USDT')).toBeLessThan(0.0005);
    expect(spread('uniswap-v3', 'uniswap', 'WETH')).toBeGreaterThan(spread('binance', 'uniswap', 'USDT'));
  });
});
