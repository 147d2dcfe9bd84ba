/** The list with the item at `from` moved to `to` (both clamped); the input is not changed. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Where a row picked up at `start` lands after being dragged `offset` pixels: nearest slot, within the list. */
export function dropIndex(start: number, offset: number, rowHeight: number, count: number): number {
  return Math.min(Math.max(start + Math.round(offset / rowHeight), 0), count - 1);
}

/**
 * How far row `index` shifts while the row picked up at `from` hovers over slot `to`: the rows between
 * make room by one row height towards the gap it left.
 */
export function shiftOf(index: number, from: number, to: number, rowHeight: number): number {
  if (from < to && index > from && index <= to) return -rowHeight;
  if (from > to && index >= to && index < from) return rowHeight;
  return 0;
}
