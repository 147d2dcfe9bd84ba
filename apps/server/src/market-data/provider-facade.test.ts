import { describe, expect, it, vi } from 'vitest';

import type { MarketDataProvider } from '@coinlens/market-model';
import { ProviderFacade } from './provider-facade.js';
import type { FacadeOptions } from './provider-facade.js';
import { RateLimitedError, UnavailableError } from '@coinlens/market-model';

const OPTIONS: FacadeOptions = {
  timeoutMs: 200,
  maxConcurrent: 2,
  minIntervalMs: 0,
  maxBatchSize: 3,
  cacheTtlMs: { profiles: 1_000, rates: 1_000, signals: 1_000 },
};

function fakeProvider(overrides: Partial<MarketDataProvider>): MarketDataProvider {
  return { name: 'fake', capabilities: new Set(), ...overrides } as MarketDataProvider;
}

const signal = () => AbortSignal.timeout(5_000);

describe('ProviderFacade', () => {
  it('turns a hanging call into UnavailableError after its time limit', async () => {
    const facade = new ProviderFacade(
      fakeProvider({
        getExchangeRates: (s) =>
          new Promise((_, reject) => s.addEventListener('abort', () => reject(new Error('aborted')))),
      }),
      OPTIONS,
    );
    await expect(facade.getExchangeRates(signal())).rejects.toBeInstanceOf(UnavailableError);
  });

  it('splits id lists into batches and merges the answers', async () => {
    const getSocial = vi.fn((ids: readonly string[]) =>
      Promise.resolve(ids.map((coinId) => ({ coinId }) as never)),
    );
    const facade = new ProviderFacade(fakeProvider({ getSocial }), OPTIONS);
    const answer = await facade.getSocial(['a', 'b', 'c', 'd', 'e', 'f', 'g'], signal());
    expect(answer).toHaveLength(7);
    expect(getSocial.mock.calls.map(([ids]) => ids.length)).toEqual([3, 3, 1]);
  });

  it('caches slow-changing answers and shares one request among concurrent callers', async () => {
    let now = 0;
    const getCoins = vi.fn(() => Promise.resolve([]));
    const facade = new ProviderFacade(fakeProvider({ getCoins }), { ...OPTIONS, now: () => now });
    await Promise.all([facade.getCoins(signal()), facade.getCoins(signal()), facade.getCoins(signal())]);
    expect(getCoins).toHaveBeenCalledTimes(1);
    now = 2_000;
    await facade.getCoins(signal());
    expect(getCoins).toHaveBeenCalledTimes(2);
  });

  it('pauses the provider after a 429 until its Retry-After, without calling it', async () => {
    let now = 0;
    const getTickers = vi.fn(() => Promise.reject(new RateLimitedError('fake', 30_000)));
    const facade = new ProviderFacade(fakeProvider({ getTickers }), { ...OPTIONS, now: () => now });
    await expect(facade.getTickers({}, signal())).rejects.toBeInstanceOf(RateLimitedError);
    now = 10_000;
    await expect(facade.getTickers({}, signal())).rejects.toMatchObject({ retryAfterMs: 20_000 });
    expect(getTickers).toHaveBeenCalledTimes(1);
    now = 31_000;
    await expect(facade.getTickers({}, signal())).rejects.toBeInstanceOf(RateLimitedError);
    expect(getTickers).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxConcurrent calls in flight', async () => {
    let active = 0;
    let peak = 0;
    const getCandles = vi.fn(async () => {
      peak = Math.max(peak, ++active);
      await new Promise((resolve) => setTimeout(resolve, 20));
      active--;
      return [];
    });
    const facade = new ProviderFacade(fakeProvider({ getCandles }), OPTIONS);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        facade.getCandles({ coinId: `c${i}`, resolution: '1m', from: 0, to: 1 }, signal()),
      ),
    );
    expect(getCandles).toHaveBeenCalledTimes(6);
    expect(peak).toBe(2);
  });

  it('forgets a failed cached answer so the next call tries again', async () => {
    const getExchanges = vi
      .fn()
      .mockRejectedValueOnce(new UnavailableError('fake', 'down'))
      .mockResolvedValueOnce([]);
    const facade = new ProviderFacade(fakeProvider({ getExchanges }), OPTIONS);
    await expect(facade.getExchanges(signal())).rejects.toBeInstanceOf(UnavailableError);
    await expect(facade.getExchanges(signal())).resolves.toEqual([]);
  });
});
