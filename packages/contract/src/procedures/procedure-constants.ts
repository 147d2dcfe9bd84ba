// Plain constants of the procedures, without zod, so a client can use them without loading the schemas.

export const CERTIFICATION_STATES = ['unauthenticated', 'certified', 'high_risk'] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

export const COIN_SORT_KEYS = [
  'rank',
  'market_cap',
  'circulating_market_cap',
  'price',
  'change_24h',
  'volume_24h',
  'amount_24h',
  'turnover_rate',
  'volatility_24h',
  'name',
  'score',
] as const;

export const COIN_FILTERS = ['all', 'gainers', 'losers', 'new', 'watchlist'] as const;

/**
 * How deep search pages reach (page × page_size): matching is a substring scan plus a count, and pages far down
 * a common keyword would make one call scan the whole table with a large offset.
 */
export const SEARCH_RESULT_WINDOW = 1_000;

/** The score's factors (docs/score-methodology.md), in the order a breakdown lists them. */
export const SCORE_FACTORS = [
  'verified_volume',
  'liquidity',
  'market_cap',
  'social',
  'on_chain',
  'developer',
  'official',
] as const;
export type ScoreFactor = (typeof SCORE_FACTORS)[number];

/**
 * Families of factors that come from independent evidence: verified volume and liquidity both come from the
 * venues' books and trades. A coin is scored only with at least `MIN_SCORED_FAMILIES` of them, market cap among
 * them: market cap alone would only repeat the market-cap rank.
 */
export const SCORE_FACTOR_FAMILY: Readonly<Record<ScoreFactor, string>> = {
  verified_volume: 'trading',
  liquidity: 'trading',
  market_cap: 'market_cap',
  social: 'social',
  on_chain: 'on_chain',
  developer: 'developer',
  official: 'official',
};
export const MIN_SCORED_FAMILIES = 3;

/** Whether a coin has a score: scored, not enough evidence to score it, or not yet computed. */
export const SCORE_STATES = ['scored', 'not_enough_data', 'pending'] as const;
export type ScoreState = (typeof SCORE_STATES)[number];

/** What an exchange score is made of; integrity multiplies the rest. */
export const EXCHANGE_SCORE_FACTORS = ['integrity', 'verified_volume', 'liquidity', 'pairs'] as const;
export type ExchangeScoreFactor = (typeof EXCHANGE_SCORE_FACTORS)[number];

/** How a venue's reported volume was counted in a coin's verified volume. */
export const VOLUME_LIMITS = [
  'none',
  'integrity',
  'depth',
  'tape',
  'share_cap',
  'price_outlier',
  'no_evidence',
] as const;
export type VolumeLimit = (typeof VOLUME_LIMITS)[number];

export const SCORE_FLAG_KINDS = [
  'suspicious_volume',
  'unconfirmed_social_spike',
  'price_outlier_excluded',
  'concentrated_holders',
] as const;
export type ScoreFlagKind = (typeof SCORE_FLAG_KINDS)[number];

/** Below this score a coin counts as low quality (the list's "hide low-quality coins"). */
export const LOW_QUALITY_SCORE = 20;

export const KLINE_RANGES = ['H', 'D', 'W', 'Y', 'All'] as const;
export type KlineRange = (typeof KLINE_RANGES)[number];

export const EXCHANGE_SORT_KEYS = [
  'ex_rank',
  'amount_24h',
  'pair_count',
  'coin_count',
  'popularity',
  'reserves',
  'score',
] as const;

export const SEARCH_TYPES = ['all', 'coin', 'exchange', 'news'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Longest keyword a search takes; longer input is a mistake, not a name. */
export const SEARCH_KEYWORD_MAX = 64;

/**
 * Procedures whose "session expired" (1000) never redirects to login (decision D19). Mirrors the
 * `sessionRedirectExempt` flags of the procedure map (a test keeps the two equal).
 */
export const SESSION_REDIRECT_EXEMPT: readonly string[] = [
  'user_msrv/captcha',
  'appmarket_msrv/watch_coins_list',
  'appmarket_msrv/watch_exchange_list',
  'appinbox_msrv/inbox_message_unread_num',
];

export const ARTICLE_TYPES = ['fastnews', 'news'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];
export const VOTE_DIRECTIONS = ['bullish', 'bearish'] as const;
export type VoteDirection = (typeof VOTE_DIRECTIONS)[number];
/** Comments one user may post per minute before 802009. */
export const COMMENTS_PER_MINUTE = 5;
/** The four ad positions (decision D16). */
export const AD_POSITIONS = ['ad_user', 'ad_market_detail', 'ad_market', 'ad_platform'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];
export const INBOX_CATEGORIES = ['notice', 'system'] as const;
/** What a user can switch push notifications on or off for. */
export const PUSH_TOPICS = ['inbox', 'coin_alerts', 'breaking'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];
