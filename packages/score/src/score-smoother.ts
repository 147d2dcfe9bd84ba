import { SCORE_PARAMETERS } from './methodology.js';

interface Smoothed {
  value: number;
  at: number;
}

/**
 * Smooths each id's score over time (exponential average with a half-life) and orders ids with hysteresis: an id
 * overtakes the one ranked above it only when ahead by a margin, so a burst cannot move ranks quickly and two
 * close ids do not swap on every recompute (scoring-anchors 4.1.4, BGCI/CF re-entry rules).
 */
export class ScoreSmoother {
  private readonly smoothed = new Map<string, Smoothed>();
  private order: string[] = [];

  constructor(
    private readonly halfLifeMs: number = SCORE_PARAMETERS.smoothingHalfLifeMs,
    private readonly hysteresis: number = SCORE_PARAMETERS.rankHysteresisPoints,
  ) {}

  /** Folds in this computation's scores at `now`; answers the smoothed value per id. Ids not given are dropped. */
  update(scores: ReadonlyMap<string, number>, now: number): Map<string, number> {
    const result = new Map<string, number>();
    for (const [id, score] of scores) {
      const previous = this.smoothed.get(id);
      const weight = previous ? 1 - 0.5 ** (Math.max(0, now - previous.at) / this.halfLifeMs) : 1;
      const value = previous ? previous.value + weight * (score - previous.value) : score;
      this.smoothed.set(id, { value, at: now });
      result.set(id, value);
    }
    for (const id of this.smoothed.keys()) if (!scores.has(id)) this.smoothed.delete(id);
    this.order = this.reorder(result);
    return result;
  }

  /** Ids best first: the previous order, kept unless an id is ahead of the one above it by the margin. */
  ranking(): readonly string[] {
    return this.order;
  }

  smoothedValue(id: string): number | null {
    return this.smoothed.get(id)?.value ?? null;
  }

  private reorder(values: ReadonlyMap<string, number>): string[] {
    const value = (id: string) => values.get(id) ?? 0;
    const known = this.order.filter((id) => values.has(id));
    const knownIds = new Set(known);
    // Newcomers join in their own order, so a first ranking is one sort, not a quadratic bubble.
    const newcomers = [...values.keys()]
      .filter((id) => !knownIds.has(id))
      .sort((a, b) => value(b) - value(a));
    const order = known.length === 0 ? newcomers : [...known, ...newcomers];
    // Insertion sort that only moves an id up past a neighbour it beats by more than the margin.
    for (let i = 1; i < order.length; i++) {
      let j = i;
      while (j > 0 && value(order[j]!) > value(order[j - 1]!) + this.hysteresis) {
        [order[j - 1], order[j]] = [order[j]!, order[j - 1]!];
        j--;
      }
    }
    return order;
  }
}
