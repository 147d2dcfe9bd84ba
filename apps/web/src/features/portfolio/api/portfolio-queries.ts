import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ErrorCode,
  GatewayError,
  type PortfolioHistoryRange,
  type PortfolioTransaction,
  type ProcedureInput,
  type ProcedureOutput,
} from '@coinlens/contract';

import { gateway } from '@/lib/gateway/gateway';
import { nextPage, procedureQuery } from '@/lib/gateway/procedure-query';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';

const SUMMARY = 'appportfolio_msrv/portfolio_summary';
const HISTORY = 'appportfolio_msrv/portfolio_history';
const TRANSACTIONS = 'appportfolio_msrv/transaction_list';
const TRANSACTION_PAGE_SIZE = 50;

type Uid = number | string | null;

/** The signed-in user's portfolio calls; the uid in each key keeps two users' answers apart on one device. */
export const portfolioQueries = {
  summary: (currency: string, uid: Uid) =>
    queryOptions({
      queryKey: [SUMMARY, { currency }, { uid }] as const,
      queryFn: ({ signal }) => gateway.call(SUMMARY, { currency }, { signal }),
      enabled: uid !== null,
    }),
  history: (range: PortfolioHistoryRange, currency: string, uid: Uid) =>
    queryOptions({
      queryKey: [HISTORY, { range, currency }, { uid }] as const,
      queryFn: ({ signal }) => gateway.call(HISTORY, { range, currency }, { signal }),
      enabled: uid !== null,
    }),
  transactions: (coinId: string | undefined, uid: Uid) =>
    infiniteQueryOptions({
      queryKey: [TRANSACTIONS, { coin_id: coinId }, { uid }] as const,
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) =>
        gateway.call(
          TRANSACTIONS,
          { page: pageParam, page_size: TRANSACTION_PAGE_SIZE, ...(coinId ? { coin_id: coinId } : {}) },
          { signal },
        ),
      getNextPageParam: (last: ProcedureOutput<typeof TRANSACTIONS>) => nextPage(last),
      enabled: uid !== null,
    }),
};

function useUid(): Uid {
  return useSessionStore((state) => state.user?.uid ?? null);
}

export function usePortfolioSummary() {
  const currency = useSettingsStore((state) => state.price.currency_code);
  return useQuery(portfolioQueries.summary(currency, useUid()));
}

export function usePortfolioHistory(range: PortfolioHistoryRange) {
  const currency = useSettingsStore((state) => state.price.currency_code);
  return useQuery(portfolioQueries.history(range, currency, useUid()));
}

/**
 * One transaction by id. The contract has no single-transaction read, so this pages through the list
 * (newest first, 50 a page) until it finds the id; the list's cached pages answer first.
 */
export function useTransaction(id: number | null) {
  const uid = useUid();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['appportfolio_msrv/transaction_list', { id }, { uid }] as const,
    enabled: uid !== null && id !== null,
    queryFn: async ({ signal }): Promise<PortfolioTransaction> => {
      const cached = queryClient
        .getQueriesData<InfiniteData<ProcedureOutput<typeof TRANSACTIONS>>>({ queryKey: [TRANSACTIONS] })
        .flatMap(([, data]) => data?.pages?.flatMap((page) => page.list) ?? [])
        .find((transaction) => transaction.id === id);
      if (cached) return cached;
      for (let page = 1; ; page += 1) {
        const answer = await gateway.call(
          TRANSACTIONS,
          { page, page_size: TRANSACTION_PAGE_SIZE },
          { signal },
        );
        const found = answer.list.find((transaction) => transaction.id === id);
        if (found) return found;
        if (nextPage(answer) === undefined) throw new GatewayError(ErrorCode.NotFound, '', TRANSACTIONS);
      }
    },
  });
}

export function useTransactions(coinId: string | undefined) {
  return useInfiniteQuery(portfolioQueries.transactions(coinId, useUid()));
}

/** Every answer a change of transactions can move: the summary, the history and the lists. */
function useRefreshPortfolio() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [SUMMARY, HISTORY, TRANSACTIONS].map((name) => queryClient.invalidateQueries({ queryKey: [name] })),
    );
}

export type TransactionSave = ProcedureInput<'appportfolio_msrv/transaction_create'> & { id?: number };

/** Records a new transaction, or changes one when `id` is given. */
export function useSaveTransaction() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: ({ id, ...draft }: TransactionSave) =>
      id === undefined
        ? gateway.call('appportfolio_msrv/transaction_create', draft)
        : gateway.call('appportfolio_msrv/transaction_update', { ...draft, id }),
    onSuccess: refresh,
  });
}

export function useDeleteTransaction() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: (id: number) => gateway.call('appportfolio_msrv/transaction_delete', { id }),
    onSuccess: refresh,
  });
}

export function useImportTransactions() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: (input: ProcedureInput<'appportfolio_msrv/portfolio_import'>) =>
      gateway.call('appportfolio_msrv/portfolio_import', input),
    onSuccess: refresh,
  });
}

/** Coins whose name or symbol matches, for the transaction form's coin picker. */
export function useCoinSearch(keyword: string) {
  const currency = useSettingsStore((state) => state.price.currency_code);
  return useQuery({
    ...procedureQuery('appsearch_msrv/search', { keyword, type: 'coin', page: 1, page_size: 20, currency }),
    enabled: keyword.trim() !== '',
  });
}

/** A coin's market figures (the picked coin's label and live price), in `currency`. */
export function useCoinQuote(coinId: string, currency: string) {
  return useQuery({
    ...procedureQuery('appmarket_msrv/coin_detail', { coin_id: coinId, currency }),
    enabled: coinId !== '',
  });
}

export function exportTransactions(): Promise<ProcedureOutput<'appportfolio_msrv/portfolio_export'>> {
  return gateway.call('appportfolio_msrv/portfolio_export', {});
}
