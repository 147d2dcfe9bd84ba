import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode, errorMessage } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { reloadSession } from '@/lib/session-store';
import { clearUser, storeUser } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { fail } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => {
  server.reset();
  storeUser({ AccessToken: 'a', RefreshToken: 'r', uid: '5', authorInfo: { nickname: 'S', uid: '5' } });
  reloadSession();
});
afterEach(() => reloadSession());

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
}

describe('Change password', () => {
  it('shows a wrong original password (40005) under its field', async () => {
    server.handler = () => fail(ErrorCode.OldPasswordWrong, errorMessage(ErrorCode.OldPasswordWrong, 'en'));
    renderApp(paths.updatePassword);
    await screen.findByTestId('page-updatePassword');
    type('input-originalPassword', 'old12345');
    type('input-password', 'new12345');
    type('input-repeatPassword', 'new12345');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect((await screen.findByTestId('field-error-originalPassword')).textContent).toBe(
      'Old password is wrong',
    );
    expect(server.requests[0]?.payload).toMatchObject({ sign_out_others: true });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('on success toasts the msg and goes back; "Sign out other devices" can be turned off', async () => {
    server.handler = () => ({ code: 0, msg: 'Setting succeeded', data: { signed_out_sessions: 0 } });
    const { router } = renderApp(paths.updatePassword);
    await screen.findByTestId('page-updatePassword');
    type('input-originalPassword', 'old12345');
    type('input-password', 'new12345');
    type('input-repeatPassword', 'new12345');
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Setting succeeded'));
    expect(server.requests[0]?.url).toBe('/gwapi/v1/user_msrv/update_password');
    expect(server.requests[0]?.payload).toEqual({
      original_password: 'old12345',
      password: 'new12345',
      repeat_password: 'new12345',
      sign_out_others: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.accountSecurity));
  });

  it('a visitor is asked to log in', async () => {
    clearUser();
    reloadSession();
    renderApp(paths.updatePassword);
    expect(await screen.findByTestId('login-required')).toBeTruthy();
  });
});
