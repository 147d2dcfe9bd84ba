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
