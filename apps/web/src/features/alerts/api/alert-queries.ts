import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GatewayError, type AlertItem, type ProcedureInput } from '@coinlens/contract';

import { gateway } from '@/lib/gateway/gateway';
import { pagedProcedureQuery, procedureQuery } from '@/lib/gateway/procedure-query';
import { useSessionStore } from '@/lib/session-store';
import { showToast } from '@/lib/toast';

const LIST = 'appalert_msrv/alert_list';
const FIRINGS = 'appalert_msrv/alert_firing_list';
const FIRING_PAGE_SIZE = 20;

/** Query options of the user's alerts and their firings (appalert_msrv). */
export const alertQueries = {
  list: () => procedureQuery(LIST, {}),
  firings: () => pagedProcedureQuery(FIRINGS, { page_size: FIRING_PAGE_SIZE }),
  /** The coin the form is about, in the currency its level is in (the value shown beside the level). */
  coin: (coinId: string, currency: string) =>
    procedureQuery('appmarket_msrv/coin_detail', { coin_id: coinId, currency }),
};

/** The signed-in user's alerts; off for a visitor. */
export function useAlertList() {
  const loggedIn = useSessionStore((state) => state.user !== null);
  return useQuery({ ...alertQueries.list(), enabled: loggedIn });
}

/** One alert of the list (the form's edit mode reads it from there: the list is small and usually cached). */
export function useAlert(id: number | null) {
  const query = useAlertList();
  const alert: AlertItem | undefined =
    id === null ? undefined : query.data?.list.find((candidate) => candidate.id === id);
  return { query, alert };
}

type UpdatePayload = ProcedureInput<'appalert_msrv/alert_update'>;
type CreatePayload = ProcedureInput<'appalert_msrv/alert_create'>;

export type AlertChange =
  | { action: 'create'; draft: CreatePayload }
  | { action: 'update'; payload: UpdatePayload }
  | { action: 'delete'; id: number };

async function changeAlert(change: AlertChange): Promise<AlertItem | null> {
  switch (change.action) {
    case 'create':
      return gateway.call('appalert_msrv/alert_create', change.draft);
    case 'update':
      return gateway.call('appalert_msrv/alert_update', change.payload);
    case 'delete':
      await gateway.call('appalert_msrv/alert_delete', { id: change.id });
      return null;
  }
}

/**
 * Create, edit, pause/resume and delete. A refusal shows the server's message (3009 at the 51st alert, 50500
 * naming a field); the form passes `onFieldError` to show a field's message beside it instead. Every outcome
 * refreshes the list and the history.
 */
export function useAlertMutation(onFieldError?: (field: string, message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAlert,
    onError: (error) => {
      if (!(error instanceof GatewayError)) return;
      const field = (error.data as { field?: unknown } | null)?.field;
      if (onFieldError && typeof field === 'string') onFieldError(field, error.message);
      else showToast(error.message);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [LIST] }),
        queryClient.invalidateQueries({ queryKey: [FIRINGS] }),
      ]),
  });
}
