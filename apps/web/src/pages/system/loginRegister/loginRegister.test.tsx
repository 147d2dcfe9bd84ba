import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/toast';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
}

describe('Login / register', () => {
  it('shows the required prompts inline and submits nothing while invalid', async () => {
    renderApp(paths.loginRegister);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Login');
    fireEvent.click(await screen.findByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-email')).textContent).toBe('Please enter your email');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Please enter your password');
    type('input-email', 'bad');
    type('input-password', 'short');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-email')).textContent).toBe('Email format incorrect');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Password format error');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('a valid login reports honestly that the account service is unavailable', async () => {
    renderApp(paths.loginRegister);
    await screen.findByTestId('auth-step-login');
    type('input-email', 'user@example.com');
    type('input-password', 'abc12345');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'The account service is not available yet, please try again later',
      ),
    );
    expect(screen.getByTestId('auth-step-login')).toBeTruthy();
  });

  it('register asks for the repeated password and the agreement', async () => {
    renderApp(paths.loginRegister);
    fireEvent.click(await screen.findByText('No account? Register'));
    await screen.findByTestId('auth-step-register');
    type('input-email', 'user@example.com');
    type('input-password', 'abc12345');
    type('input-repeatPassword', 'abc12399');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('field-error-repeatPassword')).textContent).toBe(
      'Two passwords are inconsistent',
    );
    expect(screen.getByTestId('field-error-agreed').textContent).toBe(
      'Please agree to the User Agreement and Privacy Policy',
    );
  });
});
