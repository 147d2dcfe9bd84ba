import { SharedAnswer } from '../../gateway/shared-answer.js';

/**
 * Serialised answers valid for one snapshot generation: the first caller after a tick pays for building and
 * serialising a page (and compressing it, on first demand per encoding), every other caller of the same page in
 * that tick gets the same bytes.
 */
export class VersionCache {
  private generation = '';
  private readonly entries = new Map<string, SharedAnswer>();

  constructor(
    /** Changes whenever a cached answer could differ: a new tick, or the source turning stale. */
    private readonly currentGeneration: () => string,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, build: () => unknown): SharedAnswer {
    const generation = this.currentGeneration();
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    const result = new SharedAnswer(JSON.stringify(build()));
    if (this.entries.size < this.maxEntries) this.entries.set(key, result);
    return result;
  }
}
