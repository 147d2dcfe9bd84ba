import { formatPercent } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { directionOf } from '@/components/Change';
import { formatMoney } from '@/lib/money-format';
import type { LivePortfolio } from '../live-portfolio';
import { formatSignedMoney } from '../portfolio-format';

function tone(value: number | null): string {
  return `cl-${directionOf(value)}`;
}

/** Total value, total P&L (amount and %), the 24 h move and the P&L's two parts; ticks rewrite them. */
export function SummaryCard({ live, unit }: { live: LivePortfolio; unit: string }) {
  const { t } = useTranslation();
  const totals = live.totals();
  return (
    <section className="cl-pf-summary" aria-label={t('portfolio.summary')} data-testid="portfolio-summary">
      <p className="cl-pf-label">{t('portfolio.totalValue')}</p>
      <p className="cl-pf-total" ref={live.totalRef('value')} data-testid="portfolio-total-value">
        {formatMoney(totals.value, unit)}
      </p>
      <dl className="cl-pf-figures">
        <div>
          <dt>{t('portfolio.totalPnl')}</dt>
          <dd>
            <span
              className={tone(totals.totalPnl)}
              ref={live.totalRef('pnl')}
              data-testid="portfolio-total-pnl"
            >
              {formatSignedMoney(totals.totalPnl, unit)}
            </span>{' '}
            <span className={tone(totals.totalPnlPct)} ref={live.totalRef('pnlPct')}>
              {formatPercent(totals.totalPnlPct)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('portfolio.change24h')}</dt>
          <dd>
            <span className={tone(totals.change24h)} ref={live.totalRef('change')}>
              {formatSignedMoney(totals.change24h, unit)}
            </span>{' '}
            <span className={tone(totals.change24hPct)} ref={live.totalRef('changePct')}>
              {formatPercent(totals.change24hPct)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('portfolio.unrealisedPnl')}</dt>
          <dd>
            <span className={tone(totals.unrealisedPnl)} ref={live.totalRef('unrealised')}>
              {formatSignedMoney(totals.unrealisedPnl, unit)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('portfolio.realisedPnl')}</dt>
          <dd>
            <span
              className={tone(totals.realisedPnl)}
              ref={live.totalRef('realised')}
              data-testid="portfolio-realised-pnl"
            >
              {formatSignedMoney(totals.realisedPnl, unit)}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
