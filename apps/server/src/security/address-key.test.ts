import { describe, expect, it } from 'vitest';

import { addressKey } from './address-key.js';

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
});
