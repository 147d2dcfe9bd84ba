import { TransportError } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { shouldShowSnapshot } from './network-failure';

describe('when the kept snapshot stands in', () => {
  const network = new TransportError('network', 'Failed to fetch', 'appmarket_msrv/coin_list');
  const quiet = { hasData: false, error: null, failureReason: null, fetchStatus: 'idle' } as const;

  it('stands in when the network failed or the fetch waits for the browser to be online', () => {
    expect(shouldShowSnapshot({ ...quiet, error: network })).toBe(true);
    expect(shouldShowSnapshot({ ...quiet, failureReason: network, fetchStatus: 'fetching' })).toBe(true);
    expect(shouldShowSnapshot({ ...quiet, fetchStatus: 'paused' })).toBe(true);
  });

  it('never hides fresh data, a loading first call, or a failure the server answered', () => {
    expect(shouldShowSnapshot({ ...quiet, hasData: true, error: network })).toBe(false);
    expect(shouldShowSnapshot({ ...quiet, fetchStatus: 'fetching' })).toBe(false);
    const serverDown = new TransportError('http', 'Bad gateway', 'appmarket_msrv/coin_list', 502);
    expect(shouldShowSnapshot({ ...quiet, error: serverDown })).toBe(false);
    expect(shouldShowSnapshot({ ...quiet, error: new Error('boom') })).toBe(false);
  });
});
