/**
 * Schemas of the simulator's authored catalogue (the JSON files under the package's `catalog/` folder): real
 * coins and real exchanges with real facts (as of 2025). Field meanings follow docs/market-data.md and
 * decisions D5 (current supply = total supply), D6 and D30 (mining info, MAL/AML certification, Chinese
 * support, reserves, traffic, burn info). Objects are strict: a misspelt field is an error, not ignored.
 */
import type { LocalisedText } from '@coinlens/contract';
import type { SectorId } from '@coinlens/market-model';
import { isKnownSector } from '@coinlens/market-model';
import { z } from 'zod';

/** YYYY-MM-DD (UTC day). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const localisedText: z.ZodType<LocalisedText> = z.strictObject({
  en: z.string(),
  vi: z.string(),
  'zh-Hans': z.string(),
});
const sectorId = z.custom<SectorId>(
  (value) => typeof value === 'string' && isKnownSector(value),
  'unknown sector',
);

/**
 * How the coin first came into circulation. `minted` means issued on demand against deposited collateral
 * (stablecoins, wrapped and liquid-staking tokens).
 */
const issueType = z.enum([
  'mined',
  'fair_launch',
  'ico',
  'ieo',
  'private_sale',
  'airdrop',
  'fork',
  'premine',
  'rebrand',
  'minted',
]);

/** The spec's mining info. Rewards are in coins per block; null where the notion does not apply. */
const miningFacts = z.strictObject({
  status: z.enum(['active', 'ended', 'not_mineable']),
  /** ISO date-time of the chain's genesis block; null for tokens that live on another chain. */
  genesisBlockTime: z.string().nullable(),
  /** The current block subsidy. */
  blockReward: z.number().nullable(),
  /** Blocks between reward reductions (halvings, or ETC's 20 % era cuts). */
  halvingIntervalBlocks: z.number().nullable(),
  /** The block subsidy after the next reduction. */
  nextHalvingReward: z.number().nullable(),
});

/** Official links; https only. Optional links are left out when not known for certain. */
const coinLinks = z.strictObject({
  website: z.string(),
  x: z.string().optional(),
  facebook: z.string().optional(),
  reddit: z.string().optional(),
  telegram: z.string().optional(),
  whitepaper: z.string().optional(),
  medium: z.string().optional(),
  github: z.string().optional(),
});

/** A dated USD price of the authored history: the opening price of that UTC day. */
const datedPrice = z.strictObject({ date: isoDate, usd: z.number().positive() });
export type DatedPrice = z.infer<typeof datedPrice>;

/**
 * Real market facts the simulated history is pinned to. Source: CoinGecko's public coin pages (`ath`,
 * `ath_date`, `atl`, `atl_date` of /coins/{id}, and the first day of /coins/{id}/market_chart?days=max), as
 * recorded by the author in late 2025, rounded to three or four significant digits; approximate, re-check them
 * against the API before quoting them anywhere outside the simulator. Coins without one keep the simulator's
 * unpinned random walk (and its five-year back-fill).
 */
const marketHistoryFacts = z.strictObject({
  /** First day of market data and its price: history starts here. */
  listed: datedPrice,
  atl: datedPrice,
  ath: datedPrice,
  /** The price about a year before the simulator's present. */
  yearAgo: datedPrice,
});
export type MarketHistoryFacts = z.infer<typeof marketHistoryFacts>;

export const coinFacts = z.strictObject({
  /** CoinGecko-style id, kebab-case ('bitcoin', 'avalanche-2'). */
  id: z.string(),
  /** Ticker, unique within the catalogue. */
  symbol: z.string(),
  name: z.string(),
  localNames: z.strictObject({ 'zh-Hans': z.string().optional(), vi: z.string().optional() }).optional(),
  /** A realistic 2025 price level the simulator's random walk starts from. */
  anchorPriceUsd: z.number().positive(),
  circulatingSupply: z.number(),
  /** The spec's "current supply" (decision D5). */
  totalSupply: z.number(),
  maxSupply: z.number().nullable(),
  /** Launch or genesis date. */
  issueDate: isoDate,
  issueType,
  /** The chain the coin runs (its own chain) or lives on (tokens); null for multi-chain issuers. */
  publicChain: z.string().nullable(),
  /** Consensus of the coin's own chain; null for tokens on another chain. */
  consensus: z.string().nullable(),
  blockTimeSeconds: z.number().nullable(),
  /** Hashing (PoW) or signature algorithm at the core of the coin's own chain. */
  coreAlgorithm: z.string().nullable(),
  mining: miningFacts,
  /** One to three sectors. */
  sectors: z.array(sectorId).min(1).max(3),
  links: coinLinks,
  description: localisedText,
  /** Annualised volatility of daily log returns (BTC ≈ 0.5, stablecoins ≈ 0.01). */
  annualVolatility: z.number().nonnegative(),
  /** 0–1: how strongly the price follows BTC (stablecoins ≈ 0). */
  btcBeta: z.number().min(0).max(1),
  stablecoin: z.literal(true).optional(),
  /** What a pegged coin tracks; `stablecoin` coins always name it. */
  peggedTo: z.enum(['USD', 'EUR']).optional(),
  /**
   * Wrapped, bridged and liquid-staking tokens: the coin id whose price this one tracks. The anchor price over
   * the underlying's is the token's exchange rate (about 1 for wrapped coins, above 1 for reward-bearing ones).
   */
  underlying: z.string().optional(),
  /** Real listing, all-time high / low and year-ago prices the simulated history is pinned to. */
  history: marketHistoryFacts.optional(),
});
export type CoinFacts = z.infer<typeof coinFacts>;

export const exchangeFacts = z.strictObject({
  /** CoinGecko-style id, kebab-case. */
  id: z.string(),
  name: z.string(),
  localNames: z.strictObject({ 'zh-Hans': z.string().optional() }).optional(),
  kind: z.enum(['centralized', 'dex']),
  /** YYYY-MM. */
  established: z.string().regex(/^\d{4}-\d{2}$/),
  /** Country or territory of the operating company; null for a DEX with no registered operator. */
  registrationPlace: z.string().nullable(),
  kyc: z.enum(['mandatory', 'optional', 'none']),
  /** The spec's "KYC/MAL certification": holds an AML-supervised licence or registration (VASP, MSB, …). */
  amlCertified: z.boolean(),
  /** Offers a Chinese-language interface. */
  chineseSupport: z.boolean(),
  /** Offers a public market-data/trading API. */
  apiAvailable: z.boolean(),
  /** Standard (lowest-volume) spot tier, in percent; an AMM's swap fee for its most common pool tier. */
  fees: z.strictObject({ makerPercent: z.number(), takerPercent: z.number() }),
  website: z.string(),
  /** Coin id in the coin catalogue. */
  platformToken: z.string().nullable(),
  burn: z.strictObject({ mechanism: localisedText }).nullable(),
  /** Rough 24h spot volume level in USD. */
  spotVolumeUsd24h: z.number().nonnegative(),
  /** Published proof-of-reserves in USD (for a DEX: on-chain liquidity, TVL); null when none is published. */
  reservesUsd: z.number().nullable(),
  /** Rough monthly web visits. */
  monthlyVisits: z.number(),
  /** Approximate number of listed coins. */
  listedCoinCount: z.number(),
  /** Assets it quotes spot pairs in. */
  quoteAssets: z.array(z.string()).min(1),
});
export type ExchangeFacts = z.infer<typeof exchangeFacts>;
