import { describe, expect, it } from 'vitest';

import type { CurrencyRate } from '@coinlens/market-model';
import { NotFoundError, RateLimitedError, UnavailableError } from '@coinlens/market-model';
import { marketOf, NOW, running, ScriptedSource } from './jobs.test-support.js';
import { RatesJob } from './rates-job.js';

const rate = (code: string, perUsd: number): CurrencyRate => ({
  code,
  name: code,
  unit: code,
  type: 'fiat',
  perUsd,
});

function ratesSource(...rates: CurrencyRate[]): ScriptedSource {
  const source = new ScriptedSource(['exchangeRates']);
  source.script.rates = { rates, timestamp: NOW - 30_000 };
  return source;
}

describe('the exchange rates job', () => {
  it('keeps each rate under its lower-case code, and the time the source gave them', async () => {
    const snapshot = marketOf([]);
    await new RatesJob(ratesSource(rate('EUR', 0.92), rate('VND', 25_400)), snapshot).run(running());
    expect([...snapshot.rates.keys()]).toEqual(['eur', 'vnd']);
    expect(snapshot.rates.get('vnd')?.perUsd).toBe(25_400);
    expect(snapshot.ratesAsOf).toBe(NOW - 30_000);
  });

  it('leaves out a rate that is not a positive number: the currency stays unknown, never a wrong price', async () => {
    const snapshot = marketOf([]);
    const source = ratesSource(
      rate('EUR', 0.92),
      rate('ZERO', 0),
      rate('NEG', -1),
      rate('NAN', Number.NaN),
      rate('INF', Number.POSITIVE_INFINITY),
    );
    await new RatesJob(source, snapshot).run(running());
    expect([...snapshot.rates.keys()]).toEqual(['eur']);
  });

  it('keeps the last good rate of a currency the source now answers with a bad one', async () => {
    const snapshot = marketOf([]);
    const source = ratesSource(rate('EUR', 0.92));
    const job = new RatesJob(source, snapshot);
    await job.run(running());
    source.script.rates = { rates: [rate('EUR', 0)], timestamp: NOW };
    await job.run(running());
    expect(snapshot.rates.get('eur')?.perUsd).toBe(0.92);
  });

  it('asks nothing of a source without exchange rates and leaves the rates unknown', async () => {
    const snapshot = marketOf([]);
    const source = new ScriptedSource(['quotes']);
    await new RatesJob(source, snapshot).run(running());
    expect(source.asked).toEqual([]);
    expect(snapshot.rates.size).toBe(0);
    expect(snapshot.ratesAsOf).toBe(0);
  });

  it.each([
    ['a rate limit (429)', new RateLimitedError('scripted', 60_000)],
    ['an outage or timeout', new UnavailableError('scripted', 'timed out')],
    ['a missing endpoint (404)', new NotFoundError('scripted', '/exchange_rates')],
  ])('fails on %s and keeps the rates it had, with their time', async (_, failure) => {
    const snapshot = marketOf([]);
    const source = ratesSource(rate('EUR', 0.92));
    const job = new RatesJob(source, snapshot);
    await job.run(running());
    source.script.rates = { rates: [rate('EUR', 0.5)], timestamp: NOW };
    source.failNext('rates', failure);
    await expect(job.run(running())).rejects.toBe(failure);
    expect(snapshot.rates.get('eur')?.perUsd).toBe(0.92);
    expect(snapshot.ratesAsOf).toBe(NOW - 30_000);
  });

  it('writes nothing once the run is aborted', async () => {
    const snapshot = marketOf([]);
    await expect(
      new RatesJob(ratesSource(rate('EUR', 0.92)), snapshot).run(AbortSignal.abort()),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(snapshot.rates.size).toBe(0);
    expect(snapshot.ratesAsOf).toBe(0);
  });
});
