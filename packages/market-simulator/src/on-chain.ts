/**
 * On-chain and developer series per coin at one instant.
 *
 * - Active addresses (24 h) ∝ market cap^0.5 (payments / layer-1 chains and stablecoins busier, wrapped tokens
 *   quieter), lower at weekends, moving with the market's volatility regime and rising in pump episodes.
 * - Holder addresses ≈ 90 × active, growing 8–25 % a year and never falling.
 * - Top-10 holder share: stable per coin (tiny slow drift); higher for small caps, memes, stablecoins,
 *   wrapped and exchange tokens (≈ 5 % for BTC, 40–60 % for small caps).
 * - Developer commits over the last 30 days: a daily series summed over a sliding window; highest for
 *   layer-1 and infrastructure projects, near zero for memes, lower without a public GitHub link.
 * Bought followers leave all of this untouched — that is what lets a score see they are not corroborated.
 */
import type { OnChainSnapshot } from '@coinlens/market-model';
import { ANCHOR_TIME, DAY_MS } from './price-path/time-units.js';
import { normalAt, smoothNoise, streamKey, uniformAt } from './random.js';
import type { SimulatorContext } from './simulator-context.js';
import { marketCapAtAnchor } from './venues.js';

const YEAR_MS = 365 * DAY_MS;

function commitBase(sectors: ReadonlySet<string>): number {
  if (sectors.has('layer-1')) return 420;
  if (sectors.has('meme')) return 4;
  if (
    ['infrastructure', 'zero-knowledge', 'layer-2', 'interoperability'].some((sector) => sectors.has(sector))
  )
    return 260;
  if (['oracle', 'storage', 'depin', 'ai', 'privacy'].some((sector) => sectors.has(sector))) return 150;
  if (['defi', 'dex', 'lending', 'derivatives', 'liquid-staking'].some((sector) => sectors.has(sector)))
    return 100;
  if (['gaming', 'nft', 'social', 'metaverse'].some((sector) => sectors.has(sector))) return 60;
  if (sectors.has('stablecoin') || sectors.has('wrapped')) return 25;
  return 20;
}

function weekendFactor(day: number): number {
  const weekday = (day + 4) % 7;
  return weekday === 0 || weekday === 6 ? 0.85 : 1.06;
}

export function buildOnChain(
  context: SimulatorContext,
  coinId: string,
  time: number,
): OnChainSnapshot | null {
  const coin = context.coin(coinId);
  if (!coin) return null;
  const facts = coin.facts;
  const key = streamKey(context.seed, 'on-chain', coinId);
  const sectors = new Set<string>(facts.sectors);
  const cap = marketCapAtAnchor(facts);
  const day = Math.floor(time / DAY_MS);
  const years = (time - ANCHOR_TIME) / YEAR_MS;

  let activity = 5_000 * Math.pow(cap / 1e8, 0.5) * Math.exp(0.6 * normalAt(key, 0));
  if (sectors.has('payments') || sectors.has('layer-1')) activity *= 1.5;
  if (facts.stablecoin) activity *= 3;
  if (sectors.has('meme')) activity *= 0.7;
  if (coin.underlying !== null) activity *= 0.2;
  const growth = 0.05 + 0.2 * uniformAt(key, 1);
  const pump = coin.pumped ? Math.sqrt(context.pumps.volumeMultiplier(coinId, time)) : 1;
  const active =
    activity *
    Math.exp(
      growth * years +
        0.1 * smoothNoise(key, time, DAY_MS) +
        0.05 * smoothNoise(key ^ 0x27d4eb2f, time, 7 * DAY_MS),
    ) *
    weekendFactor(day) *
    Math.pow(context.path.regime(day), 0.3) *
    pump;

  // Holders grow monotonically from the activity level at the anchor.
  const holderGrowth = 0.08 + 0.17 * uniformAt(key, 2);
  const holders = 90 * activity * Math.exp(holderGrowth * years);

  const sizeTilt = 1 / (1 + Math.exp(-(9 - Math.log10(cap)) / 0.8));
  let concentration = 0.05 + 0.45 * sizeTilt + 0.08 * (uniformAt(key, 3) - 0.5);
  if (sectors.has('meme')) concentration += 0.12;
  if (facts.stablecoin) concentration += 0.15;
  if (sectors.has('exchange-token')) concentration += 0.3;
  if (sectors.has('wrapped') || sectors.has('liquid-staking')) concentration += 0.2;
  concentration += 0.003 * smoothNoise(key, time, 30 * DAY_MS);

  const commitRate =
    (commitBase(sectors) * (facts.links.github ? 1 : 0.35) * Math.exp(0.5 * normalAt(key, 4))) / 30;
  const commitKey = streamKey(context.seed, 'commits', coinId);
  let commits = 0;
  const windowStart = time - 30 * DAY_MS;
  for (let index = Math.floor(windowStart / DAY_MS); index <= day; index += 1) {
    const overlap = Math.min(time, (index + 1) * DAY_MS) - Math.max(windowStart, index * DAY_MS);
    if (overlap <= 0) continue;
    const daily =
      commitRate *
      (weekendFactor(index) < 1 ? 0.4 : 1.15) *
      Math.exp(0.5 * normalAt(commitKey, index) - 0.125);
    commits += daily * (overlap / DAY_MS);
  }

  return {
    coinId,
    activeAddresses24h: Math.round(active),
    holderAddresses: Math.round(holders),
    top10HolderShare: Math.min(0.95, Math.max(0.02, concentration)),
    developerCommits30d: Math.round(commits),
    timestamp: time,
  };
}
