import { describe, expect, it } from 'vitest';

import { isAllowedOrigin } from './origin-policy.js';

const PARTNERS: ReadonlySet<string> = new Set(['https://partner.example']);

describe('isAllowedOrigin', () => {
  it('allows our own origin, whatever the scheme the proxy in front of us ended', () => {
    expect(isAllowedOrigin({ origin: 'https://coinlens.app' }, 'coinlens.app', PARTNERS)).toBe(true);
    expect(isAllowedOrigin({ origin: 'https://coinlens.app' }, 'coinlens.app:443', PARTNERS)).toBe(true);
    expect(isAllowedOrigin({ origin: 'http://127.0.0.1:8080' }, '127.0.0.1:8080', PARTNERS)).toBe(true);
  });

  it('refuses another host, another port, a look-alike suffix, null and garbage', () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:8081',
      'https://coinlens.app.evil.example',
      'null',
      'not a url',
    ])
      expect(
        isAllowedOrigin({ origin }, origin.includes('127') ? '127.0.0.1:8080' : 'coinlens.app', PARTNERS),
      ).toBe(false);
  });

  it('allows an allow-listed origin exactly as configured', () => {
    expect(isAllowedOrigin({ origin: 'https://partner.example' }, 'coinlens.app', PARTNERS)).toBe(true);
    expect(isAllowedOrigin({ origin: 'http://partner.example' }, 'coinlens.app', PARTNERS)).toBe(false);
  });

  it('without Origin, refuses only what the browser marks cross-site', () => {
    expect(isAllowedOrigin({}, 'coinlens.app', PARTNERS)).toBe(true);
    expect(isAllowedOrigin({ 'sec-fetch-site': 'same-origin' }, 'coinlens.app', PARTNERS)).toBe(true);
    expect(isAllowedOrigin({ 'sec-fetch-site': 'none' }, 'coinlens.app', PARTNERS)).toBe(true);
    expect(isAllowedOrigin({ 'sec-fetch-site': 'cross-site' }, 'coinlens.app', PARTNERS)).toBe(false);
  });
});
