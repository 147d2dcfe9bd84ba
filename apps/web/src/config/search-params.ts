import { SEARCH_TYPES, type SearchType } from '@coinlens/contract';
import { optionalChoice, optionalText, shape, type Check, type CheckedType } from '../lib/value-check';

/**
 * Query parameters of the routes that take them (decision D8). The router parses the query
 * string as plain strings; a missing or malformed value falls back instead of failing the page.
 */
const text = optionalText;
const choice = optionalChoice;

/** The router's `validateSearch`: the checked parameters (checks here never fail, see value-check). */
export type SearchValidator<P> = (raw: Record<string, unknown>) => P;

/** Every query parameter is optional: a missing or malformed one is simply absent. */
type SearchOf<S> = { [K in keyof S]?: CheckedType<S[K]> };

function searchOf<S extends Record<string, Check<unknown>>>(fields: S): SearchValidator<SearchOf<S>> {
  const check = shape(fields);
  return (raw) => {
    const checked = check(raw);
    return checked.ok ? checked.value : {};
  };
}

export const newsTypes = ['fastnews', 'news'] as const;
export type NewsType = (typeof newsTypes)[number];

/** The search page's result tabs: the search procedure's types. */
export const searchTypes = SEARCH_TYPES;
export type { SearchType };

export const newsDetailSearch = searchOf({
  information_id: text,
  type: choice(newsTypes),
});
export type NewsDetailSearch = ReturnType<typeof newsDetailSearch>;

export const searchPageSearch = searchOf({
  keyword: text,
  type: choice(searchTypes),
});
export type SearchPageSearch = ReturnType<typeof searchPageSearch>;

export const introduceSearch = searchOf({ exchange_id: text, name: text });
export type IntroduceSearch = ReturnType<typeof introduceSearch>;

export const currencyIntroSearch = searchOf({ coin_id: text, symbol: text });
export type CurrencyIntroSearch = ReturnType<typeof currencyIntroSearch>;

export const noticeDetailSearch = searchOf({ id: text });
export type NoticeDetailSearch = ReturnType<typeof noticeDetailSearch>;

export const briefIntroductionSearch = searchOf({ coin_id: text });
export type BriefIntroductionSearch = ReturnType<typeof briefIntroductionSearch>;

export const exchangeDetailSearch = searchOf({ exchange_id: text });
export type ExchangeDetailSearch = ReturnType<typeof exchangeDetailSearch>;

export const webviewSearch = searchOf({ url: text });
export type WebviewSearch = ReturnType<typeof webviewSearch>;

export const linkSearch = searchOf({ u: text });
export type LinkSearch = ReturnType<typeof linkSearch>;

export const alertsTabs = ['list', 'history'] as const;
export type AlertsTab = (typeof alertsTabs)[number];

/** My alerts: the segment (alerts or their history) in the URL, so Back from a coin returns to it. */
export const alertsSearch = searchOf({ tab: choice(alertsTabs) });
export type AlertsSearch = ReturnType<typeof alertsSearch>;

/** The alert form: `coin` for a new alert on that coin, `id` to edit one. */
export const alertEditSearch = searchOf({ coin: text, id: text });
export type AlertEditSearch = ReturnType<typeof alertEditSearch>;

/** The portfolio: `coin` shows that holding's transactions instead of the holdings. */
export const portfolioSearch = searchOf({ coin: text });
export type PortfolioSearch = ReturnType<typeof portfolioSearch>;

/** The transaction form: `id` to edit a transaction, `coin` for a new one on that coin. */
export const portfolioTransactionSearch = searchOf({ id: text, coin: text });
export type PortfolioTransactionSearch = ReturnType<typeof portfolioTransactionSearch>;

/** Pages without query parameters take no props. */
export type NoSearch = Record<string, never>;

export const marketTabs = ['favourites', 'coins', 'gainers', 'losers', 'new', 'sectors'] as const;
export type MarketTab = (typeof marketTabs)[number];

/** The Markets tab's own state in its URL, so Back returns to the same sub-tab and sector. */
export const marketSearch = searchOf({
  tab: choice(marketTabs),
  concept: text,
});
export type MarketSearch = ReturnType<typeof marketSearch>;

export const platformTabs = ['ranking', 'following'] as const;
export type PlatformTab = (typeof platformTabs)[number];

/** The Exchanges tab's sub-tab in its URL. */
export const platformSearch = searchOf({ tab: choice(platformTabs) });
export type PlatformSearch = ReturnType<typeof platformSearch>;
