import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { CoinDetail } from '@coinlens/contract';
import { changeAppLanguage } from '@/lib/i18n';
import { CoinProfile } from './CoinProfile';

/** Ethereum as a live start answers it before its daily history is in: no record, listing or ROI yet. */
function ethereum(overrides: Partial<CoinDetail> = {}): CoinDetail {
  return {
    id: 'ethereum',
    symbol: 'ETH',
    name: 'Ethereum',
    local_name: 'Ethereum',
    logo: '',
    rank: 2,
    price: 1_850,
    change_24h: 1.2,
    volume_24h: 4_000_000,
    amount_24h: 7.4e9,
    market_cap: 2.2e11,
    circulating_market_cap: 2.2e11,
    high_24h: 1_870,
    low_24h: 1_820,
    turnover_rate: 3.3,
    volatility_24h: 2.1,
    sparkline_7d: [],
    certification: 'unauthenticated',
    listed_at: null,
    score: null,
    verified_amount_24h: null,
    sector: null,
    as_of: 1,
    stale: false,
    currency: 'USD',
    methodology_version: '1.3.0',
    price_btc: 0.063,
    change_7d: null,
    first_day_open: null,
    roi: null,
    volume_ratio: null,
    btc_correlation: null,
    circulating_supply: 120_000_000,
    total_supply: 120_000_000,
    max_supply: null,
    circulation_rate: null,
    market_share: 18,
    ath: null,
    ath_at: null,
    atl: null,
    atl_at: null,
    history_loading: true,
    issue_date: null,
    issue_type: null,
    public_chain: null,
    concepts: [],
    exchange_count: 0,
    holder_addresses: null,
    top10_holder_share: null,
    mining: null,
    bid_ask_spread: null,
    links: {},
    description: '',
    ...overrides,
  };
}

function historyRow(label: string): HTMLElement {
  const section = screen.getByTestId('coin-section-history');
  const row = within(section).getByText(label).closest('div, li, tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${label}`);
  return row;
}

afterEach(async () => {
  await changeAppLanguage('en');
});

describe('the coin profile history facts', () => {
  it('says loading, not a dash, for figures the history has not brought yet', async () => {
    await changeAppLanguage('en');
    render(<CoinProfile coin={ethereum()} onOpenConcept={() => undefined} onOpenLink={() => undefined} />);
    for (const label of ['All-time high', 'All-time low', 'First-day open', 'ROI since listing'])
      expect(historyRow(label).textContent).toContain('Loading…');
  });

  it('shows a dash for what stays unknown once the history is in, and the record with its day', async () => {
    await changeAppLanguage('en');
    render(
      <CoinProfile
        coin={ethereum({ history_loading: false, ath: 4_878.26, ath_at: Date.UTC(2021, 10, 10) })}
        onOpenConcept={() => undefined}
        onOpenLink={() => undefined}
      />,
    );
    expect(historyRow('All-time high').textContent).toMatch(/4,878\.26/);
    expect(historyRow('All-time high').textContent).toMatch(/2021/);
    expect(historyRow('First-day open').textContent).not.toContain('Loading');
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
