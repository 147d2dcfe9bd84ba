import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { messageLinkTarget } from './message-link';

describe('messageLinkTarget', () => {
  it("opens a coin alert's coin", () => {
    expect(messageLinkTarget('web+coinlens:coin?id=bitcoin')).toEqual({
      to: paths.currencyIntro,
      search: { coin_id: 'bitcoin' },
    });
  });

  it('opens an http(s) address in the web view', () => {
    expect(messageLinkTarget('https://example.com/a?b=1')).toEqual({
      to: paths.webview,
      search: { url: 'https://example.com/a?b=1' },
    });
  });

  it('has no target for no link, a broken product link or another scheme', () => {
    expect(messageLinkTarget(null)).toBeNull();
    expect(messageLinkTarget('web+coinlens:coin')).toBeNull();
    expect(messageLinkTarget('javascript:alert(1)')).toBeNull();
  });
});
