import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { reloadPage } from '../lib/location';
import { PageLoadTimeoutError, lazyPage, loadWithDeadline, type PageModule } from './lazy-page';

vi.mock('../lib/location', () => ({ reloadPage: vi.fn() }));

function Hello({ name }: { name: string }) {
  return <p data-testid="hello">{`hello ${name}`}</p>;
}

const never = () => new Promise<PageModule<{ name: string }>>(() => {});

describe('loadWithDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('signals slowness only after the delay and fails at the timeout', async () => {
    const onSlow = vi.fn();
    const result = loadWithDeadline(never, { delayMs: 200, timeoutMs: 60_000, onSlow });
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(199);
    expect(onSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSlow).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_799);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(PageLoadTimeoutError));
  });

  it('never signals slowness for a fast load', async () => {
    const onSlow = vi.fn();
    const value = await loadWithDeadline(() => Promise.resolve(42), {
      delayMs: 200,
      timeoutMs: 60_000,
      onSlow,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(value).toBe(42);
    expect(onSlow).not.toHaveBeenCalled();
  });
});

describe('lazyPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing for 200 ms, then the indicator, then after 60 s the error view, whose tap reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(never);
    render(<Page name="x" />);
    expect(screen.getByTestId('page-pending')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByTestId('page-loading')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(59_799));
    expect(screen.queryByTestId('page-error')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('page-loading')).toBeNull();
    const errorView = screen.getByTestId('page-error');
    fireEvent.click(errorView);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('renders the page with its props once the chunk arrives, without the indicator when fast', async () => {
    const Page = lazyPage(
      () =>
        new Promise<PageModule<{ name: string }>>((resolve) =>
          setTimeout(() => resolve({ default: Hello }), 150),
        ),
    );
    render(<Page name="coin" />);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByTestId('hello').textContent).toBe('hello coin');
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });

  it('shows the error view at once when the chunk fails, and keeps a loaded chunk for the next mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyPage<{ name: string }>(() => Promise.reject(new Error('chunk 404')));
    render(<Broken name="x" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('page-error')).toBeTruthy();

    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const Page = lazyPage(load);
    const first = render(<Page name="a" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    first.unmount();
    render(<Page name="b" />);
    expect(screen.getByTestId('hello').textContent).toBe('hello b');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
