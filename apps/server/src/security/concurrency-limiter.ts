/** Gives back a slot taken from a `ConcurrencyLimiter`; calling it again does nothing. */
export type SlotRelease = () => void;

/**
 * Bounds how many things per key are in progress at once (uploads being received, open connections).
 * Unlike `AttemptLimiter` nothing is counted over time: a slot is held until released. A Redis-backed one
 * (a counter per key with a lease, so a crashed holder's slots expire) replaces it for several instances.
 */
export interface ConcurrencyLimiter {
  /** Takes one of `limit` slots of `key`; answers its release, or null when all are taken. */
  acquire(key: string, limit: number): Promise<SlotRelease | null>;
}

/** Process-local slots. */
export class MemoryConcurrencyLimiter implements ConcurrencyLimiter {
  private readonly held = new Map<string, number>();

  acquire(key: string, limit: number): Promise<SlotRelease | null> {
    const count = this.held.get(key) ?? 0;
    if (count >= limit) return Promise.resolve(null);
    this.held.set(key, count + 1);
    let released = false;
    return Promise.resolve(() => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    });
  }

  /** Slots held under `key` (tests, metrics). */
  inUse(key: string): number {
    return this.held.get(key) ?? 0;
  }
}
