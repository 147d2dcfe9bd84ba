import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ALERT_LIMIT, type AlertItem } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { procedureOf } from '@/features/auth/testing/fake-gateway-server';
import { alertQueries } from '@/features/alerts/api/alert-queries';
import { reloadSession } from '@/lib/session-store';
import { storeUser } from '@/lib/storage';
import { fail, ok } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);

/** The first find on a page waits for its lazy chunk, slow on a busy machine. */
const LAZY_PAGE = { timeout: 10_000 };

function alertItem(overrides: Partial<AlertItem>): AlertItem {
  return {
    id: 1,
    coin_id: 'bitcoin',
    coin_name: 'Bitcoin',
    coin_symbol: 'BTC',
    coin_logo: '',
    kind: 'price_above',
    level: 70_000,
    currency: 'usd',
    window: null,
    repeat: 'once',
    cooldown_minutes: null,
    paused: false,
    created_at: 0,
    last_fired_at: null,
    fired_count: 0,
    ...overrides,
  };
}

function signIn() {
  storeUser({ AccessToken: 'a', RefreshToken: 'r', uid: '5', authorInfo: { nickname: 'S', uid: '5' } });
  reloadSession();
}

afterEach(() => {
  server.reset();
  reloadSession();
});

describe('My alerts and the alert form', () => {
  it('ask a visitor to log in', async () => {
    renderApp(paths.alerts);
    await screen.findByTestId('login-required', {}, LAZY_PAGE);
    expect(screen.queryByTestId('alert-list')).toBeNull();
  });

  it('list each alert as a sentence with the count, and pause one from its row', async () => {
    signIn();
    const alerts = [
      alertItem({ id: 1 }),
      alertItem({ id: 2, coin_symbol: 'ETH', kind: 'change_down', level: 5, currency: null, window: '1h' }),
    ];
    server.handler = (request) =>
      procedureOf(request) === 'appalert_msrv/alert_list'
        ? ok({ list: alerts, limit: ALERT_LIMIT })
        : ok({ ...alerts[0], paused: true });
    const { queryClient } = renderApp(paths.alerts);
    queryClient.setQueryData(alertQueries.list().queryKey, { list: alerts, limit: ALERT_LIMIT });
    const first = await screen.findByTestId('alert-row-1', {}, LAZY_PAGE);
    expect(within(first).getByTestId('alert-sentence').textContent).toBe('Price above $70,000');
    expect(within(screen.getByTestId('alert-row-2')).getByTestId('alert-sentence').textContent).toBe(
      'Falls 5% within 1 h',
    );
    expect(screen.getByTestId('alert-count').textContent).toBe(`2 / ${ALERT_LIMIT}`);
    fireEvent.click(within(first).getByTestId('alert-toggle'));
    const update = () =>
      server.requests.find((request) => procedureOf(request) === 'appalert_msrv/alert_update');
    await waitFor(() => expect(update()).toBeDefined());
    expect(update()?.payload).toEqual({ id: 1, paused: true });
  });

  it('explain how to add one when there are none', async () => {
    signIn();
    const { queryClient } = renderApp(paths.alerts);
    queryClient.setQueryData(alertQueries.list().queryKey, { list: [], limit: ALERT_LIMIT });
    const empty = await screen.findByTestId('alerts-empty', {}, LAZY_PAGE);
    expect(empty.textContent).toContain('tap the bell');
  });

  it('refuse an empty level with the catalogue message, then send the draft and open the list', async () => {
    signIn();
    server.handler = () => ok(alertItem({ id: 9 }));
    const { router } = renderApp(`${paths.alertEdit}?coin=bitcoin`);
    fireEvent.click(await screen.findByTestId('alert-save', {}, LAZY_PAGE));
    expect((await screen.findByTestId('alert-error-level')).textContent).toBe('Enter a price above 0');
    expect(server.requests).toEqual([]);

    const level = screen.getByTestId('alert-level').querySelector('input')!;
    fireEvent.change(level, { target: { value: '70,000' } });
    expect(screen.queryByTestId('alert-error-level')).toBeNull();
    fireEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.alerts));
    const create = server.requests.find((request) => procedureOf(request) === 'appalert_msrv/alert_create');
    expect(create?.payload).toEqual({
      coin_id: 'bitcoin',
      kind: 'price_above',
      level: 70_000,
      currency: 'usd',
      window: null,
      repeat: 'once',
      cooldown_minutes: null,
    });
  });

  it("show the server's refusal and stay on the form", async () => {
    signIn();
    server.handler = () => fail(3009, 'You can keep at most 50 alerts');
    const { router } = renderApp(`${paths.alertEdit}?coin=bitcoin`);
    const level = (await screen.findByTestId('alert-level', {}, LAZY_PAGE)).querySelector('input')!;
    fireEvent.change(level, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('alert-save'));
    await screen.findByText('You can keep at most 50 alerts');
    expect(router.state.location.pathname).toBe(paths.alertEdit);
    expect(server.requests).toHaveLength(1);
  });
});
