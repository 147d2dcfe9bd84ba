import { useQuery } from '@tanstack/react-query';
import { formatDateTime, KLINE_RANGES, type KlineRange } from '@coinlens/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { failureMessage } from '@/components/QueryView';
import { formatMoney } from '@/lib/money-format';
import { useSettingsStore } from '@/lib/settings-store';
import { chartQueries } from '../api/chart-queries';
import { ChartRangeTabs } from './ChartRangeTabs';
import { epochFromChartTime, type ChartKind } from '../chart-data';
import { useChartPalette } from '../use-chart-palette';
import './coin-chart.css';

const PriceChart = lazy(() => import('./PriceChart'));

const CHART_HEIGHT = 240;
const INTRADAY: ReadonlySet<KlineRange> = new Set(['H', 'D', 'W']);

/** Price chart of a coin: ranges H, D, W, Y, All (decision D4), line or candles, crosshair read-out. */
export function CoinChart({ coinId }: { coinId: string }) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price);
  const [range, setRange] = useState<KlineRange>('D');
  const [kind, setKind] = useState<ChartKind>('line');
  const [hover, setHover] = useState<{ time: number; value: number } | null>(null);
  const palette = useChartPalette();
  const query = useQuery(chartQueries.coinKline(coinId, range, currency.currency_code));
  const candles = query.data?.candles;

  let body;
  if (candles && candles.length > 0) {
    body = (
      <Suspense fallback={<div className="cl-chart-placeholder" style={{ height: CHART_HEIGHT }} />}>
        <PriceChart
          candles={candles}
          kind={kind}
          palette={palette}
          intraday={INTRADAY.has(range)}
          height={CHART_HEIGHT}
          onHover={setHover}
        />
      </Suspense>
    );
  } else if (query.error && !candles) {
    body = (
      <div className="cl-chart-placeholder" style={{ height: CHART_HEIGHT }} data-testid="chart-error">
        <ErrorView
          message={failureMessage(query.error, t('data.loadFailed'))}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  } else if (candles) {
    body = (
      <div
        className="cl-chart-placeholder cl-chart-empty"
        style={{ height: CHART_HEIGHT }}
        data-testid="chart-empty"
      >
        {t('coin.chartEmpty')}
      </div>
    );
  } else {
    body = (
      <div
        className="cl-chart-placeholder"
        style={{ height: CHART_HEIGHT }}
        data-testid="chart-loading"
        aria-busy="true"
      />
    );
  }

  return (
    <section
      className="cl-chart"
      aria-label={t('coin.chart')}
      data-testid="coin-chart"
      data-range={range}
      data-kind={kind}
    >
      <div className="cl-chart-bar">
        <ChartRangeTabs
          ranges={KLINE_RANGES}
          range={range}
          label={t('coin.chartRange')}
          labelOf={(value) => t(`coin.range.${value}`)}
          testIdPrefix="chart-range"
          onSelect={(value) => {
            setHover(null);
            setRange(value);
          }}
        />
        <button
          type="button"
          className="cl-chart-kind"
          onClick={() => setKind(kind === 'line' ? 'candles' : 'line')}
          aria-label={kind === 'line' ? t('coin.showCandles') : t('coin.showLine')}
          data-testid="chart-kind"
        >
          {kind === 'line' ? t('coin.candles') : t('coin.line')}
        </button>
      </div>
      <p className="cl-chart-readout" aria-live="polite" data-testid="chart-readout">
        {hover
          ? `${formatDateTime(epochFromChartTime(hover.time), INTRADAY.has(range) ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')} (UTC+8) · ${formatMoney(hover.value, currency.unit)}`
          : t('coin.chartHint')}
      </p>
      {body}
    </section>
  );
}
