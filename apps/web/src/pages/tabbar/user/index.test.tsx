import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { reloadSession } from '@/lib/session-store';
import { storeUser } from '@/lib/storage';
import { renderApp } from '@/testing/render-app';

describe('Me tab', () => {
  it('offers "Log in / Register" to a visitor and gates Messages behind the tip dialog', async () => {
    const { router } = renderApp(paths.user);
    expect((await screen.findByTestId('login-entry')).textContent).toContain('Log in / Register');
    for (const entry of ['messages', 'settings', 'currency', 'language', 'contact', 'about', 'security']) {
      expect(screen.getByTestId(`entry-${entry}`)).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('entry-messages'));
    expect(await screen.findByText('You need to log in first to use this feature')).toBeTruthy();
    fireEvent.click(screen.getByText('Login'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.loginRegister));
    await screen.findByTestId('page-loginRegister');
  });

  it('shows the nickname of a logged-in user and opens gated entries directly', async () => {
    storeUser({
      AccessToken: 'a',
      RefreshToken: 'r',
      uid: '5',
      authorInfo: { nickname: 'Satoshi', uid: '5' },
    });
    reloadSession();
    const { router } = renderApp(paths.user);
    expect((await screen.findByTestId('profile-nickname')).textContent).toBe('Satoshi');
    fireEvent.click(screen.getByTestId('entry-messages'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.notice));
    // Queries are off in unit tests: the inbox waits for its first page (its content is covered in e2e).
    await screen.findByTestId('notice-loading');
    expect(screen.queryByTestId('login-required')).toBeNull();
  });
});
