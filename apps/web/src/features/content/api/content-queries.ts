import { infiniteQueryOptions } from '@tanstack/react-query';

import type { ArticleType, ProcedureOutput } from '@coinlens/contract';

import { gateway } from '@/lib/gateway/gateway';
import { nextPage, pagedProcedureQuery, procedureQuery } from '@/lib/gateway/procedure-query';

/** Items per pull-up page of the Viewpoint lists. */
export const CONTENT_PAGE_SIZE = 20;

type FlashPage = ProcedureOutput<'appcontent_msrv/fastnews_list'>;

/** Query options of the Viewpoint reads (appcontent_msrv). Keys are `[procedure, payload]`. */
export const contentQueries = {
  /** Flashes by UTC+8 day; pages come in order and a day may continue on the next page. */
  flashes: (coinId?: string) => {
    const payload = { page_size: CONTENT_PAGE_SIZE, ...(coinId ? { coin_id: coinId } : {}) };
    return infiniteQueryOptions({
      queryKey: ['appcontent_msrv/fastnews_list', payload] as const,
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }): Promise<FlashPage> =>
        gateway.call('appcontent_msrv/fastnews_list', { ...payload, page: pageParam }, { signal }),
      getNextPageParam: (last: FlashPage) => nextPage(last),
    });
  },
  news: (coinId?: string) =>
    pagedProcedureQuery('appcontent_msrv/news_list', {
      page_size: CONTENT_PAGE_SIZE,
      ...(coinId ? { coin_id: coinId } : {}),
    }),
  detail: (id: string, type: ArticleType) =>
    procedureQuery('appcontent_msrv/news_detail', { information_id: id, type }),
  comments: (id: string, type: ArticleType) =>
    pagedProcedureQuery('appcontent_msrv/comment_list', {
      information_id: id,
      type,
      page_size: CONTENT_PAGE_SIZE,
    }),
};

/** The days of the loaded flash pages, a day split across two pages joined again. */
export function flashDays(pages: readonly FlashPage[]): FlashPage['groups'] {
  const days: FlashPage['groups'] = [];
  for (const group of pages.flatMap((page) => page.groups)) {
    const last = days.at(-1);
    if (last?.date === group.date) last.list = [...last.list, ...group.list];
    else days.push({ date: group.date, list: [...group.list] });
  }
  return days;
}
