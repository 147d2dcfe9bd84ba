import { describe, expect, it } from 'vitest';

import type { Capability, DeveloperSnapshot, OnChainSnapshot } from '@coinlens/market-model';
import {
  PartialProvider,
  RateLimitedError,
  UnavailableError,
  UnsupportedError,
} from '@coinlens/market-model';
import { CompositeProvider, mergeFields } from './composite-provider.js';

const signal = new AbortController().signal;

function developer(coinId: string, source: 'coingecko' | 'github'): DeveloperSnapshot {
  return {
    coinId,
    repository: null,
    stars: 1,
    forks: null,
    commits4w: null,
    mergedPullRequests: null,
    mergedPullRequestsWindowDays: null,
    contributors: null,
    source,
    timestamp: 0,
  };
}

class Source extends PartialProvider {
  readonly capabilities: ReadonlySet<Capability>;
  readonly asked: string[][] = [];

  constructor(
    readonly name: string,
    capabilities: Capability[],
    private readonly knows: string[] | Error,
  ) {
    super();
    this.capabilities = new Set(capabilities);
  }

  override getDeveloper(coinIds: readonly string[]): Promise<DeveloperSnapshot[]> {
    this.asked.push([...coinIds]);
    if (this.knows instanceof Error) return Promise.reject(this.knows);
    const known = this.knows;
    return Promise.resolve(
      coinIds.filter((id) => known.includes(id)).map((id) => developer(id, this.name as 'coingecko')),
    );
  }

  override getExchangeRates(): Promise<{ rates: []; timestamp: number }> {
    return Promise.resolve({ rates: [], timestamp: this.name.length });
  }

  healthCheck(): Promise<boolean> {
    return Promise.resolve(this.name === 'coingecko');
  }
}

describe('CompositeProvider', () => {
  it('reports the union of its routes and sends each capability to its first source', async () => {
    const gecko = new Source('coingecko', ['exchangeRates', 'developer'], ['bitcoin']);
    const ccxt = new Source('ccxt', ['orderBooks'], []);
    const composite = new CompositeProvider(
      'live',
      { exchangeRates: [gecko], developer: [gecko], orderBooks: [ccxt] },
      gecko,
    );
    expect([...composite.capabilities].sort()).toEqual(['developer', 'exchangeRates', 'orderBooks']);
    await expect(composite.getExchangeRates(signal)).resolves.toEqual({ rates: [], timestamp: 9 });
    await expect(
      composite.getOrderBook({ exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' }, 10, signal),
    ).rejects.toBeInstanceOf(UnsupportedError);
    await expect(composite.getSocial(['bitcoin'], signal)).rejects.toBeInstanceOf(UnsupportedError);
    await expect(composite.healthCheck(signal)).resolves.toBe(true);
  });

  it('asks the fallback only for the coins the first source left out', async () => {
    const gecko = new Source('coingecko', ['developer'], ['bitcoin']);
    const github = new Source('github', ['developer'], ['ethereum']);
    const composite = new CompositeProvider('live', { developer: [gecko, github] }, gecko);
    const answers = await composite.getDeveloper(['bitcoin', 'ethereum', 'dogecoin'], signal);
    expect(answers.map((answer) => [answer.coinId, answer.source])).toEqual([
      ['bitcoin', 'coingecko'],
      ['ethereum', 'github'],
    ]);
    expect(github.asked).toEqual([['ethereum', 'dogecoin']]);
  });

  it("keeps the first source's answers when the fallback fails, and fails when the first one does", async () => {
    const gecko = new Source('coingecko', ['developer'], ['bitcoin']);
    const down = new Source('github', ['developer'], new UnavailableError('github', 'down'));
    const composite = new CompositeProvider('live', { developer: [gecko, down] }, gecko);
    await expect(composite.getDeveloper(['bitcoin', 'ethereum'], signal)).resolves.toHaveLength(1);
    const broken = new CompositeProvider('live', { developer: [down, gecko] }, gecko);
    await expect(broken.getDeveloper(['bitcoin'], signal)).rejects.toBeInstanceOf(UnavailableError);
  });
});

function onChain(coinId: string, fields: Partial<OnChainSnapshot>): OnChainSnapshot {
  return {
    coinId,
    activeAddresses24h: null,
    holderAddresses: null,
    top10HolderShare: null,
    developerCommits30d: null,
    timestamp: 0,
    ...fields,
  };
}

/** An on-chain source answering the scripted snapshots of the coins asked, or failing with `failure`. */
class OnChainSource extends PartialProvider {
  readonly capabilities: ReadonlySet<Capability> = new Set<Capability>(['onChain']);
  readonly asked: string[][] = [];
  failure: Error | null = null;

  constructor(
    readonly name: string,
    public snapshots: OnChainSnapshot[],
  ) {
    super();
  }

  override getOnChain(coinIds: readonly string[]): Promise<OnChainSnapshot[]> {
    this.asked.push([...coinIds]);
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve(this.snapshots.filter((snapshot) => coinIds.includes(snapshot.coinId)));
  }

  healthCheck(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

describe('CompositeProvider on-chain merge', () => {
  const llama = () =>
    new OnChainSource('defillama', [
      onChain('bitcoin', { tvlUsd: 6e9, tvlScope: 'chain', fees24hUsd: null, timestamp: 1 }),
      onChain('aave', { tvlUsd: 2e10, tvlScope: 'protocol', fees24hUsd: 1.6e6, timestamp: 1 }),
    ]);
  const coinMetrics = () =>
    new OnChainSource('coinmetrics', [
      onChain('bitcoin', { activeAddresses24h: 812_345, transactions24h: 431_876, timestamp: 2 }),
      onChain('dogecoin', { activeAddresses24h: 59_876, transactions24h: null, timestamp: 2 }),
    ]);

  it('asks every source for every coin and merges their fields, the first non-null winning', async () => {
    const first = llama();
    const second = coinMetrics();
    const composite = new CompositeProvider('live', { onChain: [first, second] }, first);
    const answers = await composite.getOnChain(['bitcoin', 'aave', 'dogecoin', 'bitcoin'], signal);
    expect(answers).toEqual([
      onChain('bitcoin', {
        tvlUsd: 6e9,
        tvlScope: 'chain',
        fees24hUsd: null,
        activeAddresses24h: 812_345,
        transactions24h: 431_876,
        // The first source's reading time: it answered first.
        timestamp: 1,
      }),
      onChain('aave', { tvlUsd: 2e10, tvlScope: 'protocol', fees24hUsd: 1.6e6, timestamp: 1 }),
      // Only the second source knows it: its answer as it is.
      onChain('dogecoin', { activeAddresses24h: 59_876, transactions24h: null, timestamp: 2 }),
    ]);
    expect(first.asked).toEqual([['bitcoin', 'aave', 'dogecoin']]);
    expect(second.asked).toEqual([['bitcoin', 'aave', 'dogecoin']]);
    expect(composite.sourceOf('onChain')).toBe('defillama + coinmetrics');
  });

  it('lets neither source overwrite a figure the other knows, whichever comes first', () => {
    const tvl = onChain('bitcoin', { tvlUsd: 6e9, activeAddresses24h: null });
    const activity = onChain('bitcoin', { tvlUsd: null, activeAddresses24h: 812_345, holderAddresses: 0 });
    expect(mergeFields(tvl, activity)).toMatchObject({ tvlUsd: 6e9, activeAddresses24h: 812_345 });
    expect(mergeFields(activity, tvl)).toMatchObject({ tvlUsd: 6e9, activeAddresses24h: 812_345 });
    // Zero is a figure, not a gap.
    expect(mergeFields(activity, onChain('bitcoin', { holderAddresses: 5 })).holderAddresses).toBe(0);
  });

  it("keeps a failing later source's last answer for a day, and fails when the first source does", async () => {
    let now = 1_000;
    const first = llama();
    const second = coinMetrics();
    const composite = new CompositeProvider('live', { onChain: [first, second] }, first, () => now);
    await composite.getOnChain(['bitcoin', 'dogecoin'], signal);
    second.failure = new RateLimitedError('coinmetrics', 7_000);
    now += 23 * 3_600_000;
    const [bitcoin, dogecoin] = await composite.getOnChain(['bitcoin', 'dogecoin'], signal);
    expect(bitcoin).toMatchObject({ tvlUsd: 6e9, activeAddresses24h: 812_345 });
    expect(dogecoin).toMatchObject({ activeAddresses24h: 59_876 });
    now += 2 * 3_600_000;
    const stale = await composite.getOnChain(['bitcoin', 'dogecoin'], signal);
    expect(stale).toEqual([expect.objectContaining({ coinId: 'bitcoin', activeAddresses24h: null })]);

    first.failure = new UnavailableError('defillama', 'down');
    await expect(composite.getOnChain(['bitcoin'], signal)).rejects.toBeInstanceOf(UnavailableError);
  });
});
