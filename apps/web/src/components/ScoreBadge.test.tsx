import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ScoreBadge, scoreBand } from './ScoreBadge';

describe('ScoreBadge', () => {
  it('bands scores low below 30, middling to 60, high above', () => {
    expect(scoreBand(12)).toBe('low');
    expect(scoreBand(30)).toBe('mid');
    expect(scoreBand(59.9)).toBe('mid');
    expect(scoreBand(60)).toBe('high');
  });

  it('shows a whole number in rows, one decimal when large, and a dash (never 0) when not scored', () => {
    const { rerender } = render(<ScoreBadge score={87.46} testId="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('87');
    expect(screen.getByTestId('badge').className).toContain('cl-score-high');
    rerender(<ScoreBadge score={87.46} size="large" testId="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('87.5');
    rerender(<ScoreBadge score={null} testId="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('–');
    expect(screen.getByTestId('badge').getAttribute('data-score')).toBeNull();
  });
});
