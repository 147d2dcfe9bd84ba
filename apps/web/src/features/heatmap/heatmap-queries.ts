import { procedureQuery } from '@/lib/gateway/procedure-query';

/** Tiles on the heatmap: the top coins by market cap. */
export const HEATMAP_COINS = 100;

/** The heatmap's read: one page of the coin list by market cap (its rows carry each coin's main sector). */
export function heatmapCoinsQuery(currency: string) {
  return procedureQuery('appmarket_msrv/coin_list', {
    page: 1,
    page_size: HEATMAP_COINS,
    sort: 'market_cap',
    order: 'desc',
    filter: 'all',
    hide_low_quality: false,
    currency,
  });
}

/** Sector names in the caller's language (the "by sector" labels). */
export function sectorsQuery(currency: string) {
  return procedureQuery('appmarket_msrv/concept_list', { currency });
}
