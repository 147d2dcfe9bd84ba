import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useFlash } from './use-flash';

function Price({ value }: { value: number | null }) {
  const ref = useFlash<HTMLSpanElement>(value);
  return (
    <span ref={ref} data-testid="price">
      {value}
    </span>
  );
}

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
