import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  LineSeries,
  createChart,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

import {
  candleData,
  lineData,
  priceDecimals,
  rangeDirection,
  type CandleInput,
  type ChartKind,
} from '../chart-data';

export interface ChartPalette {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
}

export interface PriceChartProps {
  candles: readonly CandleInput[];
  kind: ChartKind;
  palette: ChartPalette;
  /** Minutes-level ranges show the time of day on the axis. */
  intraday: boolean;
  height: number;
  /** The hovered point (chart time in seconds and its value), or null when the crosshair leaves. */
  onHover: (point: { time: number; value: number } | null) => void;
}

/** The price chart (lightweight-charts; its own lazy chunk): a line or candles with a crosshair. */
export default function PriceChart({ candles, kind, palette, intraday, height, onHover }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;

  // One chart per data set: rebuilding on a range, kind or theme change is cheaper than patching options.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: palette.background },
        textColor: palette.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      crosshair: { mode: CrosshairMode.Magnet },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: intraday, secondsVisible: false },
      handleScale: { axisPressedMouseMove: false },
    });
    const last = candles[candles.length - 1]?.close ?? 1;
    const precision = priceDecimals(last);
    const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
    if (kind === 'line') {
      const color = rangeDirection(candles) === 'up' ? palette.up : palette.down;
      chart
        .addSeries(LineSeries, { color, lineWidth: 2, priceFormat, priceLineVisible: false })
        .setData(
          lineData(candles).map((point) => ({ time: point.time as UTCTimestamp, value: point.value })),
        );
    } else {
      chart
        .addSeries(CandlestickSeries, {
          upColor: palette.up,
          downColor: palette.down,
          wickUpColor: palette.up,
          wickDownColor: palette.down,
          borderVisible: false,
          priceFormat,
          priceLineVisible: false,
        })
        .setData(candleData(candles).map((point) => ({ ...point, time: point.time as UTCTimestamp })));
    }
    chart.timeScale().fitContent();
    const handler = (param: MouseEventParams<Time>) => {
      const point = [...param.seriesData.values()][0] as { value?: number; close?: number } | undefined;
      const value = point?.value ?? point?.close;
      if (param.time === undefined || value === undefined) hoverRef.current(null);
      else hoverRef.current({ time: param.time as number, value });
    };
    chart.subscribeCrosshairMove(handler);
    return () => {
      chart.unsubscribeCrosshairMove(handler);
      chart.remove();
    };
  }, [candles, kind, palette, intraday]);

  return (
    <div ref={containerRef} className="cl-chart-canvas" style={{ height }} data-testid="price-chart-canvas" />
  );
}
