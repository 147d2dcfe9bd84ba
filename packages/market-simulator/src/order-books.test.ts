import { describe, expect, it } from 'vitest';

import type { OrderBookSnapshot } from '@coinlens/market-model';
import { SimulatorProvider } from './simulator-provider.js';
import { depthNoise } from './order-books.js';

const NOW = Date.UTC(2026, 10, 22, 15, 30, 12, 345);
const signal = new AbortController().signal;

function spreadBps(book: OrderBookSnapshot): number {
  const bid = book.bids[0]![0];
  const ask = book.asks[0]![0];
  return ((ask - bid) / ((ask + bid) / 2)) * 10_000;
}

/** Largest level's quote value over the median level's, both sides. */
function wallRatio(book: OrderBookSnapshot): number {
  const values = [...book.bids, ...book.asks].map(([price, amount]) => price * amount).sort((a, b) => a - b);
  return values[values.length - 1]! / values[Math.floor(values.length / 2)]!;
}

describe('order books', () => {
  const sim = new SimulatorProvider({ seed: 42, now: () => NOW });

  it('are sorted best first, never cross and have the depth asked for', async () => {
    for (const pair of [
      { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
      { exchangeId: 'upbit', coinId: 'ripple', quote: 'KRW' },
      { exchangeId: 'raydium', coinId: 'bonk', quote: 'SOL' },
      { exchangeId: 'kraken', coinId: 'tether', quote: 'USD' },
    ]) {
      const book = await sim.getOrderBook(pair, 40, signal);
      expect(book.bids).toHaveLength(40);
      expect(book.asks).toHaveLength(40);
      expect(book.bids[0]![0]).toBeLessThan(book.asks[0]![0]);
      for (let index = 1; index < 40; index += 1) {
        expect(book.bids[index]![0]).toBeLessThan(book.bids[index - 1]![0]);
        expect(book.asks[index]![0]).toBeGreaterThan(book.asks[index - 1]![0]);
      }
      for (const [price, amount] of [...book.bids, ...book.asks]) {
        expect(price).toBeGreaterThan(0);
        expect(amount).toBeGreaterThan(0);
      }
    }
  });

  it('have tight spreads for majors on big venues, wider for small caps and DEXes', async () => {
    const major = await sim.getOrderBook(
      { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
      5,
      signal,
    );
    const small = await sim.getOrderBook(
      { exchangeId: 'gate', coinId: 'alien-worlds', quote: 'USDT' },
      5,
      signal,
    );
    const dex = await sim.getOrderBook(
      { exchangeId: 'uniswap-v3', coinId: 'chainlink', quote: 'WETH' },
      5,
      signal,
    );
    expect(spreadBps(major)).toBeLessThan(3);
    expect(spreadBps(small)).toBeGreaterThan(10);
    expect(spreadBps(dex)).toBeGreaterThan(20);
  });

  it('grow deeper away from mid and hold about 1 % of daily volume within ±2 %', async () => {
    const pair = { exchangeId: 'binance', coinId: 'ethereum', quote: 'USDT' };
    const book = await sim.getOrderBook(pair, 100, signal);
    const mid = (book.bids[0]![0] + book.asks[0]![0]) / 2;
    const within = book.bids
      .filter(([price]) => price >= mid * 0.98)
      .reduce((sum, [price, amount]) => sum + price * amount, 0);
    const [ticker] = await sim.getTickers({ exchangeIds: ['binance'], coinIds: ['ethereum'] }, signal);
    const ratio = within / ticker!.volumeUsd24h;
    expect(ratio).toBeGreaterThan(0.005);
    expect(ratio).toBeLessThan(0.05);
    const firstTen = book.bids.slice(0, 10).reduce((sum, [, amount]) => sum + amount, 0);
    const nextTen = book.bids.slice(10, 20).reduce((sum, [, amount]) => sum + amount, 0);
    expect(nextTen).toBeGreaterThan(firstTen);
  });

  it('show flickering walls on a spoofing venue, and none on honest venues', async () => {
    let clock = NOW;
    const clocked = new SimulatorProvider({ seed: 42, now: () => clock });
    const observe = async (exchangeId: string) => {
      const present: boolean[] = [];
      for (let second = 0; second < 60; second += 1) {
        clock = NOW + second * 1_000;
        const book = await clocked.getOrderBook({ exchangeId, coinId: 'bitcoin', quote: 'USDT' }, 50, signal);
        present.push(wallRatio(book) > 8);
      }
      return present;
    };
    const spoofed = await observe('fernvale-pro');
    const switches = spoofed.filter((value, index) => index > 0 && value !== spoofed[index - 1]).length;
    expect(spoofed.filter(Boolean).length).toBeGreaterThan(10);
    expect(spoofed.filter((value) => !value).length).toBeGreaterThan(3);
    expect(switches).toBeGreaterThan(3);
    const honest = await observe('binance');
    expect(honest.filter(Boolean)).toHaveLength(0);
  });

  it('reject unknown pairs with NotFoundError', async () => {
    await expect(
      sim.getOrderBook({ exchangeId: 'binance', coinId: 'bitcoin', quote: 'XYZ' }, 10, signal),
    ).rejects.toMatchObject({ name: 'NotFoundError', retryable: false });
    await expect(
      sim.getOrderBook({ exchangeId: 'nowhere', coinId: 'bitcoin', quote: 'USDT' }, 10, signal),
    ).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('depth factors', () => {
  it('vary by coin and seed around 1, so depth is not a copy of volume', () => {
    const coins = Array.from({ length: 300 }, (_, index) => `coin-${index}`);
    const logs = coins.map((coin) => Math.log(depthNoise({ seed: 1 }, coin)));
    const mean = logs.reduce((sum, value) => sum + value, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / logs.length);
    expect(Math.abs(mean)).toBeLessThan(0.08);
    expect(sd).toBeGreaterThan(0.28);
    expect(sd).toBeLessThan(0.42);
    expect(depthNoise({ seed: 2 }, 'coin-0')).not.toBe(depthNoise({ seed: 1 }, 'coin-0'));
  });
});
