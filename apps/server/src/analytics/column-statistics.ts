/**
 * The robust statistics ingest runs for every coin on every tick, over numeric columns instead of arrays of
 * objects: same results as `robust-statistics.ts` (same order of summation, same tie order), without per-call
 * garbage. The `(a, b) => a - b` comparators there box every comparison result; typed arrays sort natively.
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

/** Median of `values` (sorted in place); null for none. Same as `median` for finite values. */
export function medianSorting(values: Float64Array): number | null {
  if (values.length === 0) return null;
  values.sort();
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1
    ? (values[middle] ?? null)
    : ((values[middle - 1] ?? 0) + (values[middle] ?? 0)) / 2;
}

const finiteValues = new ScratchColumn();
const order = { buffer: new Uint32Array(64) };

/**
 * `weightedMedian` over parallel columns: the value below which half of the total weight lies (lower weighted
 * median), weights ≤ 0 counting as nothing, the plain median without positive weight; non-finite values are
 * left out.
 */
export function weightedMedianOfColumns(values: Float64Array, weights: Float64Array): number | null {
  if (order.buffer.length < values.length)
    order.buffer = new Uint32Array(Math.max(values.length, order.buffer.length * 2));
  let count = 0;
  let totalWeight = 0;
  for (let index = 0; index < values.length; index++) {
    if (!Number.isFinite(values[index])) continue;
    order.buffer[count++] = index;
    totalWeight += Math.max(0, weights[index] ?? 0);
  }
  const indices = order.buffer.subarray(0, count);
  if (totalWeight <= 0) {
    const plain = finiteValues.view(count);
    for (let position = 0; position < count; position++)
      plain[position] = values[indices[position] ?? 0] ?? 0;
    return medianSorting(plain);
  }
  sortByValueThenIndex(indices, values);
  let cumulative = 0;
  for (const index of indices) {
    cumulative += Math.max(0, weights[index] ?? 0);
    if (cumulative >= totalWeight / 2) return values[index] ?? null;
  }
  return count > 0 ? (values[indices[count - 1] ?? 0] ?? null) : null;
}

/** Few venues per coin: below this an insertion sort beats calling a comparator. */
const INSERTION_SORT_LIMIT = 64;

/** Sorts indices by value, ties in index order: the order a stable sort of the points by value gives. */
function sortByValueThenIndex(indices: Uint32Array, values: Float64Array): void {
  if (indices.length > INSERTION_SORT_LIMIT) {
    indices.sort((a, b) => {
      const left = values[a] ?? 0;
      const right = values[b] ?? 0;
      return left < right ? -1 : left > right ? 1 : a - b;
    });
    return;
  }
  for (let position = 1; position < indices.length; position++) {
    const index = indices[position] ?? 0;
    const value = values[index] ?? 0;
    let slot = position;
    // Indices arrive ascending, so an equal value never moves ahead of an earlier index.
    while (slot > 0 && (values[indices[slot - 1] ?? 0] ?? 0) > value) {
      indices[slot] = indices[slot - 1] ?? 0;
      slot--;
    }
    indices[slot] = index;
  }
}
