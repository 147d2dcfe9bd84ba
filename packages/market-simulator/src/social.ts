/**
 * Social series per coin at one instant.
 *
 * Followers (X, Reddit, Telegram) scale with market cap (∝ cap^0.42; memes ×2.5), grow slowly (6–18 %/year)
 * and lean with the price (∝ (price / anchor)^0.15). Engagement over 24 h is a share of the organic
 * followers (memes engage more), rising with the size of the day's move and during pump episodes.
 * About 4–12 % of followers look automated on an honest coin.
 *
 * Bought followers (scenario): from `followerPurchaseAt`, over one day, X followers jump by
 * `boughtFollowerMultiple` × the organic count and Telegram by 60 % of that; engagement does not follow
 * (bots barely interact) and `suspectedBotShare` rises accordingly — the signature of Cresci et al.'s
 * "fame for sale" and the bot shares Nizzoli et al. report for pump promoters.
 */
import type { SocialSnapshot } from '@coinlens/market-model';
import { ANCHOR_TIME, DAY_MS, HOUR_MS } from './price-path/time-units.js';
import { normalAt, smoothNoise, streamKey, uniformAt } from './random.js';
import { FOLLOWER_PURCHASE_AT } from './scenarios.js';
import type { SimulatorContext } from './simulator-context.js';
import { marketCapAtAnchor } from './venues.js';

const YEAR_MS = 365 * DAY_MS;

export function buildSocial(context: SimulatorContext, coinId: string, time: number): SocialSnapshot | null {
  const coin = context.coin(coinId);
  if (!coin) return null;
  const facts = coin.facts;
  const key = streamKey(context.seed, 'social', coinId);
  const sectors = new Set<string>(facts.sectors);
  const meme = sectors.has('meme');
  const derivative = coin.underlying !== null;
  const cap = marketCapAtAnchor(facts);

  const baseX =
    40_000 *
    Math.pow(cap / 1e8, 0.42) *
    Math.exp(0.5 * normalAt(key, 0)) *
    (meme ? 2.5 : 1) *
    (facts.stablecoin ? 0.3 : 1) *
    (derivative ? 0.1 : 1);
  const baseReddit = baseX * 0.35 * Math.exp(0.6 * normalAt(key, 1)) * (facts.links.reddit ? 2 : 0.5);
  const baseTelegram = baseX * 0.2 * Math.exp(0.6 * normalAt(key, 2)) * (facts.links.telegram ? 1.5 : 0.7);
  const growthRate = 0.06 + 0.12 * uniformAt(key, 3);
  const years = (time - ANCHOR_TIME) / YEAR_MS;
  const day = Math.floor(time / DAY_MS);
  const priceLean = Math.exp(0.15 * (context.path.logPriceAt(coin, day * DAY_MS) - coin.logAnchor));
  const drift = Math.exp(growthRate * years + 0.01 * smoothNoise(key, time, 7 * DAY_MS)) * priceLean;
  const organic = { x: baseX * drift, reddit: baseReddit * drift, telegram: baseTelegram * drift };

  let boughtX = 0;
  let boughtTelegram = 0;
  if (context.scenario.boughtFollowerCoins.includes(coinId)) {
    const purchaseAt = context.scenario.followerPurchaseAt ?? FOLLOWER_PURCHASE_AT;
    const ramp = Math.min(1, Math.max(0, (time - purchaseAt) / DAY_MS));
    const multiple = context.scenario.boughtFollowerMultiple ?? 2;
    boughtX = organic.x * multiple * ramp;
    boughtTelegram = organic.telegram * multiple * 0.6 * ramp;
  }

  const organicTotal = organic.x + organic.reddit + organic.telegram;
  const move = Math.abs(context.path.logReturn(coin, time, DAY_MS)) / (coin.sigmaDay || 1);
  const pump = coin.pumped ? Math.sqrt(context.pumps.volumeMultiplier(coinId, time)) : 1;
  const rate =
    0.004 *
    (meme ? 2 : 1) *
    Math.exp(0.3 * smoothNoise(key, time, DAY_MS) + 0.15 * smoothNoise(key ^ 0x5bd1e995, time, 3 * HOUR_MS));
  const engagement =
    organicTotal * rate * (1 + 0.5 * Math.min(4, move)) * pump + (boughtX + boughtTelegram) * 0.0002;

  const honestBotShare = 0.04 + 0.08 * uniformAt(key, 4) + 0.01 * smoothNoise(key, time, 30 * DAY_MS);
  const total = organicTotal + boughtX + boughtTelegram;
  const botShare = (honestBotShare * organicTotal + 0.95 * (boughtX + boughtTelegram)) / total;

  return {
    coinId,
    followers: {
      x: Math.round(organic.x + boughtX),
      reddit: Math.round(organic.reddit),
      telegram: Math.round(organic.telegram + boughtTelegram),
    },
    engagement24h: Math.round(engagement),
    suspectedBotShare: Math.min(1, Math.max(0, botShare)),
    timestamp: time,
  };
}
