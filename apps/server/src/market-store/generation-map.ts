/**
 * Values valid for one generation of the market (a tick, or the source turning stale), by key: the first caller
 * of a generation builds a value, every later caller of the same key gets it, and a new generation starts empty.
 * Past `maxEntries` values are built but not kept, so hostile variety cannot grow it.
 */
export class GenerationMap<V> {
  private generation = '';
  private readonly entries = new Map<string, V>();

  constructor(
    /** Changes whenever a kept value could be out of date. */
    private readonly currentGeneration: () => string,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, build: () => V): V {
    const generation = this.currentGeneration();
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const value = build();
    if (this.entries.size < this.maxEntries) this.entries.set(key, value);
    return value;
  }

  /** Forgets `key`'s value if it is still the one kept (a refusal that should be asked again). */
  forget(key: string, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}
