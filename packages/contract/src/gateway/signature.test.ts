import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { md5Hex } from './md5.js';
import {
  canonicalFieldString,
  compareByUtf8Bytes,
  computeSignature,
  signaturesEqual,
  signPayload,
} from './signature.js';

describe('md5Hex', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('matches the RFC 1321 vector for %j', (input, expected) => {
    expect(md5Hex(input)).toBe(expected);
  });

  it('hashes the UTF-8 bytes of unicode text like Node does', () => {
    for (const text of [
      '币镜',
      'Tiếng Việt',
      '😀 emoji',
      'x'.repeat(55),
      'y'.repeat(56),
      'z'.repeat(64),
      'w'.repeat(1000),
    ]) {
      expect(md5Hex(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('canonicalFieldString', () => {
  it('sorts keys by byte order, leaves out signature and keeps values raw', () => {
    const canonical = canonicalFieldString({
      v: 'v1',
      timestamp: '1700000000',
      signature: 'ignored',
      data: '{"a":"b&c=d","name":"币镜"}',
      dev_id: '0',
      app_id: 'coinlens-web',
    });
    expect(canonical).toBe(
      'app_id=coinlens-web&data={"a":"b&c=d","name":"币镜"}&dev_id=0&timestamp=1700000000&v=v1',
    );
  });

  it('orders by bytes, so upper case sorts before lower case', () => {
    expect(['b', 'B', 'a', '_'].sort(compareByUtf8Bytes)).toEqual(['B', '_', 'a', 'b']);
  });
});

describe('computeSignature', () => {
  const fields = { app_id: 'coinlens-web', data: '{}', dev_id: '0', timestamp: '1700000000', v: 'v1' };

  it('is md5(secret + canonical + secret) in lowercase hex', () => {
    const expected = createHash('md5')
      .update('s3cret' + 'app_id=coinlens-web&data={}&dev_id=0&timestamp=1700000000&v=v1' + 's3cret')
      .digest('hex');
    expect(computeSignature(fields, 's3cret')).toBe(expected);
  });

  it('changes when any field or the secret changes', () => {
    const base = computeSignature(fields, 's3cret');
    expect(computeSignature({ ...fields, timestamp: '1700000001' }, 's3cret')).not.toBe(base);
    expect(computeSignature({ ...fields, data: '{ }' }, 's3cret')).not.toBe(base);
    expect(computeSignature(fields, 's3creT')).not.toBe(base);
  });

  it('is independent of the order the fields were given in', () => {
    const reversed = Object.fromEntries(Object.entries(fields).reverse());
    expect(computeSignature(reversed, 'k')).toBe(computeSignature(fields, 'k'));
  });
});

describe('signPayload', () => {
  it('builds a complete envelope whose signature verifies', () => {
    const envelope = signPayload(
      { keyword: '比特币' },
      { appId: 'app', appSecret: 'secret', timestamp: 1_700_000_000 },
    );
    expect(envelope).toMatchObject({ app_id: 'app', dev_id: '0', v: 'v1', timestamp: '1700000000' });
    expect(envelope.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(envelope.data)).toEqual({ keyword: '比特币' });
    const { signature, ...rest } = envelope;
    expect(signaturesEqual(computeSignature(rest, 'secret'), signature)).toBe(true);
  });

  it('gives two identical calls in the same second different signatures through the nonce', () => {
    const options = { appId: 'app', appSecret: 'secret', timestamp: 1_700_000_000 };
    expect(signPayload({}, options).signature).not.toBe(signPayload({}, options).signature);
    expect(signPayload({}, { ...options, nonce: 'n' }).signature).toBe(
      signPayload({}, { ...options, nonce: 'n' }).signature,
    );
  });
});

describe('signaturesEqual', () => {
  it('is true only for identical strings', () => {
    expect(signaturesEqual('abc', 'abc')).toBe(true);
    expect(signaturesEqual('abc', 'abd')).toBe(false);
    expect(signaturesEqual('abc', 'ab')).toBe(false);
  });
});
