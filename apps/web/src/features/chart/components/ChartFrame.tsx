import { formatDateTime } from '@coinlens/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { failureMessage } from '@/components/QueryView';
import { formatMoney } from '@/lib/money-format';
import { epochFromChartTime } from '../chart-data';
import { ChartRangeTabs } from './ChartRangeTabs';
import './coin-chart.css';

export interface ChartHover {
  time: number;
  value: number;
}

export interface ChartFrameProps<R extends string, D> {
  /** The section's accessible name. */
  label: string;
  /** The section's test id. */
  testId: string;
  /** Prefix of the parts' test ids: `-readout`, `-loading`, `-empty`, `-error`. */
  partTestId: string;
  className?: string;
  /** More `data-` attributes of the section (its range is always `data-range`). */
  dataset?: Readonly<Record<`data-${string}`, string>>;
  ranges: readonly R[];
  range: R;
  rangeLabel: string;
  rangeLabelOf: (value: R) => string;
  rangeTestIdPrefix: string;
  onRange: (value: R) => void;
  /** Controls after the range tabs (the coin chart's line / candles switch). */
  tools?: ReactNode;
  /** Whether the read-out shows the time of day. */
  intraday: boolean;
  /** The money unit of the read-out. */
  unit: string;
  /** The read-out while nothing is hovered. */
  hint: string;
  height: number;
  /** What the chart draws; undefined until the answer has arrived. */
  data: D | undefined;
  /** Whether the data has too little to draw. */
  isEmpty: (data: D) => boolean;
  emptyText: string;
  error: unknown;
  onRetry: () => void;
  /** The loading placeholder's own look (the portfolio's shimmer). */
  loadingClassName?: string;
  /** The chart of the data, given the read-out's hover callback. */
  children: (data: D, onHover: (point: ChartHover | null) => void) => ReactNode;
}

/**
 * The frame every chart of the app shares: range tabs, the crosshair's read-out (UTC+8, decision D3) and the
 * loading / empty / error / chart ladder, each placeholder the chart's own height.
 */
export function ChartFrame<R extends string, D>(props: ChartFrameProps<R, D>) {
  const { t } = useTranslation();
  const [hover, setHover] = useState<ChartHover | null>(null);
  const placeholder = (part: string, extraClass = '') => ({
    className: `cl-chart-placeholder${extraClass}`,
    style: { height: props.height },
    'data-testid': `${props.partTestId}-${part}`,
  });

  let body;
  if (props.data !== undefined && !props.isEmpty(props.data)) body = props.children(props.data, setHover);
  else if (props.data !== undefined)
    body = <div {...placeholder('empty', ' cl-chart-empty')}>{props.emptyText}</div>;
  else if (props.error) {
    body = (
      <div {...placeholder('error')}>
        <ErrorView message={failureMessage(props.error, t('data.loadFailed'))} onRetry={props.onRetry} />
      </div>
    );
  } else {
    const loadingClass = props.loadingClassName ? ` ${props.loadingClassName}` : '';
    body = <div {...placeholder('loading', loadingClass)} aria-busy="true" />;
  }

  return (
    <section
      className={props.className ? `cl-chart ${props.className}` : 'cl-chart'}
      aria-label={props.label}
      data-testid={props.testId}
      data-range={props.range}
      {...props.dataset}
    >
      <div className="cl-chart-bar">
        <ChartRangeTabs
          ranges={props.ranges}
          range={props.range}
          label={props.rangeLabel}
          labelOf={props.rangeLabelOf}
          testIdPrefix={props.rangeTestIdPrefix}
          onSelect={(value) => {
            setHover(null);
            props.onRange(value);
          }}
        />
        {props.tools}
      </div>
      <p className="cl-chart-readout" aria-live="polite" data-testid={`${props.partTestId}-readout`}>
        {hover
          ? `${formatDateTime(epochFromChartTime(hover.time), props.intraday ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')} (UTC+8) · ${formatMoney(hover.value, props.unit)}`
          : props.hint}
      </p>
      {body}
    </section>
  );
}
