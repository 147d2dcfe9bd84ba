import type { CoinListItem, CoinTick } from '@coinlens/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { CoinRow } from '@/components/CoinRow';
import { applyLiveChanges } from './apply-live-changes';

const bitcoin: CoinListItem = {
  id: 'bitcoin',
  symbol: 'BTC',
  name: 'Bitcoin',
  local_name: 'Bitcoin',
  logo: '',
  rank: 1,
  price: 100,
  change_24h: 1.5,
  volume_24h: 10,
  amount_24h: 2e9,
  market_cap: 2e12,
  circulating_market_cap: 2e12,
  high_24h: 110,
  low_24h: 90,
  turnover_rate: null,
  volatility_24h: null,
  sparkline_7d: [],
  certification: 'unauthenticated',
  listed_at: null,
  score: null,
  verified_amount_24h: null,
  sector: null,
  as_of: 1,
  stale: false,
};

const LIST_KEY = ['appmarket_msrv/coin_list', { filter: 'all', currency: 'usd' }] as const;

interface Page {
  list: CoinListItem[];
}

function listOf(...coins: CoinListItem[]) {
  return { pages: [{ list: coins }], pageParams: [1] };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(LIST_KEY, listOf(bitcoin));
  let notifications = 0;
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated') notifications += 1;
  });
  function Rows() {
    const { data } = useQuery<{ pages: Page[] }>({ queryKey: LIST_KEY, enabled: false });
    return (
      <>
        {data?.pages[0]?.list.map((coin) => (
          <CoinRow key={coin.id} coin={coin} onOpen={() => {}} />
        ))}
      </>
    );
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Rows />
    </QueryClientProvider>,
  );
  const rerender = () =>
    view.rerender(
      <QueryClientProvider client={client}>
        <Rows />
      </QueryClientProvider>,
    );
  return { client, rerender, notifications: () => notifications };
}

function tick(client: QueryClient, changes: Partial<CoinTick>, currency = 'usd') {
  act(() => applyLiveChanges(client, currency, new Map([['bitcoin', changes]]), {}));
}

const row = () => screen.getByTestId('coin-row-bitcoin');
const price = () => row().querySelector<HTMLElement>('.cl-price')!;
const change = () => row().querySelector<HTMLElement>('.cl-change-pill')!;

describe('a live tick on a coin list', () => {
  it('writes the moved cells into the row and tints the price, notifying no observer', () => {
    const { client, notifications } = setup();
    tick(client, { price: 101.5, change_24h: -2.345, rank: 2, amount_24h: 3e9 });
    expect(price().textContent).toBe('$101.50');
    expect(price().dataset.flash).toBe('up');
    expect(change().textContent).toBe('-2.35%');
    expect(change().className).toBe('cl-change-pill cl-down');
    expect(change().dataset.direction).toBe('down');
    expect(row().querySelector('.cl-coin-rank')!.textContent).toBe('2');
    expect(row().textContent).toContain('$3.00B');
    // No observer was told, so nothing renders for the tick.
    expect(notifications()).toBe(0);
  });

  it('keeps the new values in the cache for the next render (a re-sort or a scroll reads them)', () => {
    const { client, rerender } = setup();
    tick(client, { price: 99 });
    const cached = client.getQueryData<{ pages: Page[] }>(LIST_KEY);
    expect(cached?.pages[0]?.list[0]?.price).toBe(99);
    rerender();
    expect(price().textContent).toBe('$99.00');
  });

  it('shows what React renders when an answer older than the tick arrives', async () => {
    const { client } = setup();
    tick(client, { price: 105 });
    expect(price().textContent).toBe('$105.00');
    // A refetch answering the very price React rendered first: React sees no change in its own text.
    act(() => {
      client.setQueryData(LIST_KEY, listOf({ ...bitcoin, price: 100 }));
    });
    await vi.waitFor(() => expect(price().textContent).toBe('$100.00'));
    expect(price().dataset.flash).toBe('down');
  });

  it('leaves cached answers in another currency alone', () => {
    const { client } = setup();
    tick(client, { price: 120 }, 'eur');
    expect(client.getQueryData<{ pages: Page[] }>(LIST_KEY)?.pages[0]?.list[0]?.price).toBe(100);
  });
});

describe('a live tick on the global figures', () => {
  const GLOBAL_KEY = ['appmarket_msrv/global_stats', { currency: 'usd' }] as const;

  it('patches the cached figures quietly unless a figure without a live cell moves (stale)', () => {
    const client = new QueryClient();
    client.setQueryData(GLOBAL_KEY, {
      total_market_cap: 1,
      rising: 1,
      falling: 2,
      unchanged: 0,
      stale: false,
    });
    const updates: unknown[] = [];
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') updates.push(event.query.state.data);
    });
    applyLiveChanges(client, 'usd', new Map(), { rising: 3, total_market_cap: 2 });
    expect(client.getQueryData(GLOBAL_KEY)).toMatchObject({ rising: 3, total_market_cap: 2, stale: false });
    expect(updates).toEqual([]);
    applyLiveChanges(client, 'usd', new Map(), { stale: true });
    expect(updates).toEqual([expect.objectContaining({ rising: 3, stale: true })]);
  });
});
