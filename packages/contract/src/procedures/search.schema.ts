import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';
import { coinListItem, conceptItem, exchangeListItem } from './market.schema.js';
import { currency, freshness, page, pageSize } from './shared-fields.js';
import { SEARCH_KEYWORD_MAX, SEARCH_RESULT_WINDOW, SEARCH_TYPES } from './procedure-constants.js';

/** A news or flash hit; the content issue fills these in. */
export const searchNewsItem = z.object({
  id: z.string(),
  type: z.enum(['fastnews', 'news']),
  title: z.string(),
  time: z.number().int(),
});

export type SearchNewsItem = z.infer<typeof searchNewsItem>;

const hits = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

export const searchProcedures = {
  /**
   * Coins, exchanges, sectors and news matching a keyword (symbol, name in any of the three languages, Vietnamese
   * without diacritics, one or two typos). `type` narrows to one kind; `page` / `page_size` page every kind
   * asked for, so `all` answers the first page of each.
   */
  'appsearch_msrv/search': defineProcedure({
    input: z
      .object({
        keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
        type: z.enum(SEARCH_TYPES).default('all'),
        page,
        page_size: pageSize.default(20),
        currency,
      })
      .refine((input) => input.page * input.page_size <= SEARCH_RESULT_WINDOW, {
        path: ['page'],
        message: `page × page_size may not exceed ${SEARCH_RESULT_WINDOW}`,
      }),
    output: z.object({
      keyword: z.string(),
      type: z.enum(SEARCH_TYPES),
      coins: hits(coinListItem),
      exchanges: hits(exchangeListItem),
      /** Sectors by name in any language; only with type `all`. */
      concepts: hits(conceptItem),
      news: hits(searchNewsItem),
      page: z.number().int(),
      page_size: z.number().int(),
      currency: z.string(),
      ...freshness,
    }),
    auth: 'public',
  }),
  /** What people look up now: coins by detail views and searches over 24 h, and the most typed keywords. */
  'appsearch_msrv/hot_search': defineProcedure({
    input: z.object({ limit: z.number().int().min(1).max(50).default(10), currency }),
    output: z.object({
      list: z.array(coinListItem),
      keywords: z.array(z.string()),
      currency: z.string(),
      ...freshness,
    }),
    auth: 'public',
  }),
  /** Sectors moving most over 24 h (largest absolute change first). */
  'appsearch_msrv/hot_concepts': defineProcedure({
    input: z.object({ limit: z.number().int().min(1).max(20).default(8), currency }),
    output: z.object({ list: z.array(conceptItem), currency: z.string(), ...freshness }),
    auth: 'public',
  }),
};
