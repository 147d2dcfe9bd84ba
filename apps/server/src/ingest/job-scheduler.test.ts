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

  it('retries a job that asks for it soon until its first success, then backs off as usual', async () => {
    const scheduler = new JobScheduler(log);
    const runs: number[] = [];
    let outcome: 'fail' | 'succeed' = 'fail';
    scheduler.add({
      name: 'score',
      intervalMs: 300_000,
      timeoutMs: 120_000,
      firstSuccessRetryMs: 15_000,
      run: () => {
        runs.push(Date.now());
        return outcome === 'fail'
          ? Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))
          : Promise.resolve();
      },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    // Failing before any success: every 15 s, not the 10 minutes a 5-minute interval's back-off would wait.
    const gapsBefore = runs.slice(1).map((at, index) => at - runs[index]!);
    expect(gapsBefore).toEqual([15_000, 15_000, 15_000, 15_000]);
    expect(scheduler.lastSuccess('score')).toBeNull();
    outcome = 'succeed';
    await vi.advanceTimersByTimeAsync(15_000);
    expect(scheduler.lastSuccess('score')).not.toBeNull();
    // Once it has succeeded, failures back off as any job's do (here five minutes, the cap).
    outcome = 'fail';
    const succeededRuns = runs.length;
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    const gapsAfter = runs.slice(succeededRuns).map((at, index) => at - runs[succeededRuns - 1 + index]!);
    expect(gapsAfter).toEqual([300_000, 300_000, 300_000, 300_000]);
    scheduler.stop();
  });
});
