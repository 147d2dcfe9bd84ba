import { describe, expect, it } from 'vitest';

import { addressKey, addressNetworkKeys } from './address-key.js';

describe('addressKey', () => {
  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('leaves IPv4 alone and reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:c000:0207')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.8')).not.toBe(addressKey('::ffff:192.0.2.7'));
  });

  it('keeps anything that is not an address as it is', () => {
    expect(addressKey('-')).toBe('-');
    expect(addressKey('unknown')).toBe('unknown');
  });

  describe('addressNetworkKeys', () => {
    it('counts an IPv6 caller under its /64, and its /56 and /48 with 4 and 16 times the budget', () => {
      expect(addressNetworkKeys('2001:db8:1:2a3:aaaa:bbbb:cccc:dddd')).toEqual([
        { key: '2001:db8:1:2a3::/64', budgetFactor: 1 },
        { key: '2001:db8:1:200::/56', budgetFactor: 4 },
        { key: '2001:db8:1::/48', budgetFactor: 16 },
      ]);
    });

    it('puts two /64s of one /56 under the same /56 and /48, and another /56 of the /48 under the /48 only', () => {
      const [a64, a56, a48] = addressNetworkKeys('2001:db8:1:200::1').map((entry) => entry.key);
      const [b64, b56, b48] = addressNetworkKeys('2001:db8:1:2ff::1').map((entry) => entry.key);
      const [c64, c56, c48] = addressNetworkKeys('2001:db8:1:300::1').map((entry) => entry.key);
      expect(a64).not.toBe(b64);
      expect([a56, a48]).toEqual([b56, b48]);
      expect(c64).not.toBe(a64);
      expect(c56).not.toBe(a56);
      expect(c48).toBe(a48);
    });

    it('gives an IPv4 caller, a mapped one and anything that is not an address their one key', () => {
      expect(addressNetworkKeys('192.0.2.7')).toEqual([{ key: '192.0.2.7', budgetFactor: 1 }]);
      expect(addressNetworkKeys('::ffff:192.0.2.7')).toEqual([{ key: '192.0.2.7', budgetFactor: 1 }]);
      expect(addressNetworkKeys('unknown')).toEqual([{ key: 'unknown', budgetFactor: 1 }]);
    });
  });
});
