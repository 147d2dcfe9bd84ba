import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { gateway } from '@/lib/gateway/gateway';
import { pagedProcedureQuery, procedureQuery } from '@/lib/gateway/procedure-query';
import { useIsLoggedIn } from '@/lib/session-store';

const INBOX_PAGE_SIZE = 20;

/** Query options of the message centre (the four appinbox_msrv calls). */
export const inboxQueries = {
  list: () => pagedProcedureQuery('appinbox_msrv/inbox_message_list', { page_size: INBOX_PAGE_SIZE }),
  detail: (id: number) => procedureQuery('appinbox_msrv/inbox_message_detail', { id }),
  unread: () => procedureQuery('appinbox_msrv/inbox_message_unread_num', {}),
};

/**
 * Unread messages of the logged-in user, refreshed every minute; 0 for visitors (they have no inbox) and
 * undefined until the first answer, so a screen does not show "0 unread" (or a disabled control) it will take back.
 */
export function useUnreadCount(): number | undefined {
  const loggedIn = useIsLoggedIn();
  const query = useQuery({ ...inboxQueries.unread(), enabled: loggedIn, refetchInterval: 60_000 });
  return loggedIn ? query.data?.unread_num : 0;
}

/** Marks one message (or all) read; the list and the badge follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { id: number } | { all: true }) =>
      gateway.call('appinbox_msrv/inbox_message_markasread', target),
    onSuccess: (answer) => {
      queryClient.setQueryData(inboxQueries.unread().queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: ['appinbox_msrv/inbox_message_list'] });
    },
  });
}
