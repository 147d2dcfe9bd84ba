import { describe, expect, it } from 'vitest';

import type { Capability, DeveloperSnapshot } from '@coinlens/market-model';
import { PartialProvider, UnavailableError, UnsupportedError } from '@coinlens/market-model';
import { CompositeProvider } from './composite-provider.js';

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
