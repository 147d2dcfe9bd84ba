import { describe, expect, it } from 'vitest';

import { deviceLabel } from './device-label.js';

describe('deviceLabel', () => {
  it('names browser and system of real User-Agents', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });

  it('keeps only a well-formed product name of other clients', () => {
    expect(deviceLabel('curl/8.5.0')).toBe('curl');
    expect(deviceLabel('okhttp/4.12.0')).toBe('okhttp');
  });

  it('never stores caller text', () => {
    expect(deviceLabel('<script>alert("ua")</script>')).toBe('Unknown device');
    expect(deviceLabel('"><img src=x onerror=alert(1)>/1.0')).toBe('Unknown device');
    expect(deviceLabel('\u0000\u001b[31mred')).toBe('Unknown device');
    expect(deviceLabel('')).toBe('Unknown device');
    expect(deviceLabel(`${'a'.repeat(500)}/1`)).toBe('Unknown device');
  });
});
