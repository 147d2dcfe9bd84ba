import { formatDateTime, PORTFOLIO_HISTORY_RANGES, type PortfolioHistoryRange } from '@coinlens/contract';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { failureMessage } from '@/components/QueryView';
import { epochFromChartTime } from '@/features/chart/chart-data';
import { ChartRangeTabs } from '@/features/chart/components/ChartRangeTabs';
import { ValueChart } from '@/features/chart/components/ValueChart';
import { usePortfolioHistory } from '@/features/portfolio/api/portfolio-queries';
import { formatMoney } from '@/lib/money-format';
import { useSettingsStore } from '@/lib/settings-store';

const CHART_HEIGHT = 200;
const INTRADAY: ReadonlySet<PortfolioHistoryRange> = new Set(['day', 'week']);

/** The portfolio's value over day / week / month / year / all, with the crosshair's read-out. */
export function ValueChartSection() {
  const { t } = useTranslation();
  const unit = useSettingsStore((state) => state.price.unit);
  const [range, setRange] = useState<PortfolioHistoryRange>('month');
  const [hover, setHover] = useState<{ time: number; value: number } | null>(null);
  const query = usePortfolioHistory(range);
  const points = query.data?.points;

  let body;
  if (points && points.length > 1) {
    body = (
      <ValueChart points={points} intraday={INTRADAY.has(range)} height={CHART_HEIGHT} onHover={setHover} />
    );
  } else if (points) {
    body = (
      <div
        className="cl-chart-placeholder cl-chart-empty"
        style={{ height: CHART_HEIGHT }}
        data-testid="value-chart-empty"
      >
        {t('portfolio.chartEmpty')}
      </div>
    );
  } else if (query.error) {
    body = (
      <div className="cl-chart-placeholder" style={{ height: CHART_HEIGHT }} data-testid="value-chart-error">
        <ErrorView
          message={failureMessage(query.error, t('data.loadFailed'))}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  } else {
    body = (
      <div
        className="cl-chart-placeholder cl-pf-skeleton"
        style={{ height: CHART_HEIGHT }}
        data-testid="value-chart-loading"
        aria-busy="true"
      />
    );
  }

  return (
    <section
      className="cl-chart cl-pf-chart"
      aria-label={t('portfolio.chart')}
      data-testid="value-chart"
      data-range={range}
    >
      <div className="cl-chart-bar">
        <ChartRangeTabs
          ranges={PORTFOLIO_HISTORY_RANGES}
          range={range}
          label={t('portfolio.chartRange')}
          labelOf={(value) => t(`portfolio.range.${value}`)}
          testIdPrefix="value-range"
          onSelect={(value) => {
            setHover(null);
            setRange(value);
          }}
        />
      </div>
      <p className="cl-chart-readout" aria-live="polite">
        {hover
          ? `${formatDateTime(epochFromChartTime(hover.time), INTRADAY.has(range) ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')} (UTC+8) · ${formatMoney(hover.value, unit)}`
          : t('portfolio.chartHint')}
      </p>
      {body}
    </section>
  );
}
