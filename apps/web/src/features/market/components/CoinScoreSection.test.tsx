import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { SCORE_FACTORS, type CoinScoreView } from '@coinlens/contract';
import { changeAppLanguage } from '@/lib/i18n';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries } from '../api/market-queries';
import { CoinScoreSection } from './CoinScoreSection';

const SOURCES: Partial<Record<(typeof SCORE_FACTORS)[number], string>> = {
  market_cap: 'coingecko',
  verified_volume: 'ccxt + coingecko',
  developer: 'github',
};

function view(): CoinScoreView {
  return {
    coin_id: 'bitcoin',
    methodology_version: '1.3.0',
    score: 71.2,
    score_state: 'scored',
    score_rank: 3,
    scored_count: 200,
    certification: 'unauthenticated',
    coverage: SCORE_FACTORS.map((factor) => ({
      factor,
      available: SOURCES[factor] !== undefined,
      source: SOURCES[factor] ?? null,
      as_of: SOURCES[factor] === undefined ? null : 1,
    })),
    components: SCORE_FACTORS.map((factor) => ({
      factor,
      percentile: SOURCES[factor] === undefined ? null : 80,
      weight: 1 / SCORE_FACTORS.length,
    })),
    penalty: 1,
    flags: [],
    movement: null,
    history: [],
    amount_24h: 1e9,
    verified_amount_24h: 8e8,
    venues: [],
    currency: 'USD',
    as_of: Date.now(),
    stale: false,
  };
}

function renderScore() {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const currency = useSettingsStore.getState().price.currency_code;
  client.setQueryData(marketQueries.coinScore('bitcoin', currency).queryKey, view());
  render(
    <QueryClientProvider client={client}>
      <CoinScoreSection coinId="bitcoin" />
    </QueryClientProvider>,
  );
}

describe('coin score: sources and missing factors per language', () => {
  afterEach(async () => {
    await changeAppLanguage('en');
  });

  it('names sources by their labels in English', () => {
    renderScore();
    expect(screen.getByTestId('score-component-market_cap').textContent).toContain('from CoinGecko');
    expect(screen.getByTestId('score-component-verified_volume').textContent).toContain(
      'from exchange APIs (ccxt) and CoinGecko',
    );
    expect(screen.getByTestId('score-component-developer').textContent).toContain('from GitHub');
  });

  it('lists the factors without data with 、 and never shows a raw source id in Chinese', async () => {
    await changeAppLanguage('zh-Hans');
    renderScore();
    expect(screen.getByTestId('score-components').textContent).not.toMatch(/coingecko|ccxt \+/);
    const missing = screen.getByTestId('score-no-data').textContent ?? '';
    expect(missing).toContain('、');
    expect(missing).not.toContain(', ');
  });

  it('names sources in Vietnamese', async () => {
    await changeAppLanguage('vi');
    renderScore();
    expect(screen.getByTestId('score-component-verified_volume').textContent).toContain(
      'API của sàn (ccxt) và CoinGecko',
    );
  });
});
