import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { API_KEYS_PER_USER, type ApiKeyView } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { procedureOf } from '@/features/auth/testing/fake-gateway-server';
import { apiKeyQueries } from '@/features/developers/api/api-key-queries';
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

function apiKey(overrides: Partial<ApiKeyView>): ApiKeyView {
  return {
    id: 1,
    label: 'Bot',
    hint: 'x9Qz',
    created_at: Date.UTC(2026, 2, 4),
    last_used_at: null,
    calls_today: 0,
    calls_total: 0,
    limit_per_minute: 120,
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

describe('Open API screen', () => {
  it('asks a visitor to log in', async () => {
    renderApp(paths.developers);
    await screen.findByTestId('login-required', {}, LAZY_PAGE);
    expect(screen.queryByTestId('developers')).toBeNull();
  });

  it('shows the base URL, the reference link, the limits and each key with its hint and usage', async () => {
    signIn();
    const keys = [
      apiKey({ id: 1 }),
      apiKey({ id: 2, label: 'Sheet', hint: 'AbC1', last_used_at: Date.UTC(2026, 2, 5), calls_today: 3 }),
    ];
    const { queryClient } = renderApp(paths.developers);
    queryClient.setQueryData(apiKeyQueries.list().queryKey, { list: keys, anonymous_limit_per_minute: 30 });
    const row = await screen.findByTestId('api-key-row-2', {}, LAZY_PAGE);
    expect(screen.getByTestId('page-title').textContent).toBe('Open API');
    expect(screen.getByTestId('developers-base-url').textContent).toBe(`${window.location.origin}/api/v3`);
    const docs = screen.getByTestId('developers-docs');
    expect(docs.getAttribute('href')).toBe('/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener');
    expect(screen.getByTestId('api-limit-anonymous').textContent).toBe(
      'Without a key: 30 calls per minute for each address',
    );
    expect(screen.getByTestId('api-limit-key').textContent).toBe(
      'With a key: 120 calls per minute for each key',
    );
    expect(within(row).getByTestId('api-key-hint').textContent).toBe('…AbC1');
    expect(within(row).getByTestId('api-key-calls').textContent).toBe('Calls: 3 today · 0 in all');
    expect(within(screen.getByTestId('api-key-row-1')).getByTestId('api-key-last-used').textContent).toBe(
      'Never used',
    );
    expect(screen.getByTestId('api-key-count').textContent).toBe(`2 / ${API_KEYS_PER_USER}`);
    expect(screen.getByTestId('api-key-create').hasAttribute('disabled')).toBe(false);
  });

  it('invites the first key when there is none', async () => {
    signIn();
    const { queryClient } = renderApp(paths.developers);
    queryClient.setQueryData(apiKeyQueries.list().queryKey, { list: [], anonymous_limit_per_minute: 30 });
    const empty = await screen.findByTestId('api-keys-empty', {}, LAZY_PAGE);
    expect(empty.textContent).toContain('Create your first key');
    expect(screen.getByTestId('api-limit-key').textContent).toContain('once you create one');
  });

  it('shows the error with retry, never the empty state, when the list fails', async () => {
    signIn();
    server.handler = () => fail(5999, 'Service busy');
    const { queryClient } = renderApp(paths.developers);
    await queryClient.prefetchQuery(apiKeyQueries.list());
    await screen.findByTestId('api-keys-error', {}, LAZY_PAGE);
    expect(screen.getByText('Service busy')).toBeTruthy();
    expect(screen.queryByTestId('api-keys-empty')).toBeNull();
    expect(screen.queryByTestId('api-key-form')).toBeNull();
    // What the API is and where stays on screen.
    expect(screen.getByTestId('developers-base-url')).toBeTruthy();
  });

  it('closes the form at the limit, with a note', async () => {
    signIn();
    const keys = Array.from({ length: API_KEYS_PER_USER }, (_, index) => apiKey({ id: index + 1 }));
    const { queryClient } = renderApp(paths.developers);
    queryClient.setQueryData(apiKeyQueries.list().queryKey, { list: keys, anonymous_limit_per_minute: 30 });
    const note = await screen.findByTestId('api-key-limit-note', {}, LAZY_PAGE);
    expect(note.textContent).toBe(
      `You have ${API_KEYS_PER_USER} keys, the most allowed. Revoke one to create another.`,
    );
    expect(screen.getByTestId('api-key-create').hasAttribute('disabled')).toBe(true);
  });

  it('refuses an empty name, then creates the key and shows its secret once until dismissed', async () => {
    signIn();
    const created = apiKey({ id: 7, label: 'Trading bot', hint: 'WXYZ' });
    server.handler = (request) =>
      procedureOf(request) === 'appsys_msrv/api_key_create'
        ? ok({ key: created, secret: 'cl_live_secretWXYZ' })
        : ok({ list: [created], anonymous_limit_per_minute: 30 });
    const { queryClient } = renderApp(paths.developers);
    queryClient.setQueryData(apiKeyQueries.list().queryKey, { list: [], anonymous_limit_per_minute: 30 });
    fireEvent.click(await screen.findByTestId('api-key-create', {}, LAZY_PAGE));
    expect(screen.getByTestId('api-key-form-note').textContent).toBe('Give the key a name');
    const creates = () =>
      server.requests.filter((request) => procedureOf(request) === 'appsys_msrv/api_key_create');
    expect(creates()).toEqual([]);

    const input = screen.getByTestId('api-key-label-input').querySelector('input')!;
    fireEvent.change(input, { target: { value: '  Trading bot ' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    const secret = await screen.findByTestId('api-key-secret');
    expect(secret.textContent).toBe('cl_live_secretWXYZ');
    expect(creates().map((request) => request.payload)).toEqual([{ label: 'Trading bot' }]);
    expect(screen.getByTestId('api-key-curl').textContent).toBe(
      `curl -H "x-cg-demo-api-key: cl_live_secretWXYZ" ${window.location.origin}/api/v3/ping`,
    );
    expect(screen.getByTestId('api-key-secret-box').textContent).toContain('will not be shown again');
    // The secret is not kept where a later screen could read it.
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain('cl_live_secretWXYZ');
    fireEvent.click(screen.getByTestId('api-key-secret-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret-box')).toBeNull());
  });

  it("shows the server's refusal of a sixth key", async () => {
    signIn();
    server.handler = () => fail(3009, 'You can keep at most 5 API keys');
    const { queryClient } = renderApp(paths.developers);
    queryClient.setQueryData(apiKeyQueries.list().queryKey, { list: [], anonymous_limit_per_minute: 30 });
    const input = (await screen.findByTestId('api-key-label-input', {}, LAZY_PAGE)).querySelector('input')!;
    fireEvent.change(input, { target: { value: 'One more' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    await screen.findByText('You can keep at most 5 API keys');
    expect(screen.queryByTestId('api-key-secret-box')).toBeNull();
  });
});
