import { SEARCH_RESULT_WINDOW } from '@coinlens/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ProcedureOutput, SearchType } from '@coinlens/contract';

import { gateway } from '@/lib/gateway/gateway';
import { procedureQuery } from '@/lib/gateway/procedure-query';

export type SearchAnswer = ProcedureOutput<'appsearch_msrv/search'>;

/** Results per page of one kind; `all` shows the first page of each kind. */
export const SEARCH_PAGE_SIZE = 20;

function totalOf(answer: SearchAnswer): number {
  if (answer.type === 'coin') return answer.coins.total;
  if (answer.type === 'exchange') return answer.exchanges.total;
  if (answer.type === 'news') return answer.news.total;
  return 0;
}

/** Query options of the search procedures (appsearch_msrv). */
export const searchQueries = {
  results: (keyword: string, type: SearchType, currency: string) =>
    infiniteQueryOptions({
      queryKey: ['appsearch_msrv/search', { keyword, type, currency }] as const,
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }): Promise<SearchAnswer> =>
        gateway.call(
          'appsearch_msrv/search',
          { keyword, type, currency, page: pageParam, page_size: SEARCH_PAGE_SIZE },
          { signal },
        ),
      getNextPageParam: (last: SearchAnswer) =>
        last.page * last.page_size < Math.min(totalOf(last), SEARCH_RESULT_WINDOW)
          ? last.page + 1
          : undefined,
      staleTime: 30_000,
    }),
  hot: (limit: number, currency: string) => procedureQuery('appsearch_msrv/hot_search', { limit, currency }),
  hotConcepts: (limit: number, currency: string) =>
    procedureQuery('appsearch_msrv/hot_concepts', { limit, currency }),
};
