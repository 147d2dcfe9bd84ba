import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { UnavailableError } from '@coinlens/market-model';
import { JobScheduler } from './job-scheduler.js';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('JobScheduler back-off', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a failing short-interval job at least every ten intervals, so a returning source is read soon', async () => {
    const scheduler = new JobScheduler(log);
    const runs: number[] = [];
    let down = true;
    scheduler.add({
      name: 'tickers',
      intervalMs: 1_000,
      timeoutMs: 5_000,
      run: () => {
        runs.push(Date.now());
        return down ? Promise.reject(new UnavailableError('coingecko', 'down')) : Promise.resolve();
      },
    });
    // A two-minute outage: without a cap the waits double to 64 s, 128 s, …
    await vi.advanceTimersByTimeAsync(120_000);
    const gaps = runs.slice(1).map((at, index) => at - runs[index]!);
    expect(gaps.length).toBeGreaterThan(8);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(10_000);
    down = false;
    const failedRuns = runs.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs.length).toBeGreaterThan(failedRuns);
    expect(scheduler.lastSuccess('tickers')).not.toBeNull();
    scheduler.stop();
  });

  it('still backs a slow job off up to five minutes', async () => {
    const scheduler = new JobScheduler(log);
    const runs: number[] = [];
    scheduler.add({
      name: 'candles',
      intervalMs: 60_000,
      timeoutMs: 5_000,
      run: () => {
        runs.push(Date.now());
        return Promise.reject(new UnavailableError('coingecko', 'down'));
      },
    });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    const gaps = runs.slice(1).map((at, index) => at - runs[index]!);
    expect(Math.max(...gaps)).toBe(5 * 60_000);
    scheduler.stop();
  });
});
