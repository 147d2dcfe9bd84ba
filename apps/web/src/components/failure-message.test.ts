import { GatewayError, TransportError } from '@coinlens/contract';
import { beforeAll, describe, expect, it } from 'vitest';

import { translator } from '@/lib/i18n';
import vi from '@/locales/vi.json';

import { failureMessage } from './QueryView';

const FALLBACK = 'Không tải được dữ liệu';

describe('failureMessage (a failed call in the user’s language)', () => {
  beforeAll(() => translator.use('vi', vi));

  it('shows the gateway’s own message, which the server wrote in the caller’s language', () => {
    expect(failureMessage(new GatewayError(3002, 'Không tìm thấy', 'p/x'), FALLBACK)).toBe('Không tìm thấy');
    const limited = new TransportError('http', 'Quá thường xuyên', 'p/x', 429, 802009, 3);
    expect(failureMessage(limited, FALLBACK)).toBe('Quá thường xuyên');
  });

  it('never shows a transport’s English text: a proxy’s status line, a browser’s network error', () => {
    const proxy = new TransportError('http', 'Service Unavailable', 'p/x', 503);
    expect(failureMessage(proxy, FALLBACK)).toBe(FALLBACK);
    expect(failureMessage(new TransportError('network', 'Failed to fetch', 'p/x'), FALLBACK)).toBe(
      vi.errors.network,
    );
    expect(failureMessage(new TransportError('timeout', 'Request timed out', 'p/x'), FALLBACK)).toBe(
      vi.errors.timeout,
    );
    expect(failureMessage(new Error('boom'), FALLBACK)).toBe(FALLBACK);
  });
});
