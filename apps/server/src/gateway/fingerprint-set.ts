/**
 * A set of 64-bit fingerprints in typed arrays (open addressing, linear probing). It holds no object per
 * entry, so a million of them cost the collector nothing to mark, where a Map of a million strings made every
 * full collection walk them. Entries are never deleted one by one: the whole set is dropped at once.
 */
export class FingerprintSet {
  private high: Uint32Array;
  private low: Uint32Array;
  private count = 0;

  constructor(
    private readonly maxEntries: number,
    initialSlots = 1 << 12,
  ) {
    this.high = new Uint32Array(initialSlots);
    this.low = new Uint32Array(initialSlots);
  }

  get size(): number {
    return this.count;
  }

  get full(): boolean {
    return this.count >= this.maxEntries;
  }

  /** `high` and `low` as unsigned 32-bit integers (what the arrays hold). */
  has(high: number, low: number): boolean {
    const mask = this.high.length - 1;
    for (let slot = (high ^ low) & mask; ; slot = (slot + 1) & mask) {
      if (this.high[slot] === 0 && this.low[slot] === 0) return false;
      if (this.high[slot] === high && this.low[slot] === low) return true;
    }
  }

  /** Adds a fingerprint not yet in the set, as unsigned 32-bit halves; `low` is never 0 (0, 0 marks a free slot). */
  add(high: number, low: number): void {
    if ((this.count + 1) * 2 > this.high.length) this.grow();
    this.place(high, low);
    this.count += 1;
  }

  private place(high: number, low: number): void {
    const mask = this.high.length - 1;
    let slot = (high ^ low) & mask;
    while (this.high[slot] !== 0 || this.low[slot] !== 0) slot = (slot + 1) & mask;
    this.high[slot] = high;
    this.low[slot] = low;
  }

  private grow(): void {
    const [high, low] = [this.high, this.low];
    this.high = new Uint32Array(high.length * 2);
    this.low = new Uint32Array(low.length * 2);
    for (let slot = 0; slot < high.length; slot++) {
      if (high[slot] !== 0 || low[slot] !== 0) this.place(high[slot]!, low[slot]!);
    }
  }
}
