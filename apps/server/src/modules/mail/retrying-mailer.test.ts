import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { MailMessage, Mailer } from './mailer.js';
import { RetryingMailer } from './retrying-mailer.js';

const log = { warn: () => undefined, error: () => undefined, info: () => undefined };
const mail = (to: string): MailMessage => ({ to, subject: 'Code', text: '123456', html: '<p>123456</p>' });

/** A mail server that refuses every send while `down`. */
class FlakyServer implements Mailer {
  readonly kind = 'smtp';
  down = true;
  attempts = 0;
  readonly delivered: string[] = [];

  send(message: MailMessage): Promise<void> {
    this.attempts += 1;
    if (this.down) return Promise.reject(new Error('connection reset'));
    this.delivered.push(message.to);
    return Promise.resolve();
  }
}

describe('RetryingMailer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const policy = { firstRetryMs: 1_000, giveUpAfterMs: 60_000, maxQueued: 2 };

  it('accepts a mail the server refused and delivers it once the server is back', async () => {
    const server = new FlakyServer();
    const mailer = new RetryingMailer(server, policy, log as unknown as FastifyBaseLogger);
    await mailer.send(mail('a@example.org'));
    expect(mailer.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000); // retries after 1 s and 3 s, both refused
    expect(server.attempts).toBe(3);
    server.down = false;
    await vi.advanceTimersByTimeAsync(4_000); // the next, 4 s later
    expect(server.delivered).toEqual(['a@example.org']);
    expect(mailer.waiting).toBe(0);
  });

  it('gives a mail up once retrying would pass its time, and keeps at most maxQueued waiting', async () => {
    const server = new FlakyServer();
    const mailer = new RetryingMailer(server, policy, log as unknown as FastifyBaseLogger);
    await mailer.send(mail('a@example.org'));
    await mailer.send(mail('b@example.org'));
    await expect(mailer.send(mail('c@example.org'))).rejects.toThrow('connection reset');
    await vi.advanceTimersByTimeAsync(policy.giveUpAfterMs);
    expect(mailer.waiting).toBe(0);
    const attempts = server.attempts;
    server.down = false;
    await vi.advanceTimersByTimeAsync(policy.giveUpAfterMs);
    expect(server.attempts).toBe(attempts);
    expect(server.delivered).toEqual([]);
  });
});
