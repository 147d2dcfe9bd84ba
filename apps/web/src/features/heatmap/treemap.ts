/** A rectangle in pixels, from its top-left corner. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Tile<T> extends Rect {
  item: T;
}

interface Weighted<T> {
  item: T;
  /** The item's share of the area being laid out, in square pixels. */
  area: number;
}

/**
 * The worst aspect ratio (≥ 1) of a row of areas laid along a side of length `side` (Bruls, Huizing and van
 * Wijk, "Squarified Treemaps", 2000): adding an area to a row is worth it while this does not grow.
 */
function worstRatio(areas: readonly number[], side: number): number {
  let sum = 0;
  let largest = 0;
  let smallest = Infinity;
  for (const area of areas) {
    sum += area;
    largest = Math.max(largest, area);
    smallest = Math.min(smallest, area);
  }
  const sideSquared = side * side;
  const sumSquared = sum * sum;
  return Math.max((sideSquared * largest) / sumSquared, sumSquared / (sideSquared * smallest));
}

/**
 * Lays one row along the shorter side of `rect` and returns what is left. The row's last tile ends exactly at
 * the rectangle's edge, and the last row takes the whole remainder, so rounding leaves no gap.
 */
function layRow<T>(row: readonly Weighted<T>[], rect: Rect, last: boolean, into: Tile<T>[]): Rect {
  const rowArea = row.reduce((sum, entry) => sum + entry.area, 0);
  const vertical = rect.width >= rect.height; // a column on the left of a wide rectangle
  const length = vertical ? rect.height : rect.width;
  const breadth = vertical ? rect.width : rect.height;
  const thickness = last || rowArea <= 0 ? breadth : Math.min(breadth, rowArea / length);
  let offset = 0;
  row.forEach((entry, index) => {
    const end = index === row.length - 1 ? length : offset + (entry.area / rowArea) * length;
    into.push(
      vertical
        ? { item: entry.item, x: rect.x, y: rect.y + offset, width: thickness, height: end - offset }
        : { item: entry.item, x: rect.x + offset, y: rect.y, width: end - offset, height: thickness },
    );
    offset = end;
  });
  return vertical
    ? { x: rect.x + thickness, y: rect.y, width: rect.width - thickness, height: rect.height }
    : { x: rect.x, y: rect.y + thickness, width: rect.width, height: rect.height - thickness };
}

/**
 * A squarified treemap: one tile per item whose value is a positive finite number, largest first, each tile's
 * area proportional to its value, together filling `bounds` exactly, none overlapping. Items without a
 * positive value get no tile. Pure: the same input always gives the same tiles.
 */
export function squarify<T>(items: readonly T[], valueOf: (item: T) => number, bounds: Rect): Tile<T>[] {
  const valued = items
    .map((item) => ({ item, value: valueOf(item) }))
    .filter((entry) => Number.isFinite(entry.value) && entry.value > 0)
    .sort((a, b) => b.value - a.value);
  const total = valued.reduce((sum, entry) => sum + entry.value, 0);
  const tiles: Tile<T>[] = [];
  if (total <= 0 || bounds.width <= 0 || bounds.height <= 0) return tiles;
  const scale = (bounds.width * bounds.height) / total;
  const weighted = valued.map((entry) => ({ item: entry.item, area: entry.value * scale }));

  let rect = bounds;
  let row: Weighted<T>[] = [];
  for (let index = 0; index < weighted.length;) {
    const next = weighted[index]!;
    const side = Math.min(rect.width, rect.height);
    const areas = row.map((entry) => entry.area);
    if (row.length === 0 || worstRatio([...areas, next.area], side) <= worstRatio(areas, side)) {
      row.push(next);
      index += 1;
    } else {
      rect = layRow(row, rect, false, tiles);
      row = [];
    }
  }
  if (row.length > 0) layRow(row, rect, true, tiles);
  return tiles;
}

export interface Group<T> {
  key: string;
  items: readonly T[];
}

export interface GroupTile<T> extends Rect {
  key: string;
  /** Where the group's label goes (a strip along its top); null when the group is too small for one. */
  label: Rect | null;
  tiles: Tile<T>[];
}

export interface GroupLayout {
  /** Height of the label strip of a group. */
  labelHeight: number;
  /** A group narrower or shorter than this gets no label strip. */
  minLabelledSide: number;
}

/**
 * Groups as tiles (area ∝ the sum of their items' values), then each group's items inside it. A group large
 * enough for it gives a strip along its top to its label; its items share the rest, still in proportion
 * to each other.
 */
export function squarifyGroups<T>(
  groups: readonly Group<T>[],
  valueOf: (item: T) => number,
  bounds: Rect,
  layout: GroupLayout,
): GroupTile<T>[] {
  const positive = (item: T) => {
    const value = valueOf(item);
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  const sumOf = (group: Group<T>) => group.items.reduce((sum, item) => sum + positive(item), 0);
  return squarify(groups, sumOf, bounds).map(({ item: group, ...rect }) => {
    const labelled = rect.width >= layout.minLabelledSide && rect.height >= layout.minLabelledSide;
    const label = labelled ? { ...rect, height: layout.labelHeight } : null;
    const inner = labelled
      ? { ...rect, y: rect.y + layout.labelHeight, height: rect.height - layout.labelHeight }
      : rect;
    return { key: group.key, ...rect, label, tiles: squarify(group.items, valueOf, inner) };
  });
}
