import { describe, expect, it } from 'vitest';

import { localisedDeviceLabel } from './device-label-text.js';
import { deviceLabel } from './device-label.js';

describe('localisedDeviceLabel', () => {
  it('translates the unknown-device label', () => {
    expect(localisedDeviceLabel(deviceLabel('<script>alert(1)</script>'))).toEqual({
      en: 'Unknown device',
      vi: 'Thiết bị không xác định',
      'zh-Hans': '未知设备',
    });
  });

  it('says "browser on system" in each language, keeping the product names', () => {
    const label = deviceLabel(
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    );
    expect(localisedDeviceLabel(label)).toEqual({
      en: 'Chrome on Android',
      vi: 'Chrome trên Android',
      'zh-Hans': 'Android 版 Chrome',
    });
  });

  it('leaves a product token, or anything it does not know, as it is', () => {
    expect(localisedDeviceLabel('curl')).toEqual({ en: 'curl', vi: 'curl', 'zh-Hans': 'curl' });
    expect(localisedDeviceLabel('Chrome on Plan9')).toEqual({
      en: 'Chrome on Plan9',
      vi: 'Chrome on Plan9',
      'zh-Hans': 'Chrome on Plan9',
    });
  });
});
