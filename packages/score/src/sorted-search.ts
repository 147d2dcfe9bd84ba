/**
 * The first index in [0, length) at which `reached` holds, for a condition that is false and then true along a
 * sorted order (a lower bound by binary search); `length` when it never holds.
 */
export function firstIndex(length: number, reached: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The first index from `from` at which `sorted` reaches `value` (its length when none does): galloping from `from`
 * (steps of 1, 2, 4, …), then a binary search in the last step, so an index near `from` costs a few reads.
 */
export function firstReaching(sorted: Float64Array, value: number, from: number): number {
  const length = sorted.length;
  if (from >= length || sorted[from]! >= value) return from;
  // sorted[below] < value throughout.
  let below = from;
  let step = 1;
  while (below + step < length && sorted[below + step]! < value) {
    below += step;
    step *= 2;
  }
  let low = below + 1;
  let high = Math.min(length, below + step);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! >= value) high = middle;
    else low = middle + 1;
  }
  return low;
}
