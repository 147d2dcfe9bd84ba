import { lazy, Suspense, useMemo } from 'react';

import type { CandleInput } from '../chart-data';
import { useChartPalette } from '../use-chart-palette';
import './coin-chart.css';

const PriceChart = lazy(() => import('./PriceChart'));

export interface ValuePoint {
  time: number;
  value: number;
}

export interface ValueChartProps {
  /** Oldest first, epoch ms. */
  points: readonly ValuePoint[];
  intraday: boolean;
  height: number;
  onHover: (point: { time: number; value: number } | null) => void;
}

/** A line of values over time (a portfolio's worth) drawn by the price chart, which loads in its own chunk. */
export function ValueChart({ points, intraday, height, onHover }: ValueChartProps) {
  const palette = useChartPalette();
  const candles = useMemo<CandleInput[]>(
    () =>
      points.map((point) => ({
        time: point.time,
        open: point.value,
        high: point.value,
        low: point.value,
        close: point.value,
      })),
    [points],
  );
  return (
    <Suspense fallback={<div className="cl-chart-placeholder" style={{ height }} />}>
      <PriceChart
        candles={candles}
        kind="line"
        palette={palette}
        intraday={intraday}
        height={height}
        onHover={onHover}
      />
    </Suspense>
  );
}
