import { SharedAnswer } from '../../gateway/shared-answer.js';
import { GenerationMap } from '../../market-store/generation-map.js';

/**
 * Serialised answers valid for one snapshot generation: the first caller after a tick pays for building and
 * serialising a page (and compressing it, on first demand per encoding), every other caller of the same page in
 * that tick gets the same bytes.
 */
export class VersionCache {
  private readonly answers: GenerationMap<SharedAnswer>;

  constructor(
    /** Changes whenever a cached answer could differ: a new tick, or the source turning stale. */
    currentGeneration: () => string,
    maxEntries = 2_000,
  ) {
    this.answers = new GenerationMap(currentGeneration, maxEntries);
  }

  get(key: string, build: () => unknown): SharedAnswer {
    return this.answers.get(key, () => new SharedAnswer(JSON.stringify(build())));
  }
}
