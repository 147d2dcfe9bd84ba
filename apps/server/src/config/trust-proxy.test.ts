import { describe, expect, it } from 'vitest';

import { parseTrustedProxies } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told, and proxies on this host or a private network for true', () => {
    expect(parseTrustedProxies(undefined)).toBe(false);
    expect(parseTrustedProxies('false')).toBe(false);
    expect(parseTrustedProxies('true')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
  });

  it('takes the proxies as addresses, CIDRs or range names', () => {
    expect(parseTrustedProxies('10.0.0.0/8, 127.0.0.1,2001:db8::/32 ,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it.each(['2', 'yes', '10.0.0.0/33', '::/129', '10.0.0.1/8/1', 'proxy.example', ','])(
    'refuses %s, naming what it takes',
    (value) => {
      const answer = parseTrustedProxies(value);
      expect(typeof answer).toBe('string');
      expect(answer).toContain('addresses/CIDRs');
    },
  );
});
