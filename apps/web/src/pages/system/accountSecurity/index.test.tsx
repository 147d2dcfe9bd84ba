import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatDateTime, type SecurityInfo } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { securityInfoQuery } from '@/features/auth/api';
import { reloadSession } from '@/lib/session-store';
import { storeUser } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { ok } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => {
  server.reset();
  server.handler = () => ok({ signed_out_sessions: 1 });
  storeUser({ AccessToken: 'a', RefreshToken: 'r', uid: '5', authorInfo: { nickname: 'S', uid: '5' } });
  reloadSession();
});
afterEach(() => reloadSession());

const lastUsed = Date.UTC(2024, 0, 2, 3, 4);
const info: SecurityInfo = {
  email_masked: 's***@example.com',
  password_changed_at: null,
  recent_logins: [{ at: lastUsed, device: 'Chrome on Android', ip_masked: '127.0.0.*', success: true }],
  sessions: [
    { id: 's1', device: 'Chrome on Android', created_at: lastUsed, last_used_at: lastUsed, current: true },
    { id: 's2', device: 'Safari on iOS', created_at: lastUsed, last_used_at: lastUsed, current: false },
  ],
};

describe('Account security', () => {
  it('shows the masked email, the sessions in UTC+8 with this device marked, and the recent logins', async () => {
    const { queryClient } = renderApp(paths.accountSecurity);
    queryClient.setQueryData(securityInfoQuery('5').queryKey, info);
    expect((await screen.findByTestId('security-email')).textContent).toBe('s***@example.com');
    const sessions = screen.getAllByTestId('session-item');
    expect(sessions).toHaveLength(2);
    expect(within(sessions[0]!).getByTestId('session-current').textContent).toBe('This device');
    expect(within(sessions[1]!).queryByTestId('session-current')).toBeNull();
    expect(formatDateTime(lastUsed, 'YYYY-MM-DD HH:mm')).toBe('2024-01-02 11:04');
    expect(sessions[0]!.textContent).toContain('Last active 2024-01-02 11:04 (UTC+8)');
    expect(screen.getAllByTestId('login-item')[0]!.textContent).toContain(
      '2024-01-02 11:04 (UTC+8) · 127.0.0.*',
    );
  });

  it('signs out the other devices', async () => {
    const { queryClient } = renderApp(paths.accountSecurity);
    queryClient.setQueryData(securityInfoQuery('5').queryKey, info);
    fireEvent.click(await screen.findByTestId('sign-out-others'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Other devices signed out: 1'));
    expect(server.requests[0]?.url).toBe('/gwapi/v1/user_msrv/sign_out_sessions');
    expect(server.requests[0]?.payload).toEqual({});
  });

  it('opens Change Password', async () => {
    const { router, queryClient } = renderApp(paths.accountSecurity);
    queryClient.setQueryData(securityInfoQuery('5').queryKey, info);
    fireEvent.click(await screen.findByTestId('entry-updatePassword'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.updatePassword));
  });
});
