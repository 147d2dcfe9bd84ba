import { FingerprintSet } from './fingerprint-set.js';

/** Remembers request signatures for a while so a captured request cannot be sent again. */
export interface ReplayGuard {
  /**
   * True the first time `key` is seen within `ttlMs`; false for a replay. `changesState` (default true) says
   * whether the call would change something: a shared guard that cannot answer refuses such calls and lets
   * reads through (scale-out/redis-replay-guard.ts); the process-local one always answers.
   */
  claim(key: string, ttlMs: number, changesState?: boolean): Promise<boolean>;
}

/** Two 32-bit FNV-1a style hashes of the key's code units: 63 bits of fingerprint, never 0 in `low`. */
function fingerprint(key: string): [high: number, low: number] {
  let high = 0x811c9dc5;
  let low = 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    high = Math.imul(high ^ unit, 0x01000193);
    low = Math.imul(low ^ unit, 0x5bd1e995);
    low ^= low >>> 15;
  }
  return [high >>> 0, (low | 1) >>> 0];
}

/**
 * Process-local guard; several server instances share a Redis-backed one instead. Keys live in two
 * generations of fingerprints: the current one takes new keys, the previous one is still checked, and at
 * each rotation (every `ttlMs`, or sooner when the current one holds `maxEntries`) the previous is dropped
 * whole. A key is so remembered for at least `ttlMs` (at most twice that) unless a flood past `maxEntries`
 * per `ttlMs` rotates early, as evicting the oldest did before. It used to be a Map of the signature strings:
 * at a few thousand calls a second its million entries, each holding on to its request's text, took some
 * 300 MB and made every full collection walk them, and the server fell behind for good (docs/performance.md).
 */
export class MemoryReplayGuard implements ReplayGuard {
  private current: FingerprintSet;
  private previous: FingerprintSet;
  private rotatedAt: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000_000,
  ) {
    this.current = new FingerprintSet(maxEntries);
    this.previous = new FingerprintSet(maxEntries);
    this.rotatedAt = now();
  }

  claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    if (now - this.rotatedAt >= 2 * ttlMs) this.rotate(now, true);
    else if (now - this.rotatedAt >= ttlMs) this.rotate(now, false);
    const [high, low] = fingerprint(key);
    if (this.current.has(high, low) || this.previous.has(high, low)) return Promise.resolve(false);
    if (this.current.full) this.rotate(now, false);
    this.current.add(high, low);
    return Promise.resolve(true);
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  private rotate(now: number, dropBoth: boolean): void {
    this.previous = dropBoth ? new FingerprintSet(this.maxEntries) : this.current;
    this.current = new FingerprintSet(this.maxEntries);
    this.rotatedAt = now;
  }
}
