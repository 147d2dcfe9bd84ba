/** DefiLlama's protocol, chain and fee lists → on-chain snapshots per CoinGecko coin id. */
import type { OnChainSnapshot } from '@coinlens/market-model';
import type { DefiLlamaChain, DefiLlamaProtocol, FeesOverview } from './defillama-schemas.js';

/** What one refresh of the lists knows, indexed by coin id. */
export interface DefiLlamaIndex {
  chains: ReadonlyMap<string, DefiLlamaChain>;
  protocols: ReadonlyMap<string, readonly DefiLlamaProtocol[]>;
  /** Protocol id → fees / revenue of the last 24 h; null when that list could not be read. */
  fees: ReadonlyMap<string, number> | null;
  revenue: ReadonlyMap<string, number> | null;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function buildIndex(
  protocols: readonly DefiLlamaProtocol[],
  chains: readonly DefiLlamaChain[],
  fees: FeesOverview | null,
  revenue: FeesOverview | null,
): DefiLlamaIndex {
  const byCoin = new Map<string, DefiLlamaProtocol[]>();
  for (const protocol of protocols) {
    if (!protocol.gecko_id) continue;
    byCoin.set(protocol.gecko_id, [...(byCoin.get(protocol.gecko_id) ?? []), protocol]);
  }
  const chainByCoin = new Map<string, DefiLlamaChain>();
  for (const chain of chains) if (chain.gecko_id) chainByCoin.set(chain.gecko_id, chain);
  return { chains: chainByCoin, protocols: byCoin, fees: totals(fees), revenue: totals(revenue) };
}

function totals(overview: FeesOverview | null): Map<string, number> | null {
  if (!overview) return null;
  const byId = new Map<string, number>();
  for (const entry of overview.protocols)
    if (entry.defillamaId !== null && entry.defillamaId !== undefined && finite(entry.total24h))
      byId.set(String(entry.defillamaId), entry.total24h);
  return byId;
}

/** Sum over the protocols that list a figure; null when none does (or the list was not read). */
function sumOf(ids: readonly string[], figures: ReadonlyMap<string, number> | null): number | null {
  if (!figures) return null;
  const known = ids.map((id) => figures.get(id)).filter((value) => value !== undefined);
  return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) : null;
}

/**
 * A chain's native token gets its chain's TVL (fees unknown: the fee list is per protocol); a protocol's token
 * the TVL, fees and revenue summed over the protocols naming it. Holders, active addresses and commits are not
 * DefiLlama's: null. A coin DefiLlama does not know has no snapshot.
 */
export function toOnChainSnapshot(
  index: DefiLlamaIndex,
  coinId: string,
  now: number,
): OnChainSnapshot | null {
  const unknown = {
    coinId,
    activeAddresses24h: null,
    holderAddresses: null,
    top10HolderShare: null,
    developerCommits30d: null,
    timestamp: now,
  };
  const chain = index.chains.get(coinId);
  if (chain && finite(chain.tvl))
    return { ...unknown, tvlUsd: chain.tvl, tvlScope: 'chain', fees24hUsd: null, revenue24hUsd: null };
  const protocols = index.protocols.get(coinId);
  if (!protocols) return null;
  const tvls = protocols.map((protocol) => protocol.tvl).filter(finite);
  const ids = protocols.map((protocol) => protocol.id);
  return {
    ...unknown,
    tvlUsd: tvls.length > 0 ? tvls.reduce((sum, value) => sum + value, 0) : null,
    tvlScope: 'protocol',
    fees24hUsd: sumOf(ids, index.fees),
    revenue24hUsd: sumOf(ids, index.revenue),
  };
}
