/** The simulator's authored coin catalogue: every group file combined, with an index by id. */
import type { CoinFacts } from './catalog-types.js';
import { AI_RWA_PRIVACY_COINS } from './coins-ai-rwa-privacy.js';
import { DEFI_COINS } from './coins-defi.js';
import { INFRASTRUCTURE_COINS } from './coins-infrastructure.js';
import { LAYER1_COINS } from './coins-layer1.js';
import { MAJOR_COINS } from './coins-majors.js';
import { MEME_AND_GAMING_COINS } from './coins-meme-gaming.js';
import { SCALING_COINS } from './coins-scaling.js';
import { STABLE_AND_EXCHANGE_COINS } from './coins-stable-exchange.js';
import { STAKED_WRAPPED_COINS } from './coins-staked-wrapped.js';
import { MARKET_HISTORY } from './market-history.js';

const GROUPS: readonly CoinFacts[] = [
  ...MAJOR_COINS,
  ...STABLE_AND_EXCHANGE_COINS,
  ...LAYER1_COINS,
  ...SCALING_COINS,
  ...INFRASTRUCTURE_COINS,
  ...DEFI_COINS,
  ...STAKED_WRAPPED_COINS,
  ...AI_RWA_PRIVACY_COINS,
  ...MEME_AND_GAMING_COINS,
];

/** Every coin, with its authored market history where one is known. */
export const COIN_CATALOG: readonly CoinFacts[] = GROUPS.map((coin) => {
  const history = MARKET_HISTORY[coin.id];
  return history ? { ...coin, history } : coin;
});

export const COIN_BY_ID: ReadonlyMap<string, CoinFacts> = new Map(
  COIN_CATALOG.map((coin) => [coin.id, coin]),
);
