import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ChartFrame, type ChartHover } from './ChartFrame';

type Range = 'day' | 'year';

function Frame({
  data,
  error = null,
  onRetry = () => undefined,
  hoverAt,
}: {
  data: number[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  hoverAt?: ChartHover;
}) {
  const [range, setRange] = useState<Range>('day');
  return (
    <ChartFrame
      texts="coin"
      testId="frame"
      partTestId="frame-part"
      dataset={{ 'data-kind': 'line' }}
      ranges={['day', 'year'] as const}
      range={range}
      rangeLabelOf={(value) => value.toUpperCase()}
      rangeTestIdPrefix="frame-range"
      onRange={setRange}
      intraday={new Set<Range>(['day'])}
      height={120}
      query={{ error, refetch: onRetry }}
      data={data}
      isEmpty={(values) => values.length < 2}
      loadingClassName="shimmer"
    >
      {(values: number[], onHover) => (
        <button type="button" data-testid="chart" onClick={() => onHover(hoverAt ?? null)}>
          {values.join(',')}
        </button>
      )}
    </ChartFrame>
  );
}

describe('ChartFrame', () => {
  it('shows a placeholder of the chart height while loading', () => {
    render(<Frame data={undefined} />);
    const loading = screen.getByTestId('frame-part-loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.className).toBe('cl-chart-placeholder shimmer');
    expect(loading.style.height).toBe('120px');
  });

  it('shows the error with a retry when the answer failed, and never an empty chart', () => {
    const onRetry = vi.fn();
    render(<Frame data={undefined} error={new Error('down')} onRetry={onRetry} />);
    expect(screen.queryByTestId('frame-part-empty')).toBeNull();
    const error = screen.getByTestId('frame-part-error');
    fireEvent.click(error.querySelector('button') as HTMLButtonElement);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says so when the answer has too little to draw', () => {
    render(<Frame data={[1]} />);
    expect(screen.getByTestId('frame-part-empty').textContent).toBe('No price history in this range');
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('draws the data, keeping the last answer over a later failure', () => {
    render(<Frame data={[1, 2]} error={new Error('refetch failed')} />);
    expect(screen.getByTestId('chart').textContent).toBe('1,2');
    expect(screen.queryByTestId('frame-part-error')).toBeNull();
  });

  it('reads out the hovered point in UTC+8 in the display currency and forgets it when the range changes', () => {
    render(<Frame data={[1, 2]} hoverAt={{ time: 1_700_000_000, value: 1234.5 }} />);
    const readout = screen.getByTestId('frame-part-readout');
    expect(readout.textContent).toBe('Touch the chart to read a price');
    fireEvent.click(screen.getByTestId('chart'));
    expect(readout.textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \(UTC\+8\) · \$1,234\.50$/);
    fireEvent.click(screen.getByTestId('frame-range-year'));
    expect(readout.textContent).toBe('Touch the chart to read a price');
    const section = screen.getByTestId('frame');
    expect(section.dataset).toMatchObject({ range: 'year', kind: 'line' });
    expect(section.getAttribute('aria-label')).toBe('Price chart');
  });
});
