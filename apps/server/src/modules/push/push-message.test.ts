import { describe, expect, it } from 'vitest';
import { MAX_PUSH_PAYLOAD_BYTES, encodePushPayload } from './push-message.js';
import type { PushMessage, PushType } from './push-message.js';

const base: PushMessage = {
  title: 'BTC +5%',
  body: 'Bitcoin is up 5% in the last hour',
  type: 'coin',
  extras: {},
};

describe('encodePushPayload', () => {
  it('encodes title, body and data with the type and every given extra', () => {
    const payload = encodePushPayload({
      ...base,
      extras: { coinId: 'bitcoin', symbol: 'BTC', tab: 'chart', url: 'https://coinlens.example/c/btc' },
    });

    expect(JSON.parse(payload)).toEqual({
      title: 'BTC +5%',
      body: 'Bitcoin is up 5% in the last hour',
      data: {
        type: 'coin',
        coinId: 'bitcoin',
        symbol: 'BTC',
        tab: 'chart',
        url: 'https://coinlens.example/c/btc',
      },
    });
  });

  it('omits extras that are undefined', () => {
    const payload = encodePushPayload({
      ...base,
      extras: { coinId: 'bitcoin', symbol: undefined, newsId: undefined },
    });

    expect(JSON.parse(payload)).toEqual({
      title: base.title,
      body: base.body,
      data: { type: 'coin', coinId: 'bitcoin' },
    });
    expect(payload).not.toContain('symbol');
    expect(payload).not.toContain('newsId');
  });

  it('does not copy properties that are not push extras', () => {
    const extras = { coinId: 'bitcoin', token: 'secret' } as PushMessage['extras'];
    expect(encodePushPayload({ ...base, extras })).not.toContain('secret');
  });

  it('accepts a payload of exactly the byte limit and rejects one byte more, counting UTF-8 bytes', () => {
    const overhead = Buffer.byteLength(encodePushPayload({ ...base, body: '' }));
    const atLimit = { ...base, body: 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES - overhead) };

    expect(Buffer.byteLength(encodePushPayload(atLimit))).toBe(MAX_PUSH_PAYLOAD_BYTES);
    expect(() => encodePushPayload({ ...atLimit, body: `${atLimit.body}x` })).toThrow(RangeError);
    // 1,000 characters but 3,000 bytes.
    expect(() => encodePushPayload({ ...base, body: '€'.repeat(1000) })).toThrow(RangeError);
  });

  it('rejects a url extra that is not http(s)', () => {
    expect(() => encodePushPayload({ ...base, type: 'url', extras: { url: 'javascript:alert(1)' } })).toThrow(
      /must be http\(s\)/,
    );
    expect(() => encodePushPayload({ ...base, type: 'url', extras: { url: 'data:text/html,hi' } })).toThrow(
      TypeError,
    );
    expect(() => encodePushPayload({ ...base, type: 'url', extras: { url: 'not a url' } })).toThrow(
      TypeError,
    );
    expect(() =>
      encodePushPayload({ ...base, type: 'url', extras: { url: 'http://coinlens.example/x' } }),
    ).not.toThrow();
  });

  it('rejects an unknown type', () => {
    expect(() => encodePushPayload({ ...base, type: 'popup' as PushType })).toThrow(/Unknown push type/);
  });
});
