/**
 * The robust statistics ingest runs for every coin on every tick, over numeric columns instead of arrays of
 * objects: the same results as `robust-statistics.ts` without per-call garbage, by selection (expected linear
 * time) instead of sorting. The `(a, b) => a - b` comparators there box every comparison result.
 */

/** A Float64Array reused between calls; callers are synchronous, so no two uses overlap. */
export class ScratchColumn {
  private buffer = new Float64Array(64);

  /** A view of `length` entries (contents unspecified). */
  view(length: number): Float64Array {
    if (length > this.buffer.length) this.buffer = new Float64Array(Math.max(length, this.buffer.length * 2));
    return this.buffer.subarray(0, length);
  }
}

/** Median of `values`, reordered in place; null for none. Same as `median` for finite values. */
export function medianSelecting(values: Float64Array): number | null {
  const count = values.length;
  if (count === 0) return null;
  const middle = count >> 1;
  const upper = selectInPlace(values, middle);
  if (count % 2 === 1) return upper;
  // selectInPlace left everything below `middle` at or under it: the lower middle is their largest.
  let lower = values[0] ?? 0;
  for (let index = 1; index < middle; index++) lower = Math.max(lower, values[index] ?? 0);
  return (lower + upper) / 2;
}

/**
 * `weightedMedian` over parallel columns, both reordered in place: the smallest value at which the cumulative
 * weight of the values up to it reaches half the total (lower weighted median), weights ≤ 0 counting as nothing,
 * the plain median without positive weight; non-finite values are left out. Which of two equal values comes
 * first never changes the answer, so a weighted selection (expected linear time) replaces the sort.
 */
export function weightedMedianSelecting(values: Float64Array, weights: Float64Array): number | null {
  let count = 0;
  let totalWeight = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] ?? Number.NaN;
    if (!Number.isFinite(value)) continue;
    const weight = Math.max(0, weights[index] ?? 0);
    values[count] = value;
    weights[count++] = weight;
    totalWeight += weight;
  }
  if (totalWeight <= 0) return medianSelecting(values.subarray(0, count));
  return weightedSelect(values, weights, count, totalWeight / 2);
}

/** Puts the `rank`-th smallest value at `rank`, smaller-or-equal ones before it, larger-or-equal after. */
function selectInPlace(values: Float64Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  while (high > low) {
    const pivot = medianOfThree(values[low] ?? 0, values[(low + high) >> 1] ?? 0, values[high] ?? 0);
    let left = low;
    let right = high;
    while (left <= right) {
      while ((values[left] ?? 0) < pivot) left++;
      while ((values[right] ?? 0) > pivot) right--;
      if (left <= right) swap(values, left++, right--);
    }
    if (rank <= right) high = right;
    else if (rank >= left) low = left;
    else break;
  }
  return values[rank] ?? 0;
}

/**
 * The smallest value v of the first `count` entries whose weight at or below v reaches `target`
 * (three-way partitions around a pivot, keeping the weight left of the range).
 */
function weightedSelect(values: Float64Array, weights: Float64Array, count: number, target: number): number {
  let low = 0;
  let high = count - 1;
  let weightBefore = 0;
  while (high > low) {
    const pivot = medianOfThree(values[low] ?? 0, values[(low + high) >> 1] ?? 0, values[high] ?? 0);
    // [low, less) < pivot, [less, index) = pivot, (greater, high] > pivot.
    let less = low;
    let index = low;
    let greater = high;
    let lessWeight = 0;
    let equalWeight = 0;
    while (index <= greater) {
      const value = values[index] ?? 0;
      if (value < pivot) {
        lessWeight += weights[index] ?? 0;
        swapPair(values, weights, index++, less++);
      } else if (value > pivot) {
        swapPair(values, weights, index, greater--);
      } else {
        equalWeight += weights[index++] ?? 0;
      }
    }
    if (less > low && weightBefore + lessWeight >= target) high = less - 1;
    // Nothing above the pivot: it is the largest value (where rounding kept the sum just short of the target).
    else if (greater === high || weightBefore + lessWeight + equalWeight >= target) return pivot;
    else {
      weightBefore += lessWeight + equalWeight;
      low = greater + 1;
    }
  }
  return values[low] ?? 0;
}

function medianOfThree(first: number, second: number, third: number): number {
  return Math.max(Math.min(first, second), Math.min(Math.max(first, second), third));
}

function swap(values: Float64Array, left: number, right: number): void {
  const value = values[left] ?? 0;
  values[left] = values[right] ?? 0;
  values[right] = value;
}

function swapPair(values: Float64Array, weights: Float64Array, left: number, right: number): void {
  swap(values, left, right);
  swap(weights, left, right);
}
