import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { GatewayError, type ProcedureInput, type ProcedureOutput } from '@coinlens/contract';
import { useMemo } from 'react';

import { gateway } from '@/lib/gateway/gateway';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { showToast } from '@/lib/toast';

export type WatchKind = 'coins' | 'exchange';

const LIST_PROCEDURE = {
  coins: 'appmarket_msrv/watch_coins_list',
  exchange: 'appmarket_msrv/watch_exchange_list',
} as const;

function watchQuery<P extends (typeof LIST_PROCEDURE)[WatchKind]>(
  procedure: P,
  currency: string,
  uid: number | string | null,
) {
  return queryOptions({
    queryKey: [procedure, { currency }, { uid }] as const,
    queryFn: ({ signal }): Promise<ProcedureOutput<P>> =>
      gateway.call(procedure, { currency } as ProcedureInput<P>, { signal }),
    enabled: uid !== null,
  });
}

/** The signed-in user's watch lists; the uid in the key keeps two users' lists apart. */
export const watchQueries = {
  coins: (currency: string, uid: number | string | null) => watchQuery(LIST_PROCEDURE.coins, currency, uid),
  exchange: (currency: string, uid: number | string | null) =>
    watchQuery(LIST_PROCEDURE.exchange, currency, uid),
};

export type WatchListData<K extends WatchKind> = ProcedureOutput<(typeof LIST_PROCEDURE)[K]>;

export function useWatchList<K extends WatchKind>(kind: K): UseQueryResult<WatchListData<K>> {
  const uid = useSessionStore((state) => state.user?.uid ?? null);
  const currency = useSettingsStore((state) => state.price.currency_code);
  const options = watchQuery(LIST_PROCEDURE[kind], currency, uid);
  return useQuery(options as unknown as UseQueryOptions<WatchListData<K>>);
}

/** Ids on the user's list, or null for a visitor / while unknown. */
export function useWatchedIds(kind: WatchKind): ReadonlySet<string> | null {
  const { data } = useWatchList(kind);
  return useMemo(() => (data ? new Set(data.list.map((item) => item.id)) : null), [data]);
}

type WatchAction = 'add' | 'remove' | 'sort';

async function changeWatchList(kind: WatchKind, action: WatchAction, ids: string[]): Promise<string[]> {
  const answer =
    kind === 'coins'
      ? await gateway.request(`appmarket_msrv/watch_coins_${action}`, { coin_ids: ids })
      : await gateway.request(`appmarket_msrv/watch_exchange_${action}`, { exchange_ids: ids });
  if (answer.code !== 0)
    throw new GatewayError(answer.code, answer.msg, `watch_${kind}_${action}`, answer.data);
  // The server's localised 3007 / 3008 / 3003 text (decision D18); sorting is quiet.
  if (action !== 'sort') showToast(answer.msg);
  return answer.data.ids;
}

/**
 * Follow, unfollow and reorder. A refusal (3009 past the limit of 10) toasts the server's message and
 * changes nothing; every outcome refreshes the list from the server.
 */
export function useWatchListMutation(kind: WatchKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: WatchAction; ids: string[] }) =>
      changeWatchList(kind, action, ids),
    onError: (error) => {
      if (error instanceof GatewayError) showToast(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LIST_PROCEDURE[kind]] }),
  });
}
