import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FLASH_MAX_MS, flashMove, useFlash } from './use-flash';

function Price({ value }: { value: number | null }) {
  const ref = useFlash<HTMLSpanElement>(value);
  return (
    <span ref={ref} data-testid="price">
      {value}
    </span>
  );
}

afterEach(() => {
  // The tints are module state: end them before the next test's clock.
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('useFlash', () => {
  it('tints green on a rise and red on a fall, then clears the tint without rendering again', async () => {
    const { getByTestId, rerender } = render(<Price value={10} />);
    const price = getByTestId('price');
    expect(price.dataset.flash).toBeUndefined();
    rerender(<Price value={11} />);
    expect(price.dataset.flash).toBe('up');
    await vi.waitFor(() => expect(price.dataset.flash).toBeUndefined(), { timeout: 2_000 });
    rerender(<Price value={9} />);
    expect(price.dataset.flash).toBe('down');
  });

  it('does not tint the first value, an unchanged one or a missing one', () => {
    const { getByTestId, rerender } = render(<Price value={null} />);
    rerender(<Price value={5} />);
    rerender(<Price value={5} />);
    expect(getByTestId('price').dataset.flash).toBeUndefined();
  });
});

describe('flashMove', () => {
  function spans(count: number): HTMLElement[] {
    return Array.from({ length: count }, () => document.createElement('span'));
  }

  it("ends a tick's tints with the next tick's first tint, in the same task, and keeps one tick's tints together", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const [first, second, third] = spans(3);
    flashMove(first!, 1, 2);
    vi.advanceTimersByTime(100);
    // The same tick writing in a later task: both tints stay.
    flashMove(second!, 2, 1);
    expect([first!.dataset.flash, second!.dataset.flash]).toEqual(['up', 'down']);
    vi.advanceTimersByTime(900);
    flashMove(third!, 5, 6);
    expect([first!.dataset.flash, second!.dataset.flash, third!.dataset.flash]).toEqual([
      undefined,
      undefined,
      'up',
    ]);
  });

  it('ends the tints on a timer when no tick follows', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const [price] = spans(1);
    flashMove(price!, 3, 2);
    vi.advanceTimersByTime(FLASH_MAX_MS - 1);
    expect(price!.dataset.flash).toBe('down');
    vi.advanceTimersByTime(1);
    expect(price!.dataset.flash).toBeUndefined();
  });
});
