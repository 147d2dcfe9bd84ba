import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { gateway } from '@/lib/gateway/gateway';
import { procedureQuery } from '@/lib/gateway/procedure-query';
import { useSessionStore } from '@/lib/session-store';
import { showToast } from '@/lib/toast';

const LIST = 'appsys_msrv/api_key_list';

/** Query options of the user's open-API keys (appsys_msrv). */
export const apiKeyQueries = {
  list: () => procedureQuery(LIST, {}),
};

/** The signed-in user's keys and the anonymous limit; off for a visitor. */
export function useApiKeyList() {
  const loggedIn = useSessionStore((state) => state.user !== null);
  return useQuery({ ...apiKeyQueries.list(), enabled: loggedIn });
}

/**
 * Creates a key. The answer holds the secret, the only time it is ever sent: the caller keeps it in its own
 * state (never in the query cache) to show it once. A refusal (3009 at the sixth key) shows the server's message.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => gateway.call('appsys_msrv/api_key_create', { label }),
    onError: (error) => showToast(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LIST] }),
  });
}

/** Revokes a key: calls with it are refused from then on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => gateway.call('appsys_msrv/api_key_revoke', { id }),
    onError: (error) => showToast(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LIST] }),
  });
}
