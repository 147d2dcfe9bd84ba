import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { ExchangeDetail } from '@coinlens/contract';
import { changeAppLanguage } from '@/lib/i18n';
import { ExchangeProfile } from './ExchangeProfile';
import { ExchangeScoreSection } from './ExchangeScoreSection';

function exchange(overrides: Partial<ExchangeDetail> = {}): ExchangeDetail {
  return {
    id: 'binance',
    name: 'Binance',
    local_name: 'Binance',
    logo: '',
    kind: 'centralized',
    ex_rank: 1,
    amount_24h: 3.74e9,
    volume_24h_btc: 50_000,
    pair_count: 1500,
    coin_count: 400,
    popularity: null,
    reserves: null,
    kyc: null,
    registration_place: 'Cayman Islands',
    score: 82.4,
    integrity: 1,
    verified_amount_24h: 3.1e9,
    as_of: Date.now(),
    stale: false,
    currency: 'USD',
    established: '2017',
    aml_certified: null,
    chinese_support: null,
    api_available: null,
    fees: null,
    website: 'https://www.binance.com/',
    platform_token: null,
    burn_info: null,
    monthly_visits: null,
    integrity_flags: [],
    coverage: [
      { factor: 'integrity', available: false, source: null, as_of: null },
      { factor: 'verified_volume', available: true, source: 'coingecko', as_of: 1 },
      { factor: 'liquidity', available: false, source: null, as_of: null },
      { factor: 'pairs', available: false, source: null, as_of: null },
    ],
    fictional: false,
    methodology_version: '1.3.0',
    ...overrides,
  };
}

const sampled = exchange().coverage.map((entry) =>
  entry.factor === 'integrity' ? { ...entry, available: true, source: 'ccxt', as_of: 1 } : entry,
);

describe('exchange score: integrity', () => {
  it('never says the trades look genuine when none were read', () => {
    render(<ExchangeScoreSection exchange={exchange()} />);
    const section = screen.getByTestId('exchange-score');
    expect(section.textContent).not.toContain('look genuine');
    expect(within(screen.getByTestId('exchange-integrity')).getByText('not checked yet')).toBeTruthy();
    expect(screen.getByTestId('exchange-integrity-unchecked').textContent).toMatch(/^Not checked yet/);
    expect(screen.queryByTestId('exchange-integrity-flags-none')).toBeNull();
  });

  it('says the trades look genuine only when its trades were read and nothing lowered it', () => {
    render(<ExchangeScoreSection exchange={exchange({ coverage: sampled })} />);
    expect(within(screen.getByTestId('exchange-integrity')).getByText('100%')).toBeTruthy();
    expect(screen.getByTestId('exchange-integrity-flags-none').textContent).toBe('Its trades look genuine');
    expect(screen.queryByTestId('exchange-integrity-unchecked')).toBeNull();
  });

  it('lists what lowered it when flags were found', () => {
    render(
      <ExchangeScoreSection
        exchange={exchange({
          coverage: sampled,
          integrity: 0.4,
          integrity_flags: [{ kind: 'paired_prints', text: 'Paired prints' }],
        })}
      />,
    );
    expect(screen.getByTestId('exchange-integrity-flags').textContent).toBe('Paired prints');
    expect(screen.queryByTestId('exchange-integrity-unchecked')).toBeNull();
  });
});

describe('exchange page in Chinese and Vietnamese', () => {
  afterEach(async () => {
    await changeAppLanguage('en');
  });

  it('names the source by its label and lists missing factors with 、 in Chinese', async () => {
    await changeAppLanguage('zh-Hans');
    render(<ExchangeScoreSection exchange={exchange()} />);
    const coverage = screen.getByTestId('exchange-coverage').textContent ?? '';
    expect(coverage).not.toContain('coingecko');
    expect(coverage).toContain('CoinGecko');
    expect(coverage).not.toContain(', ');
    expect(coverage).toMatch(/可信度、[^、]+、/);
  });

  it('names the source by its label in Vietnamese', async () => {
    await changeAppLanguage('vi');
    render(<ExchangeScoreSection exchange={exchange({ coverage: sampled })} />);
    const coverage = screen.getByTestId('exchange-coverage').textContent ?? '';
    expect(coverage).toContain('API của sàn (ccxt)');
    expect(coverage).not.toMatch(/nguồn coingecko/);
  });

  it('shows the founding year as a year in every language', async () => {
    const { unmount } = render(
      <ExchangeProfile exchange={exchange()} onOpenCoin={() => {}} onOpenLink={() => {}} />,
    );
    expect(factValue('established')).toBe('2017');
    unmount();
    await changeAppLanguage('zh-Hans');
    render(<ExchangeProfile exchange={exchange()} onOpenCoin={() => {}} onOpenLink={() => {}} />);
    expect(factValue('established')).toBe('2017年');
  });
});

describe('exchange profile facts', () => {
  it('shows a founding month as a month, not as a bare year-month code', () => {
    render(
      <ExchangeProfile
        exchange={exchange({ established: '2017-07' })}
        onOpenCoin={() => {}}
        onOpenLink={() => {}}
      />,
    );
    expect(factValue('established')).toBe('July 2017');
  });

  it('shows an unknown platform token as a dash, never "None"', () => {
    render(<ExchangeProfile exchange={exchange()} onOpenCoin={() => {}} onOpenLink={() => {}} />);
    const section = screen.getByTestId('exchange-section-token');
    expect(section.textContent).not.toContain('None');
    expect(factValue('platform_token')).toBe('-');
  });

  it('links a known platform token', () => {
    render(
      <ExchangeProfile
        exchange={exchange({ platform_token: { id: 'binancecoin', symbol: 'BNB', name: 'BNB' } })}
        onOpenCoin={() => {}}
        onOpenLink={() => {}}
      />,
    );
    expect(screen.getByTestId('exchange-token').textContent).toBe('BNB · BNB');
  });
});

function factValue(key: string): string | null {
  return screen.getByTestId(`fact-${key}`).querySelector('dd')?.textContent ?? null;
}
