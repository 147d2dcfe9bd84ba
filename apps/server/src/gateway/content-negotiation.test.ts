import { describe, expect, it } from 'vitest';

import { preferredEncoding } from './content-negotiation.js';

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity, *;q=0', 'identity'],
    ['br;q=nonsense', 'identity'],
  ] as const)('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
