import { formatDateTime } from '@coinlens/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation, type Catalog } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { failureMessage } from '@/components/QueryView';
import { formatMoney } from '@/lib/money-format';
import { useSettingsStore } from '@/lib/settings-store';
import { epochFromChartTime } from '../chart-data';
import { ChartRangeTabs } from './ChartRangeTabs';
import './coin-chart.css';

export interface ChartHover {
  time: number;
  value: number;
}

/** A catalog section with a chart's texts: `chart` (its name), `chartRange`, `chartHint`, `chartEmpty`. */
export type ChartTexts = {
  [S in keyof Catalog]: Catalog[S] extends Record<'chart' | 'chartRange' | 'chartHint' | 'chartEmpty', string>
    ? S
    : never;
}[keyof Catalog];

export interface ChartFrameProps<R extends string, D> {
  texts: ChartTexts;
  /** The section's test id. */
  testId: string;
  /** Prefix of the parts' test ids: `-readout`, `-loading`, `-empty`, `-error`. */
  partTestId: string;
  className?: string;
  /** More `data-` attributes of the section (its range is always `data-range`). */
  dataset?: Readonly<Record<`data-${string}`, string>>;
  ranges: readonly R[];
  range: R;
  rangeLabelOf: (value: R) => string;
  rangeTestIdPrefix: string;
  onRange: (value: R) => void;
  /** Controls after the range tabs (the coin chart's line / candles switch). */
  tools?: ReactNode;
  /** The ranges whose read-out shows the time of day. */
  intraday: ReadonlySet<R>;
  height: number;
  /** The answer's query: its failure and a retry. */
  query: { error: unknown; refetch: () => unknown };
  /** What the chart draws; undefined until the answer has arrived. */
  data: D | undefined;
  /** Whether the data has too little to draw. */
  isEmpty: (data: D) => boolean;
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
  const unit = useSettingsStore((state) => state.price.unit);
  const [hover, setHover] = useState<ChartHover | null>(null);
  const placeholder = (part: string, extraClass = '') => ({
    className: `cl-chart-placeholder${extraClass}`,
    style: { height: props.height },
    'data-testid': `${props.partTestId}-${part}`,
  });

  let body;
  if (props.data !== undefined && !props.isEmpty(props.data)) body = props.children(props.data, setHover);
  else if (props.data !== undefined)
    body = <div {...placeholder('empty', ' cl-chart-empty')}>{t(`${props.texts}.chartEmpty`)}</div>;
  else if (props.query.error) {
    body = (
      <div {...placeholder('error')}>
        <ErrorView
          message={failureMessage(props.query.error, t('data.loadFailed'))}
          onRetry={() => void props.query.refetch()}
        />
      </div>
    );
  } else {
    const loadingClass = props.loadingClassName ? ` ${props.loadingClassName}` : '';
    body = <div {...placeholder('loading', loadingClass)} aria-busy="true" />;
  }

  return (
    <section
      className={props.className ? `cl-chart ${props.className}` : 'cl-chart'}
      aria-label={t(`${props.texts}.chart`)}
      data-testid={props.testId}
      data-range={props.range}
      {...props.dataset}
    >
      <div className="cl-chart-bar">
        <ChartRangeTabs
          ranges={props.ranges}
          range={props.range}
          label={t(`${props.texts}.chartRange`)}
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
          ? `${formatDateTime(epochFromChartTime(hover.time), props.intraday.has(props.range) ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')} (UTC+8) · ${formatMoney(hover.value, unit)}`
          : t(`${props.texts}.chartHint`)}
      </p>
      {body}
    </section>
  );
}
