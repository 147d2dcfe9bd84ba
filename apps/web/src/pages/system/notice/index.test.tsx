import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { GatewayAnswer, InboxMessageItem } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { inboxQueries } from '@/features/inbox/api/inbox-queries';
import { reloadSession } from '@/lib/session-store';
import { storeUser } from '@/lib/storage';
import { deferred, ok } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);

const message: InboxMessageItem = {
  id: 7,
  category: 'system',
  title: 'Password changed',
  summary: 'Your password was changed.',
  time: Date.UTC(2024, 0, 2, 3, 4),
  read: false,
};

function renderInbox() {
  const view = renderApp(paths.notice);
  view.queryClient.setQueryData(inboxQueries.list().queryKey, {
    pages: [{ list: [message], page: 1, page_size: 20, total: 1, unread_num: 1 }],
    pageParams: [1],
  });
  return view;
}

beforeEach(() => {
  server.reset();
  storeUser({ AccessToken: 'a', RefreshToken: 'r', uid: '5', authorInfo: { nickname: 'S', uid: '5' } });
  reloadSession();
});
afterEach(() => reloadSession());

describe('Messages', () => {
  it('shows the unread summary and Mark all read only once the count is known', async () => {
    const unreadAnswer = deferred<GatewayAnswer>();
    server.handler = (request) =>
      request.url.endsWith('/inbox_message_unread_num') ? unreadAnswer.promise : ok({});
    renderInbox();
    expect((await screen.findByTestId('message-row')).textContent).toContain('Password changed');
    // Not a disabled button that turns enabled a moment later (nor "0 unread" that turns into 1).
    expect(screen.queryByTestId('mark-all-read')).toBeNull();
    expect(screen.queryByTestId('unread-summary')).toBeNull();
    unreadAnswer.resolve(ok({ unread_num: 1 }));
    expect((await screen.findByTestId('unread-summary')).textContent).toBe('1 unread');
    expect(screen.getByTestId('mark-all-read').hasAttribute('disabled')).toBe(false);
  });

  it('marks every message read and then offers nothing more to mark', async () => {
    server.handler = (request) => {
      if (request.url.endsWith('/inbox_message_unread_num')) return ok({ unread_num: 1 });
      if (request.url.endsWith('/inbox_message_markasread')) return ok({ unread_num: 0 });
      return ok({ list: [{ ...message, read: true }], page: 1, page_size: 20, total: 1, unread_num: 0 });
    };
    renderInbox();
    fireEvent.click(await screen.findByTestId('mark-all-read'));
    await waitFor(() => expect(screen.getByTestId('unread-summary').textContent).toBe('0 unread'));
    expect(screen.getByTestId('mark-all-read').hasAttribute('disabled')).toBe(true);
    const markRequest = server.requests.find((request) => request.url.endsWith('/inbox_message_markasread'));
    expect(markRequest?.payload).toEqual({ all: true });
  });
});
