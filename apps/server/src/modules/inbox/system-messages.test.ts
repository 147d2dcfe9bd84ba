import { describe, expect, it } from 'vitest';

import { accountEventMessage } from './system-messages.js';

const AT = Date.UTC(2026, 10, 25, 4, 30);

describe('accountEventMessage', () => {
  it('names an unknown device in the reader’s language', () => {
    const message = accountEventMessage({
      kind: 'new_device_sign_in',
      userId: 1,
      device: 'Unknown device',
      ip: '192.0.2.1',
      at: AT,
    });
    expect(message.body.en).toContain('signed in on Unknown device at 2026-11-25 12:30 (UTC+8)');
    expect(message.body.vi).toContain('trên Thiết bị không xác định lúc');
    expect(message.body.vi).not.toContain('Unknown device');
    expect(message.body['zh-Hans']).toContain('在 未知设备 上登录');
  });

  it('says a known browser and system in each language', () => {
    const message = accountEventMessage({
      kind: 'new_device_sign_in',
      userId: 1,
      device: 'Safari on iOS',
      ip: '192.0.2.1',
      at: AT,
    });
    expect(message.body.en).toContain('on Safari on iOS at');
    expect(message.body.vi).toContain('trên Safari trên iOS lúc');
    expect(message.body['zh-Hans']).toContain('在 iOS 版 Safari 上登录');
  });
});
