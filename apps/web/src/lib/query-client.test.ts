import { describe, expect, it } from 'vitest';

import { GatewayError, TransportError } from '@coinlens/contract';

import { shouldRetry } from './query-client';

describe('query retry policy', () => {
  it('retries network failures and 5xx, at most twice', () => {
    expect(shouldRetry(0, new TransportError('network', 'x', 'p'))).toBe(true);
    expect(shouldRetry(1, new TransportError('http', 'x', 'p', 503))).toBe(true);
    expect(shouldRetry(2, new TransportError('network', 'x', 'p'))).toBe(false);
  });

  it('never retries gateway codes, 4xx (413, 429, 451), timeouts or aborts', () => {
    expect(shouldRetry(0, new GatewayError(3002, 'x', 'p'))).toBe(false);
    for (const status of [413, 429, 451])
      expect(shouldRetry(0, new TransportError('http', 'x', 'p', status))).toBe(false);
    expect(shouldRetry(0, new TransportError('timeout', 'x', 'p'))).toBe(false);
    expect(shouldRetry(0, new TransportError('abort', 'x', 'p'))).toBe(false);
  });
});
