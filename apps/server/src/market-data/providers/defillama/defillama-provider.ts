/**
 * DefiLlama's keyless public API as an on-chain source: TVL per protocol and chain and 24 h fees and revenue,
 * mapped to coins by the CoinGecko id DefiLlama lists. Four list calls per refresh, reused `indexTtlMs`. See README.md.
 */
import type { Capability, OnChainSnapshot } from '@coinlens/market-model';
import { PartialProvider, ProviderError } from '@coinlens/market-model';
import { JsonHttp } from '../../http/json-http.js';
import type { DefiLlamaIndex } from './defillama-mapping.js';
import { buildIndex, toOnChainSnapshot } from './defillama-mapping.js';
import { chainsSchema, feesOverviewSchema, protocolsSchema } from './defillama-schemas.js';

export const DEFILLAMA_BASE_URL = 'https://api.llama.fi';

export interface DefiLlamaProviderOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per request; the protocol list is several MB. Default 30 s. */
  timeoutMs?: number;
  /** Spacing between call starts. Default 1 s. */
  minIntervalMs?: number;
  /** How long one refresh of the lists is reused. Default 1 h. */
  indexTtlMs?: number;
  now?: () => number;
}

const FEES_QUERY = { excludeTotalDataChart: 'true', excludeTotalDataChartBreakdown: 'true' } as const;

export class DefiLlamaProvider extends PartialProvider {
  readonly name = 'defillama';
  readonly capabilities: ReadonlySet<Capability> = new Set<Capability>(['onChain']);
  private readonly http: JsonHttp;
  private readonly now: () => number;
  private readonly indexTtlMs: number;
  private index: { value: Promise<DefiLlamaIndex>; at: number } | null = null;

  constructor(options: DefiLlamaProviderOptions = {}) {
    super();
    this.now = options.now ?? Date.now;
    this.indexTtlMs = options.indexTtlMs ?? 3_600_000;
    this.http = new JsonHttp({
      provider: this.name,
      baseUrl: options.baseUrl ?? DEFILLAMA_BASE_URL,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      timeoutMs: options.timeoutMs ?? 30_000,
      minIntervalMs: options.minIntervalMs ?? 1_000,
      now: this.now,
    });
  }

  override async getOnChain(coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]> {
    if (coinIds.length === 0) return [];
    const index = await this.currentIndex(signal);
    const now = this.now();
    return [...new Set(coinIds)].flatMap((id) => toOnChainSnapshot(index, id, now) ?? []);
  }

  /** `/v2/chains` answers with the documented shape. */
  async healthCheck(signal: AbortSignal): Promise<boolean> {
    try {
      await this.http.get('/v2/chains', {}, chainsSchema, signal);
      return true;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ProviderError) return false;
      throw error;
    }
  }

  /** The lists of the last refresh while fresh; a failed refresh is forgotten at once. */
  private currentIndex(signal: AbortSignal): Promise<DefiLlamaIndex> {
    if (this.index && this.now() - this.index.at < this.indexTtlMs) return this.index.value;
    const value = this.loadIndex(signal);
    const entry = { value, at: this.now() };
    this.index = entry;
    value.catch(() => {
      if (this.index === entry) this.index = null;
    });
    return value;
  }

  /** TVL lists are required; the fee lists are optional (fees then stay unknown). */
  private async loadIndex(signal: AbortSignal): Promise<DefiLlamaIndex> {
    const protocols = await this.http.get('/protocols', {}, protocolsSchema, signal);
    const chains = await this.http.get('/v2/chains', {}, chainsSchema, signal);
    const fees = await this.optional('/overview/fees', { ...FEES_QUERY, dataType: 'dailyFees' }, signal);
    const revenue = await this.optional(
      '/overview/fees',
      { ...FEES_QUERY, dataType: 'dailyRevenue' },
      signal,
    );
    return buildIndex(protocols.data, chains.data, fees, revenue);
  }

  private async optional(path: string, query: Readonly<Record<string, string>>, signal: AbortSignal) {
    try {
      return (await this.http.get(path, query, feesOverviewSchema, signal)).data;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ProviderError) return null;
      throw error;
    }
  }
}
