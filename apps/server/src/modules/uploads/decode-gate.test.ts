import { describe, expect, it } from 'vitest';

import { DecodeGate, GateFull } from './decode-gate.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('DecodeGate', () => {
  it('runs at most maxRunning tasks at once and queues up to maxWaiting', async () => {
    const gate = new DecodeGate(2, 1);
    let active = 0;
    let peak = 0;
    const releases = [deferred(), deferred(), deferred()];
    const tasks = releases.map((release) =>
      gate.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await release.promise;
        active--;
      }),
    );
    await Promise.resolve();
    expect(gate.queued).toBe(1);
    await expect(gate.run(() => Promise.resolve('late'))).rejects.toBeInstanceOf(GateFull);
    for (const release of releases) release.resolve();
    await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(await gate.run(() => Promise.resolve('free again'))).toBe('free again');
  });

  it('frees the slot when a task fails', async () => {
    const gate = new DecodeGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await gate.run(() => Promise.resolve(7))).toBe(7);
  });
});
