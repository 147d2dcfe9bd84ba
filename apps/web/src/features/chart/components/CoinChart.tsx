import { useQuery } from '@tanstack/react-query';
import { KLINE_RANGES, type KlineRange } from '@coinlens/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { useSettingsStore } from '@/lib/settings-store';
import { chartQueries } from '../api/chart-queries';
import type { ChartKind } from '../chart-data';
import { useChartPalette } from '../use-chart-palette';
import { ChartFrame } from './ChartFrame';

const PriceChart = lazy(() => import('./PriceChart'));

const CHART_HEIGHT = 240;
const INTRADAY: ReadonlySet<KlineRange> = new Set(['H', 'D', 'W']);

/** Price chart of a coin: ranges H, D, W, Y, All (decision D4), line or candles, crosshair read-out. */
export function CoinChart({ coinId }: { coinId: string }) {
  const { t } = useTranslation();
  const currencyCode = useSettingsStore((state) => state.price.currency_code);
  const [range, setRange] = useState<KlineRange>('D');
  const [kind, setKind] = useState<ChartKind>('line');
  const palette = useChartPalette();
  const query = useQuery(chartQueries.coinKline(coinId, range, currencyCode));

  return (
    <ChartFrame
      texts="coin"
      testId="coin-chart"
      partTestId="chart"
      dataset={{ 'data-kind': kind }}
      ranges={KLINE_RANGES}
      range={range}
      rangeLabelOf={(value) => t(`coin.range.${value}`)}
      rangeTestIdPrefix="chart-range"
      onRange={setRange}
      tools={
        <button
          type="button"
          className="cl-chart-kind"
          onClick={() => setKind(kind === 'line' ? 'candles' : 'line')}
          aria-label={kind === 'line' ? t('coin.showCandles') : t('coin.showLine')}
          data-testid="chart-kind"
        >
          {kind === 'line' ? t('coin.candles') : t('coin.line')}
        </button>
      }
      intraday={INTRADAY}
      height={CHART_HEIGHT}
      query={query}
      data={query.data?.candles}
      isEmpty={(candles) => candles.length === 0}
    >
      {(candles, onHover) => (
        <Suspense fallback={<div className="cl-chart-placeholder" style={{ height: CHART_HEIGHT }} />}>
          <PriceChart
            candles={candles}
            kind={kind}
            palette={palette}
            intraday={INTRADAY.has(range)}
            height={CHART_HEIGHT}
            onHover={onHover}
          />
        </Suspense>
      )}
    </ChartFrame>
  );
}
