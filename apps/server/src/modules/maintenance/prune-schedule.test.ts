import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { scheduleRowPruning } from './prune-schedule.js';
import type { PruneReport } from './row-pruner.js';

const NOTHING: PruneReport = { alertFirings: 0, deletedAlerts: 0, inboxReads: 0, inboxMessages: 0 };
const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
const pace = { firstRunAfterMs: 5 * 60_000, intervalMs: 60 * 60_000 };

afterEach(() => {
  vi.useRealTimers();
});

describe('row pruning schedule', () => {
  it('runs first after the delay, then once an interval, until stopped', async () => {
    vi.useFakeTimers();
    const prune = vi.fn(() => Promise.resolve(NOTHING));
    const stop = scheduleRowPruning({ prune }, log, pace);
    await vi.advanceTimersByTimeAsync(pace.firstRunAfterMs - 1);
    expect(prune).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(prune).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(pace.intervalMs);
    expect(prune).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * pace.intervalMs);
    expect(prune).toHaveBeenCalledTimes(2);
  });

  it('never starts a run while the previous one is still going, and logs a failed one', async () => {
    vi.useFakeTimers();
    let finish: (report: PruneReport) => void = () => undefined;
    const prune = vi
      .fn<() => Promise<PruneReport>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockRejectedValueOnce(new Error('database gone'));
    const stop = scheduleRowPruning({ prune }, log, { firstRunAfterMs: 10, intervalMs: 10 });
    await vi.advanceTimersByTimeAsync(50);
    expect(prune).toHaveBeenCalledTimes(1);
    finish({ ...NOTHING, inboxMessages: 3 });
    await vi.advanceTimersByTimeAsync(10);
    expect(log.info).toHaveBeenCalledWith(
      { removed: { ...NOTHING, inboxMessages: 3 } },
      'removed expired rows',
    );
    expect(prune).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    const [failure] = vi.mocked(log.error).mock.calls.at(-1) ?? [];
    expect((failure as { err?: unknown } | undefined)?.err).toBeInstanceOf(Error);
    stop();
  });
});
