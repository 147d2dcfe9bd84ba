import { SEARCH_TYPES, type SearchType } from '@coinlens/contract';
import { z } from 'zod';

/**
 * Query parameters of the routes that take them (spec §2, SPEC-DECISIONS 8). The router parses the query
 * string as plain strings; a missing or malformed value falls back instead of failing the page.
 */
const text = z.string().trim().min(1).optional().catch(undefined);

export const newsTypes = ['fastnews', 'news'] as const;
export type NewsType = (typeof newsTypes)[number];

/** The search page's result tabs: the search procedure's types. */
export const searchTypes = SEARCH_TYPES;
export type { SearchType };

export const newsDetailSearch = z.object({
  information_id: text,
  type: z.enum(newsTypes).optional().catch(undefined),
});
export type NewsDetailSearch = z.output<typeof newsDetailSearch>;

export const searchPageSearch = z.object({
  keyword: text,
  type: z.enum(searchTypes).optional().catch(undefined),
});
export type SearchPageSearch = z.output<typeof searchPageSearch>;

export const introduceSearch = z.object({ exchange_id: text, name: text });
export type IntroduceSearch = z.output<typeof introduceSearch>;

export const currencyIntroSearch = z.object({ coin_id: text, symbol: text });
export type CurrencyIntroSearch = z.output<typeof currencyIntroSearch>;

export const noticeDetailSearch = z.object({ id: text });
export type NoticeDetailSearch = z.output<typeof noticeDetailSearch>;

export const briefIntroductionSearch = z.object({ coin_id: text });
export type BriefIntroductionSearch = z.output<typeof briefIntroductionSearch>;

export const exchangeDetailSearch = z.object({ exchange_id: text });
export type ExchangeDetailSearch = z.output<typeof exchangeDetailSearch>;

export const webviewSearch = z.object({ url: text });
export type WebviewSearch = z.output<typeof webviewSearch>;

export const linkSearch = z.object({ u: text });
export type LinkSearch = z.output<typeof linkSearch>;

/** Pages without query parameters take no props. */
export type NoSearch = Record<string, never>;

export const marketTabs = ['favourites', 'coins', 'gainers', 'losers', 'new', 'sectors'] as const;
export type MarketTab = (typeof marketTabs)[number];

/** The Markets tab's own state in its URL, so Back returns to the same sub-tab and sector. */
export const marketSearch = z.object({
  tab: z.enum(marketTabs).optional().catch(undefined),
  concept: text,
});
export type MarketSearch = z.output<typeof marketSearch>;

export const platformTabs = ['ranking', 'following'] as const;
export type PlatformTab = (typeof platformTabs)[number];

/** The Exchanges tab's sub-tab in its URL. */
export const platformSearch = z.object({ tab: z.enum(platformTabs).optional().catch(undefined) });
export type PlatformSearch = z.output<typeof platformSearch>;
