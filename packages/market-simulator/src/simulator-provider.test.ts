import { describe, expect, it } from 'vitest';

import { DISPLAY_CURRENCIES } from '@coinlens/contract';
import { CAPABILITIES } from '@coinlens/market-model';
import type { VenueTicker } from '@coinlens/market-model';
import { COIN_CATALOG } from './catalog/coin-catalog.js';
import { EXCHANGE_CATALOG } from './catalog/exchange-catalog.js';
import { INFLATED_VENUE, OUTLIER_VENUE, SCENARIOS, WASH_VENUE } from './scenarios.js';
import { renderSimulatorLogo, SimulatorProvider } from './simulator-provider.js';

const NOW = Date.UTC(2026, 10, 22, 15, 30, 12, 345);
const signal = new AbortController().signal;

function sim(
  seed = 42,
  scenario: 'honest' | 'realistic' | 'adversarial' = 'realistic',
  now = NOW,
): SimulatorProvider {
  return new SimulatorProvider({ seed, now: () => now, scenario });
}

function tickerKey(ticker: VenueTicker): string {
  return `${ticker.exchangeId}|${ticker.coinId}|${ticker.quote}`;
}

describe('SimulatorProvider', () => {
  it('offers every capability and is healthy', async () => {
    const provider = sim();
    expect(provider.name).toBe('simulator');
    expect([...provider.capabilities].sort()).toEqual([...CAPABILITIES].sort());
    await expect(provider.healthCheck(signal)).resolves.toBe(true);
  });

  it('maps the catalogue into profiles with served logo paths', async () => {
    const provider = sim();
    const coins = await provider.getCoins(signal);
    expect(coins.length).toBe(COIN_CATALOG.length);
    expect(coins.length).toBeGreaterThanOrEqual(300);
    const bitcoin = coins.find((coin) => coin.id === 'bitcoin')!;
    expect(bitcoin.logo).toBe('/logos/coins/bitcoin.svg');
    expect(bitcoin.mining?.status).toBe('active');
    expect(coins.find((coin) => coin.id === 'tether')!.stablecoin).toBe(true);
    const exchanges = await provider.getExchanges(signal);
    expect(
      exchanges.filter((venue) => EXCHANGE_CATALOG.some((real) => real.id === venue.id)).length,
    ).toBeGreaterThanOrEqual(60);
    expect(exchanges.find((venue) => venue.id === 'binance')!.logo).toBe('/logos/exchanges/binance.svg');
    expect(exchanges.find((venue) => venue.id === WASH_VENUE)!.registrationPlace).toBe('Simulated venue');
    expect((await sim(42, 'honest').getExchanges(signal)).some((venue) => venue.id === WASH_VENUE)).toBe(
      false,
    );
    expect(renderSimulatorLogo('coins', 'bitcoin')).toContain('<svg');
    expect(renderSimulatorLogo('exchanges', 'binance')).toContain('<svg');
    expect(renderSimulatorLogo('exchanges', WASH_VENUE)).toContain('<svg');
    expect(renderSimulatorLogo('coins', 'no-such-coin')).toBeNull();
  });

  it('is deterministic for a seed and scenario, whatever the call order; seeds and scenarios differ', async () => {
    const first = sim(42);
    const second = sim(42);
    const pair = { exchangeId: 'kraken', coinId: 'ethereum', quote: 'USD' };
    const candleQuery = { coinId: 'solana', resolution: '5m' as const, from: NOW - 86_400_000, to: NOW };
    const a = {
      tickers: await first.getTickers({}, signal),
      book: await first.getOrderBook(pair, 20, signal),
      trades: await first.getTrades(pair, NOW - 30_000, signal),
      candles: await first.getCandles(candleQuery, signal),
      social: await first.getSocial(['bitcoin', 'notcoin'], signal),
    };
    const b = {
      social: await second.getSocial(['bitcoin', 'notcoin'], signal),
      candles: await second.getCandles(candleQuery, signal),
      trades: await second.getTrades(pair, NOW - 30_000, signal),
      book: await second.getOrderBook(pair, 20, signal),
      tickers: await second.getTickers({}, signal),
    };
    expect(b).toEqual(a);
    const reseeded = await sim(43).getTickers({ coinIds: ['bitcoin'] }, signal);
    expect(reseeded[0]!.lastUsd).not.toBe(a.tickers.find((ticker) => ticker.coinId === 'bitcoin')!.lastUsd);
    const adversarial = await sim(42, 'adversarial').getTickers({ exchangeIds: [INFLATED_VENUE] }, signal);
    const realistic = a.tickers.filter((ticker) => ticker.exchangeId === INFLATED_VENUE);
    expect(adversarial[0]!.volumeUsd24h).not.toBe(realistic[0]!.volumeUsd24h);
  });

  it('gives consistent tickers for every pair', async () => {
    const provider = sim();
    const tickers = await provider.getTickers({}, signal);
    const rates = await provider.getExchangeRates(signal);
    const usdPer = (code: string) => 1 / rates.rates.find((rate) => rate.code === code)!.perUsd;
    expect(new Set(tickers.map(tickerKey)).size).toBe(tickers.length);
    expect(new Set(tickers.map((ticker) => ticker.coinId)).size).toBe(COIN_CATALOG.length);
    for (const ticker of tickers) {
      expect(ticker.last).toBeGreaterThan(0);
      expect(ticker.bidUsd!).toBeLessThan(ticker.askUsd!);
      expect(ticker.volumeUsd24h).toBeGreaterThan(0);
      expect(ticker.volumeBase24h * ticker.lastUsd).toBeCloseTo(ticker.volumeUsd24h, 0);
      expect(ticker.timestamp).toBe(NOW);
    }
    const eur = tickers.find(
      (ticker) => ticker.exchangeId === 'kraken' && ticker.coinId === 'bitcoin' && ticker.quote === 'EUR',
    )!;
    expect(eur.last * usdPer('EUR')).toBeCloseTo(eur.lastUsd, 6);
    const ethBtc = tickers.find(
      (ticker) => ticker.exchangeId === 'binance' && ticker.coinId === 'ethereum' && ticker.quote === 'BTC',
    )!;
    expect(ethBtc.last * usdPer('BTC')).toBeCloseTo(ethBtc.lastUsd, 6);
    // Venues agree within a few bps, except the scenario's outlier feed.
    const solana = tickers.filter((ticker) => ticker.coinId === 'solana');
    expect(solana.some((ticker) => ticker.exchangeId === OUTLIER_VENUE)).toBe(true);
    const sorted = solana.map((ticker) => ticker.lastUsd).sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    for (const ticker of solana) {
      const deviation = ticker.lastUsd / median - 1;
      if (ticker.exchangeId === OUTLIER_VENUE) expect(deviation).toBeCloseTo(0.08, 2);
      else expect(Math.abs(deviation)).toBeLessThan(0.01);
    }
  });

  it('reports inflated and wash volume on the scenario venues only', async () => {
    const realistic = await sim(42, 'realistic').getTickers(
      { exchangeIds: [INFLATED_VENUE, WASH_VENUE, 'binance'] },
      signal,
    );
    const honest = await sim(42, 'honest').getTickers({ exchangeIds: ['binance'] }, signal);
    const total = (list: VenueTicker[], id: string) =>
      list.filter((ticker) => ticker.exchangeId === id).reduce((sum, ticker) => sum + ticker.volumeUsd24h, 0);
    expect(total(realistic, 'binance') / total(honest, 'binance')).toBeGreaterThan(0.9);
    expect(total(realistic, 'binance') / total(honest, 'binance')).toBeLessThan(1.1);
    const inflated = SCENARIOS.realistic.inflatedVolume[0]!.factor;
    // Inflated and wash venues report far more than their (small) real spot volume.
    expect(total(realistic, INFLATED_VENUE)).toBeGreaterThan(inflated * 10_000_000);
    expect(total(realistic, WASH_VENUE)).toBeGreaterThan(20 * 30_000_000);
  });

  it('derives aggregate quotes from the path', async () => {
    const provider = sim();
    const [bitcoin, tether] = await provider.getQuotes(['bitcoin', 'tether'], signal);
    expect(bitcoin!.priceUsd).toBeGreaterThan(20_000);
    expect(bitcoin!.high24hUsd!).toBeGreaterThanOrEqual(bitcoin!.priceUsd);
    expect(bitcoin!.low24hUsd!).toBeLessThanOrEqual(bitcoin!.priceUsd);
    expect(bitcoin!.athUsd!).toBeGreaterThanOrEqual(bitcoin!.high24hUsd!);
    expect(bitcoin!.atlUsd!).toBeLessThanOrEqual(bitcoin!.low24hUsd!);
    expect(bitcoin!.athAt!).toBeLessThanOrEqual(NOW);
    expect(bitcoin!.marketCapUsd).toBeCloseTo(bitcoin!.priceUsd * 19_930_000, -3);
    expect(Math.abs(tether!.priceUsd - 1)).toBeLessThan(0.003);
    await expect(provider.getQuotes(['no-such-coin'], signal)).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });

  it('gives exchange rates for every display currency, more fiat currencies and gold', async () => {
    const provider = sim();
    const { rates, timestamp } = await provider.getExchangeRates(signal);
    expect(timestamp).toBe(NOW);
    const codes = new Set(rates.map((rate) => rate.code));
    expect(
      DISPLAY_CURRENCIES.map((entry) => entry.currency_code.toUpperCase()).filter((code) => !codes.has(code)),
    ).toEqual([]);
    expect(codes.has('XAU')).toBe(true);
    expect(rates.filter((rate) => rate.type === 'fiat').length).toBeGreaterThanOrEqual(30);
    for (const rate of rates) {
      expect(rate.perUsd).toBeGreaterThan(0);
      expect(rate.name).not.toBe('');
      expect(rate.unit).not.toBe('');
    }
    const perUsd = (code: string) => rates.find((rate) => rate.code === code)!.perUsd;
    expect(perUsd('EUR')).toBeGreaterThan(0.75);
    expect(perUsd('EUR')).toBeLessThan(1);
    expect(perUsd('VND')).toBeGreaterThan(20_000);
    const [bitcoin] = await provider.getQuotes(['bitcoin'], signal);
    expect(perUsd('BTC')).toBeCloseTo(1 / bitcoin!.priceUsd, 12);
    expect(1 / perUsd('XAU')).toBeGreaterThan(2_500);
    const later = await sim(42, 'realistic', NOW + 30 * 86_400_000).getExchangeRates(signal);
    const eurLater = later.rates.find((rate) => rate.code === 'EUR')!.perUsd;
    expect(eurLater).not.toBe(perUsd('EUR'));
    expect(Math.abs(eurLater / perUsd('EUR') - 1)).toBeLessThan(0.03);
  });

  it('publishes a few announcements per coin and month on the coin’s own site', async () => {
    const provider = sim();
    const since = NOW - 30 * 86_400_000;
    const announcements = await provider.getAnnouncements(since, signal);
    expect(announcements.length).toBeGreaterThan(COIN_CATALOG.length);
    expect(announcements.length).toBeLessThan(COIN_CATALOG.length * 6);
    expect(new Set(announcements.map((item) => item.id)).size).toBe(announcements.length);
    for (const item of announcements) {
      expect(item.publishedAt).toBeGreaterThanOrEqual(since);
      expect(item.publishedAt).toBeLessThanOrEqual(NOW);
      const url = new URL(item.url);
      expect(url.protocol).toBe('https:');
      const website = new URL(COIN_CATALOG.find((coin) => coin.id === item.coinId)!.links.website);
      expect(url.hostname).toBe(website.hostname);
    }
    expect(await sim().getAnnouncements(since, signal)).toEqual(announcements);
  });

  it('rejects unknown coins and aborted calls', async () => {
    const provider = sim();
    await expect(
      provider.getCandles(
        { coinId: 'no-such-coin', resolution: '1h', from: NOW - 3_600_000, to: NOW },
        signal,
      ),
    ).rejects.toMatchObject({ name: 'NotFoundError', provider: 'simulator' });
    await expect(
      provider.getTrades({ exchangeId: 'binance', coinId: 'no-such-coin', quote: 'USDT' }, null, signal),
    ).rejects.toMatchObject({ name: 'NotFoundError' });
    const controller = new AbortController();
    controller.abort();
    await expect(provider.getTickers({}, controller.signal)).rejects.toThrow();
    await expect(provider.getCoins(controller.signal)).rejects.toThrow();
    await expect(provider.healthCheck(controller.signal)).rejects.toThrow();
  });

  it('rejects scenario configs that name unknown ids', () => {
    expect(
      () => new SimulatorProvider({ seed: 1, scenario: { ...SCENARIOS.honest, spoofingVenues: ['nope'] } }),
    ).toThrow(/nope/);
  });
});
