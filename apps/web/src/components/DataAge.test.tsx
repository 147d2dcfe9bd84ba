import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DataAge } from './DataAge';

describe('DataAge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing and keeps no clock while the numbers are fresh', () => {
    const { container } = render(<DataAge asOf={Date.now() - 5_000} stale={false} />);
    expect(container.innerHTML).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('warns when the source went quiet, and the age it shows grows with the clock', () => {
    render(<DataAge asOf={Date.now() - 60_000} stale />);
    const line = screen.getByTestId('data-stale');
    expect(line.getAttribute('role')).toBe('status');
    const first = line.textContent;
    expect(vi.getTimerCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(screen.getByTestId('data-stale').textContent).not.toBe(first);
  });
});
