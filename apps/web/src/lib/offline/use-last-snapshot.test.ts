import { TransportError } from '@coinlens/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { createSnapshotStore, type Snapshot } from './last-snapshot';
import type { QueryOutcome } from './network-failure';
import { useLastSnapshot, type LastSnapshotOptions } from './use-last-snapshot';

const isText = (value: unknown): value is string => typeof value === 'string';
const online: QueryOutcome = { hasData: true, error: null, failureReason: null, fetchStatus: 'idle' };
const offline: QueryOutcome = {
  hasData: false,
  error: new TransportError('network', 'Failed to fetch', 'appmarket_msrv/coin_list'),
  failureReason: null,
  fetchStatus: 'idle',
};

describe('useLastSnapshot', () => {
  it('keeps what the screen received, at most every 30 s, in idle time, and shows it after a network failure', async () => {
    const store = createSnapshotStore('test_hook', isText);
    const { result, rerender } = renderHook<Snapshot<string> | null, LastSnapshotOptions<string>>(
      (options) => useLastSnapshot(options),
      {
        initialProps: { store, scope: 'usd', fresh: 'first', receivedAt: 1_000, outcome: online },
      },
    );
    expect(result.current).toBeNull();
    // Not inside the render that received it: serialising waits for idle time.
    expect(store.read('usd')).toBeNull();
    await vi.waitFor(() => expect(store.read('usd')).toEqual({ savedAt: 1_000, value: 'first' }));

    rerender({ store, scope: 'usd', fresh: 'a tick later', receivedAt: 2_000, outcome: online });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.read('usd')?.value).toBe('first');
    rerender({ store, scope: 'usd', fresh: 'later', receivedAt: 31_000, outcome: online });
    await vi.waitFor(() => expect(store.read('usd')).toEqual({ savedAt: 31_000, value: 'later' }));

    rerender({ store, scope: 'usd', fresh: undefined, receivedAt: 0, outcome: offline });
    expect(result.current).toEqual({ savedAt: 31_000, value: 'later' });
  });

  it('keeps and shows nothing without a scope (another list, or a visitor)', () => {
    const store = createSnapshotStore('test_hook', isText);
    store.save('usd', 'kept', 1_000);
    const { result } = renderHook(() =>
      useLastSnapshot({ store, scope: null, fresh: 'other', receivedAt: 5_000, outcome: offline }),
    );
    expect(result.current).toBeNull();
    expect(store.read('usd')?.value).toBe('kept');
  });
});
