import { PORTFOLIO_HISTORY_RANGES, type PortfolioHistoryRange } from '@coinlens/contract';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ChartFrame } from '@/features/chart/components/ChartFrame';
import { ValueChart } from '@/features/chart/components/ValueChart';
import { usePortfolioHistory } from '@/features/portfolio/api/portfolio-queries';

const CHART_HEIGHT = 200;
const INTRADAY: ReadonlySet<PortfolioHistoryRange> = new Set(['day', 'week']);

/** The portfolio's value over day / week / month / year / all, with the crosshair's read-out. */
export function ValueChartSection() {
  const { t } = useTranslation();
  const [range, setRange] = useState<PortfolioHistoryRange>('month');
  const query = usePortfolioHistory(range);

  return (
    <ChartFrame
      texts="portfolio"
      testId="value-chart"
      partTestId="value-chart"
      className="cl-pf-chart"
      ranges={PORTFOLIO_HISTORY_RANGES}
      range={range}
      rangeLabelOf={(value) => t(`portfolio.range.${value}`)}
      rangeTestIdPrefix="value-range"
      onRange={setRange}
      intraday={INTRADAY}
      height={CHART_HEIGHT}
      query={query}
      data={query.data?.points}
      // A line needs two points.
      isEmpty={(points) => points.length < 2}
      loadingClassName="cl-pf-skeleton"
    >
      {(points, onHover) => (
        <ValueChart points={points} intraday={INTRADAY.has(range)} height={CHART_HEIGHT} onHover={onHover} />
      )}
    </ChartFrame>
  );
}
