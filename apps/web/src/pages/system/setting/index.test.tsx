import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '@/config/paths';
import { reloadSession } from '@/lib/session-store';
import { reloadSettings } from '@/lib/settings-store';
import { readStored, storeUser, UP_DOWN_PRESETS } from '@/lib/storage';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);

beforeEach(() => server.reset());

afterEach(() => {
  reloadSettings();
  reloadSession();
});

describe('Settings', () => {
  it('night mode persists and switches antd-mobile and our variables to dark', async () => {
    renderApp(paths.setting);
    await screen.findByTestId('page-setting');
    const html = document.documentElement;
    expect(html.getAttribute('data-prefers-color-scheme')).toBeNull();
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(html.getAttribute('data-prefers-color-scheme')).toBe('dark'));
    expect(readStored('system_theme')).toBe('dark');
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(html.getAttribute('data-prefers-color-scheme')).toBeNull());
    expect(readStored('system_theme')).toBe('light');
  });

  it('up/down colour, homepage and refresh rate persist and apply', async () => {
    renderApp(paths.setting);
    await screen.findByTestId('page-setting');
    fireEvent.click(screen.getByText('Red up, green down'));
    await waitFor(() => expect(readStored('up_down_colcor')).toEqual(UP_DOWN_PRESETS[2]));
    expect(document.documentElement.style.getPropertyValue('--cl-up')).toBe(UP_DOWN_PRESETS[2].up);
    fireEvent.click(screen.getByText('Quicktake'));
    await waitFor(() => expect(readStored('homepage')).toBe('viewpoint'));
    fireEvent.click(screen.getByText('30 s'));
    await waitFor(() => expect(readStored('refresh_rate')).toBe('30s'));
  });

  it('logs out on the server and here after the confirmation', async () => {
    storeUser({ AccessToken: 'a', RefreshToken: 'r', uid: '5', authorInfo: { nickname: 'S', uid: '5' } });
    reloadSession();
    const { router } = renderApp(paths.setting);
    fireEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('Are you sure to log out?')).toBeTruthy();
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(readStored('user')).toBeNull());
    expect(server.requests[0]?.url).toBe('/gwapi/v1/user_msrv/logout');
    expect(server.requests[0]?.headers).toMatchObject({ accesstoken: 'a', refreshtoken: 'r' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.user));
    await screen.findByTestId('login-entry');
  });
});
