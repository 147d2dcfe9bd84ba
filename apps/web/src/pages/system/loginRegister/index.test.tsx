import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode, type SessionTokens } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { countryListQuery } from '@/features/auth/api';
import { readStored, writeStored } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { ok } from '@/testing/fake-fetch';
import { procedureOf } from '@/features/auth/testing/fake-gateway-server';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => {
  server.reset();
});

const session: SessionTokens = {
  AccessToken: 'at',
  RefreshToken: 'rt',
  uid: 7,
  authorInfo: { nickname: 'Satoshi', uid: 7 },
  expires_in: 900,
};

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
}

function renderLogin() {
  const view = renderApp(paths.loginRegister);
  view.queryClient.setQueryData(countryListQuery().queryKey, {
    list: [
      { code: 'SG', name: 'Singapore' },
      { code: 'VN', name: 'Việt Nam' },
    ],
  });
  return view;
}

async function fillRegisterStep() {
  fireEvent.click(await screen.findByText('No account? Register'));
  await screen.findByTestId('auth-step-register');
  type('input-email', 'user@example.com');
  type('input-password', 'abc12345');
  type('input-repeatPassword', 'abc12345');
  type('input-nickname', 'Satoshi');
  fireEvent.click(screen.getByTestId('input-country'));
  type('country-search', 'viet');
  fireEvent.click(await screen.findByTestId('country-VN'));
  await waitFor(() => expect(screen.getByTestId('input-country').textContent).toBe('Việt Nam'));
  fireEvent.click(screen.getByTestId('input-agreed'));
}

describe('Login / register', () => {
  it('shows the required prompts inline and submits nothing while invalid', async () => {
    renderLogin();
    expect((await screen.findByTestId('page-title')).textContent).toBe('Login');
    fireEvent.click(await screen.findByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-email')).textContent).toBe('Please enter your email');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Please enter your password');
    type('input-email', 'bad');
    type('input-password', 'short');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-email')).textContent).toBe('Email format incorrect');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Password format error');
    expect(server.requests).toHaveLength(0);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('logs in, stores the user and resumes the pending route', async () => {
    writeStored('url_params', { path: paths.notice, query: {} });
    server.handler = () => ok(session);
    const { router } = renderLogin();
    await screen.findByTestId('auth-step-login');
    type('input-email', 'user@example.com');
    type('input-password', 'abc12345');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.notice));
    expect(procedureOf(server.requests[0])).toBe('user_msrv/login');
    expect(readStored('user')).toMatchObject({ uid: '7', authorInfo: { nickname: 'Satoshi' } });
    expect(readStored('url_params')).toBeNull();
  });

  it('register asks for the repeated password, nickname, country and the agreement', async () => {
    renderLogin();
    fireEvent.click(await screen.findByText('No account? Register'));
    await screen.findByTestId('auth-step-register');
    type('input-email', 'user@example.com');
    type('input-password', 'abc12345');
    type('input-repeatPassword', 'abc12399');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-repeatPassword')).textContent).toBe(
      'Two passwords are inconsistent',
    );
    expect(screen.getByTestId('field-error-nickname').textContent).toBe('Please enter your nickname');
    expect(screen.getByTestId('field-error-country').textContent).toBe('Please select your country');
    expect(screen.getByTestId('field-error-agreed').textContent).toBe(
      'Please agree to the User Agreement and Privacy Policy',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('says Register in the header while registering, through the email-code step, and Login again after', async () => {
    server.handler = () => ok({ expires_in: 600, resend_after: 60 });
    renderLogin();
    const title = await screen.findByTestId('page-title');
    expect(title.textContent).toBe('Login');
    await fillRegisterStep();
    expect(screen.getByTestId('page-title').textContent).toBe('Register');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('auth-step-emailCode');
    expect(screen.getByTestId('page-title').textContent).toBe('Register');
    fireEvent.click(screen.getByText('Back'));
    await screen.findByTestId('auth-step-register');
    fireEvent.click(screen.getByText('Have an account? Log in'));
    await screen.findByTestId('auth-step-login');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Login'));
    fireEvent.click(screen.getByText('Forgot password?'));
    await screen.findByTestId('auth-step-forgot');
    expect(screen.getByTestId('page-title').textContent).toBe('Login');
  });

  it('the country list is searchable and names the choice in the current language', async () => {
    renderLogin();
    fireEvent.click(await screen.findByText('No account? Register'));
    fireEvent.click(await screen.findByTestId('input-country'));
    expect(await screen.findByTestId('country-SG')).toBeTruthy();
    type('country-search', 'zz');
    expect(await screen.findByText('No matching country')).toBeTruthy();
    type('country-search', 'sg');
    fireEvent.click(await screen.findByTestId('country-SG'));
    await waitFor(() => expect(screen.getByTestId('input-country').textContent).toBe('Singapore'));
  });

  it('registers through the email code, showing a server field error under its field', async () => {
    let codeAttempts = 0;
    server.handler = (request) => {
      switch (procedureOf(request)) {
        case 'user_msrv/captcha':
          return ok({ expires_in: 600, resend_after: 60 });
        case 'user_msrv/register':
          codeAttempts += 1;
          return codeAttempts === 1
            ? {
                code: ErrorCode.ParameterInvalid,
                msg: 'Parameter validation error: code (Verification code error)',
                data: { field: 'code' },
              }
            : ok(session);
        default:
          return ok({});
      }
    };
    const { router } = renderLogin();
    await fillRegisterStep();
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('auth-step-emailCode');
    expect(server.requests[0]?.payload).toEqual({ email: 'user@example.com', purpose: 'register' });
    const resend = screen.getByTestId('resend-code');
    expect(resend.textContent).toBe('Resend in 60 s');
    expect(resend.hasAttribute('disabled')).toBe(true);

    type('input-code', '123456');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-code')).textContent).toBe(
      'Parameter validation error: code (Verification code error)',
    );
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.user));
    expect(server.requests[2]?.payload).toEqual({
      email: 'user@example.com',
      code: '123456',
      password: 'abc12345',
      repeat_password: 'abc12345',
      country: 'VN',
      nickname: 'Satoshi',
      agreement: true,
    });
    expect((await screen.findByTestId('profile-nickname')).textContent).toBe('Satoshi');
  });

  it('the resend button asks for a new code once the countdown is over, and counts down again', async () => {
    let sends = 0;
    server.handler = () => {
      sends += 1;
      return ok({ expires_in: 600, resend_after: sends === 1 ? 0 : 60 });
    };
    renderLogin();
    await fillRegisterStep();
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('auth-step-emailCode');
    const resend = screen.getByTestId('resend-code');
    expect(resend.textContent).toBe('Resend code');
    fireEvent.click(resend);
    await waitFor(() => expect(screen.getByTestId('resend-code').textContent).toBe('Resend in 60 s'));
    expect(server.requests.map((request) => request.payload)).toEqual([
      { email: 'user@example.com', purpose: 'register' },
      { email: 'user@example.com', purpose: 'register' },
    ]);
  });

  it('toasts a server field error the current step does not show', async () => {
    server.handler = (request) =>
      procedureOf(request) === 'user_msrv/captcha'
        ? ok({ expires_in: 600, resend_after: 60 })
        : {
            code: ErrorCode.ParameterInvalid,
            msg: 'Parameter validation error: nickname (Please enter your nickname)',
            data: { field: 'nickname' },
          };
    renderLogin();
    await fillRegisterStep();
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('auth-step-emailCode');
    type('input-code', '123456');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'Parameter validation error: nickname (Please enter your nickname)',
      ),
    );
    expect(screen.getByTestId('auth-step-emailCode')).toBeTruthy();
    expect(readStored('user')).toBeNull();
  });

  it('a password reset goes back to the login step with a success toast', async () => {
    server.handler = (request) =>
      procedureOf(request) === 'user_msrv/captcha' ? ok({ expires_in: 600, resend_after: 60 }) : ok({});
    renderLogin();
    fireEvent.click(await screen.findByText('Forgot password?'));
    await screen.findByTestId('auth-step-forgot');
    type('input-email', 'user@example.com');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('auth-step-emailCode');
    expect(server.requests[0]?.payload).toEqual({ email: 'user@example.com', purpose: 'reset_password' });
    type('input-code', '654321');
    type('input-password', 'new12345');
    type('input-repeatPassword', 'new12345');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('auth-step-login');
    expect(showToast).toHaveBeenCalledWith('Password reset. Please log in with the new password.');
    expect(procedureOf(server.requests[1])).toBe('user_msrv/reset_password');
  });
});
