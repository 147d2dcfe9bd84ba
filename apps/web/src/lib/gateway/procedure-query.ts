import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import type { ProcedureInput, ProcedureName, ProcedureOutput } from '@coinlens/contract';

import { gateway } from './gateway';

/** Query options of one procedure call; the key is `[procedure, payload]`, so keys name what they hold. */
export function procedureQuery<P extends ProcedureName>(procedure: P, payload: ProcedureInput<P>) {
  return queryOptions({
    queryKey: [procedure, payload] as const,
    queryFn: ({ signal }): Promise<ProcedureOutput<P>> => gateway.call(procedure, payload, { signal }),
  });
}

interface PageInfo {
  page: number;
  page_size: number;
  total: number;
}

/** The procedures answering `{list, page, page_size, total}` pages. */
export type PagedProcedure = {
  [P in ProcedureName]: ProcedureOutput<P> extends PageInfo & { list: unknown[] } ? P : never;
}[ProcedureName];

export function nextPage(last: PageInfo): number | undefined {
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

/** Infinite (pull-up) paging over a paged procedure; pages are fetched in order from 1. */
export function pagedProcedureQuery<P extends PagedProcedure>(
  procedure: P,
  payload: Omit<ProcedureInput<P>, 'page'>,
) {
  return infiniteQueryOptions({
    queryKey: [procedure, payload] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }): Promise<ProcedureOutput<P>> =>
      gateway.call(procedure, { ...payload, page: pageParam } as ProcedureInput<P>, { signal }),
    getNextPageParam: (last: ProcedureOutput<P>) => nextPage(last as PageInfo),
  });
}
