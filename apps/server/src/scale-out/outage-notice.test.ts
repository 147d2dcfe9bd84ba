import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { OutageNotice, OutageNoticesByUse } from './outage-notice.js';

function capturingLog(): { log: pino.Logger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { log, lines };
}

describe('OutageNotice', () => {
  it('logs a fallback once per outage and the recovery once, however many calls fail in between', () => {
    const { log, lines } = capturingLog();
    const notice = new OutageNotice(log, 'login attempts', 'refuse');
    notice.succeeded();
    for (let call = 0; call < 100; call++) notice.failed(new Error('Connection is closed.'));
    for (let call = 0; call < 100; call++) notice.succeeded();
    notice.failed(new Error('Connection is closed.'));
    notice.failed(new Error('Connection is closed.'));
    expect(lines.map((line) => line.msg)).toEqual([
      'redis unavailable: login attempts refuses every call until it is back (fails closed)',
      'redis available again: login attempts is shared again',
      'redis unavailable: login attempts refuses every call until it is back (fails closed)',
    ]);
  });

  it('says when a use lets calls through instead', () => {
    const { log, lines } = capturingLog();
    new OutageNotice(log, 'gateway rate limit', 'allow').failed(new Error('down'));
    expect(lines[0]?.msg).toBe(
      'redis unavailable: gateway rate limit lets calls through unchecked until it is back (fails open)',
    );
  });

  it('says when each instance counts a use alone', () => {
    const { log, lines } = capturingLog();
    new OutageNotice(log, 'gateway rate limit', 'per-instance').failed(new Error('down'));
    expect(lines[0]?.msg).toBe(
      'redis unavailable: gateway rate limit is counted by each instance alone until it is back',
    );
  });
});

describe('OutageNoticesByUse', () => {
  it("gives each use of a limiter its own notice and policy, by its key's first segment", () => {
    const { log, lines } = capturingLog();
    const notices = new OutageNoticesByUse(
      log,
      'attempt limit',
      { login: 'refuse', read: 'allow' },
      'refuse',
    );
    expect(notices.of('login:203.0.113.7')).toBe(notices.of('login:198.51.100.1'));
    expect(notices.of('read:x').policy).toBe('allow');
    expect(notices.of('comment:7').policy).toBe('refuse');
    notices.of('login:203.0.113.7').failed(new Error('down'));
    notices.of('login:198.51.100.1').failed(new Error('down'));
    notices.of('comment:7').failed(new Error('down'));
    expect(lines.map((line) => line.msg)).toEqual([
      'redis unavailable: attempt limit "login" refuses every call until it is back (fails closed)',
      'redis unavailable: attempt limit "comment" refuses every call until it is back (fails closed)',
    ]);
  });
});
