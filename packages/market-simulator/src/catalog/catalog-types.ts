/**
 * Types of the simulator's authored catalogue: real coins and real exchanges with real facts (as of 2025).
 * Field meanings follow product-spec §3 (Coin, Exchange) and decision D5 (current supply = total
 * supply), 6 and 30 (mining info, MAL/AML certification, Chinese support, reserves, traffic, burn info).
 */
import type { LocalisedText } from '@coinlens/contract';
import type { SectorId } from '@coinlens/market-model';

/**
 * How the coin first came into circulation. `minted` means issued on demand against deposited collateral
 * (stablecoins, wrapped and liquid-staking tokens).
 */
export type IssueType =
  | 'mined'
  | 'fair_launch'
  | 'ico'
  | 'ieo'
  | 'private_sale'
  | 'airdrop'
  | 'fork'
  | 'premine'
  | 'rebrand'
  | 'minted';

export type MiningStatus = 'active' | 'ended' | 'not_mineable';

/** The spec's mining info. Rewards are in coins per block; null where the notion does not apply. */
export interface MiningFacts {
  readonly status: MiningStatus;
  /** ISO date-time of the chain's genesis block; null for tokens that live on another chain. */
  readonly genesisBlockTime: string | null;
  /** The current block subsidy. */
  readonly blockReward: number | null;
  /** Blocks between reward reductions (halvings, or ETC's 20 % era cuts). */
  readonly halvingIntervalBlocks: number | null;
  /** The block subsidy after the next reduction. */
  readonly nextHalvingReward: number | null;
}

/** Official links; https only. Optional links are left out when not known for certain. */
export interface CoinLinks {
  readonly website: string;
  readonly x?: string;
  readonly facebook?: string;
  readonly reddit?: string;
  readonly telegram?: string;
  readonly whitepaper?: string;
  readonly medium?: string;
  readonly github?: string;
}

/** What a pegged coin tracks; `stablecoin` coins always name it. */
export type PegCurrency = 'USD' | 'EUR';

/** A dated USD price of the authored history. */
export interface DatedPrice {
  /** YYYY-MM-DD (UTC day; the price is that day's opening price). */
  readonly date: string;
  readonly usd: number;
}

/** Real market facts the simulated history is pinned to (catalog/market-history.ts). */
export interface MarketHistoryFacts {
  /** First day of market data and its price: history starts here. */
  readonly listed: DatedPrice;
  readonly atl: DatedPrice;
  readonly ath: DatedPrice;
  /** The price about a year before the simulator's present. */
  readonly yearAgo: DatedPrice;
}

export interface CoinFacts {
  /** CoinGecko-style id, kebab-case ('bitcoin', 'avalanche-2'). */
  readonly id: string;
  /** Ticker, unique within the catalogue. */
  readonly symbol: string;
  readonly name: string;
  readonly localNames?: { readonly 'zh-Hans'?: string; readonly vi?: string };
  /** A realistic 2025 price level the simulator's random walk starts from. */
  readonly anchorPriceUsd: number;
  readonly circulatingSupply: number;
  /** The spec's "current supply" (decision D5). */
  readonly totalSupply: number;
  readonly maxSupply: number | null;
  /** Launch or genesis date, YYYY-MM-DD. */
  readonly issueDate: string;
  readonly issueType: IssueType;
  /** The chain the coin runs (its own chain) or lives on (tokens); null for multi-chain issuers. */
  readonly publicChain: string | null;
  /** Consensus of the coin's own chain; null for tokens on another chain. */
  readonly consensus: string | null;
  readonly blockTimeSeconds: number | null;
  /** Hashing (PoW) or signature algorithm at the core of the coin's own chain. */
  readonly coreAlgorithm: string | null;
  readonly mining: MiningFacts;
  /** One to three sectors. */
  readonly sectors: readonly SectorId[];
  readonly links: CoinLinks;
  readonly description: LocalisedText;
  /** Annualised volatility of daily log returns (BTC ≈ 0.5, stablecoins ≈ 0.01). */
  readonly annualVolatility: number;
  /** 0–1: how strongly the price follows BTC (stablecoins ≈ 0). */
  readonly btcBeta: number;
  readonly stablecoin?: true;
  readonly peggedTo?: PegCurrency;
  /**
   * Wrapped, bridged and liquid-staking tokens: the coin id whose price this one tracks. The anchor price over
   * the underlying's is the token's exchange rate (about 1 for wrapped coins, above 1 for reward-bearing ones).
   */
  readonly underlying?: string;
  /** Real listing, all-time high / low and year-ago prices the simulated history is pinned to. */
  readonly history?: MarketHistoryFacts;
}

export type ExchangeKind = 'centralized' | 'dex';
export type KycPolicy = 'mandatory' | 'optional' | 'none';

export interface ExchangeFacts {
  /** CoinGecko-style id, kebab-case. */
  readonly id: string;
  readonly name: string;
  readonly localNames?: { readonly 'zh-Hans'?: string };
  readonly kind: ExchangeKind;
  /** YYYY-MM. */
  readonly established: string;
  /** Country or territory of the operating company; null for a DEX with no registered operator. */
  readonly registrationPlace: string | null;
  readonly kyc: KycPolicy;
  /** The spec's "KYC/MAL certification": holds an AML-supervised licence or registration (VASP, MSB, …). */
  readonly amlCertified: boolean;
  /** Offers a Chinese-language interface. */
  readonly chineseSupport: boolean;
  /** Offers a public market-data/trading API. */
  readonly apiAvailable: boolean;
  /** Standard (lowest-volume) spot tier, in percent; an AMM's swap fee for its most common pool tier. */
  readonly fees: { readonly makerPercent: number; readonly takerPercent: number };
  readonly website: string;
  /** Coin id in the coin catalogue. */
  readonly platformToken: string | null;
  readonly burn: { readonly mechanism: LocalisedText } | null;
  /** Rough 24h spot volume level in USD. */
  readonly spotVolumeUsd24h: number;
  /** Published proof-of-reserves in USD (for a DEX: on-chain liquidity, TVL); null when none is published. */
  readonly reservesUsd: number | null;
  /** Rough monthly web visits. */
  readonly monthlyVisits: number;
  /** Approximate number of listed coins. */
  readonly listedCoinCount: number;
  /** Assets it quotes spot pairs in. */
  readonly quoteAssets: readonly string[];
}

/** Mining info of a coin that is not mined (proof-of-stake chains and tokens), genesis time not tracked. */
export const NOT_MINEABLE: MiningFacts = {
  status: 'not_mineable',
  genesisBlockTime: null,
  blockReward: null,
  halvingIntervalBlocks: null,
  nextHalvingReward: null,
};

/** Chain facts of a token living on `chain`: it has no consensus, block time or mining of its own. */
export function tokenOn(
  chain: string | null,
): Pick<CoinFacts, 'publicChain' | 'consensus' | 'blockTimeSeconds' | 'coreAlgorithm' | 'mining'> {
  return {
    publicChain: chain,
    consensus: null,
    blockTimeSeconds: null,
    coreAlgorithm: null,
    mining: NOT_MINEABLE,
  };
}

/** Mining info of an actively mined chain whose current block subsidy is not tracked here. */
export const MINED_UNTRACKED_REWARD: MiningFacts = { ...NOT_MINEABLE, status: 'active' };
