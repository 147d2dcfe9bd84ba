/** The row of range tabs above a chart (a coin's candles, a portfolio's value): one tab selected. */
export function ChartRangeTabs<R extends string>({
  ranges,
  range,
  label,
  labelOf,
  testIdPrefix,
  onSelect,
}: {
  ranges: readonly R[];
  range: R;
  label: string;
  labelOf: (value: R) => string;
  testIdPrefix: string;
  onSelect: (value: R) => void;
}) {
  return (
    <div className="cl-chart-ranges" role="tablist" aria-label={label}>
      {ranges.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={range === value}
          className={range === value ? 'cl-chart-range cl-chart-range-on' : 'cl-chart-range'}
          onClick={() => onSelect(value)}
          data-testid={`${testIdPrefix}-${value}`}
        >
          {labelOf(value)}
        </button>
      ))}
    </div>
  );
}
