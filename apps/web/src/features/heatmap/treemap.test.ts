import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { squarify, squarifyGroups, type Rect } from './treemap';

const EPSILON = 1e-6;

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

function inside(tile: Rect, bounds: Rect): boolean {
  return (
    tile.width >= -EPSILON &&
    tile.height >= -EPSILON &&
    tile.x >= bounds.x - EPSILON &&
    tile.y >= bounds.y - EPSILON &&
    tile.x + tile.width <= bounds.x + bounds.width + EPSILON &&
    tile.y + tile.height <= bounds.y + bounds.height + EPSILON
  );
}

const values = fc.array(fc.double({ min: 0.001, max: 1e12, noNaN: true }), { minLength: 1, maxLength: 120 });
const bounds = fc.record({
  x: fc.double({ min: -500, max: 500, noNaN: true }),
  y: fc.double({ min: -500, max: 500, noNaN: true }),
  width: fc.double({ min: 1, max: 2000, noNaN: true }),
  height: fc.double({ min: 1, max: 2000, noNaN: true }),
});

describe('squarify', () => {
  it('gives every positive item one tile with an area proportional to its value', () => {
    fc.assert(
      fc.property(values, bounds, (list, rect) => {
        const tiles = squarify(list, (value) => value, rect);
        expect(tiles).toHaveLength(list.length);
        const total = list.reduce((sum, value) => sum + value, 0);
        const area = rect.width * rect.height;
        for (const tile of tiles) {
          const expected = (tile.item / total) * area;
          expect(Math.abs(tile.width * tile.height - expected)).toBeLessThanOrEqual(area * 1e-7 + EPSILON);
        }
      }),
    );
  });

  it('keeps every tile inside the bounds, fills them, and overlaps none', () => {
    fc.assert(
      fc.property(values, bounds, (list, rect) => {
        const tiles = squarify(list, (value) => value, rect);
        const area = rect.width * rect.height;
        let covered = 0;
        tiles.forEach((tile, index) => {
          expect(inside(tile, rect), JSON.stringify({ tile, rect })).toBe(true);
          covered += tile.width * tile.height;
          for (const other of tiles.slice(index + 1))
            expect(overlap(tile, other)).toBeLessThanOrEqual(area * 1e-7 + EPSILON);
        });
        expect(Math.abs(covered - area)).toBeLessThanOrEqual(area * 1e-7);
      }),
    );
  });

  it('leaves out items without a positive finite value and keeps the largest first', () => {
    const tiles = squarify([3, 0, -2, Number.NaN, 5, Infinity], (value) => value, {
      x: 0,
      y: 0,
      width: 80,
      height: 10,
    });
    expect(tiles.map((tile) => tile.item)).toEqual([5, 3]);
    expect(tiles[0]!.width * tiles[0]!.height).toBeCloseTo(500);
    expect(squarify([], (value: number) => value, { x: 0, y: 0, width: 10, height: 10 })).toEqual([]);
  });

  it('lays out the paper’s example as Bruls et al. do (6, 6 as a first column of a 6 × 4 rectangle)', () => {
    const tiles = squarify([6, 6, 4, 3, 2, 2, 1], (value) => value, { x: 0, y: 0, width: 6, height: 4 });
    expect(tiles[0]).toMatchObject({ x: 0, y: 0, width: 3, height: 2 });
    expect(tiles[1]).toMatchObject({ x: 0, y: 2, width: 3, height: 2 });
    // 4 and 3 share the next column, whose tiles stay far from thin slivers.
    for (const tile of tiles.slice(0, 4))
      expect(Math.max(tile.width / tile.height, tile.height / tile.width)).toBeLessThan(2);
  });
});

describe('squarifyGroups', () => {
  const layout = { labelHeight: 16, minLabelledSide: 40 };
  const groups = fc.uniqueArray(
    fc.record({
      key: fc.string(),
      items: fc.array(fc.double({ min: 0.01, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 20 }),
    }),
    { minLength: 1, maxLength: 12, selector: (group) => group.key },
  );

  it('sizes groups by their sums and keeps each group’s tiles inside it, below its label strip', () => {
    fc.assert(
      fc.property(groups, bounds, (list, rect) => {
        const laid = squarifyGroups(list, (value) => value, rect, layout);
        expect(laid).toHaveLength(list.length);
        const total = list.flatMap((group) => group.items).reduce((sum, value) => sum + value, 0);
        const area = rect.width * rect.height;
        let tiles = 0;
        for (const group of laid) {
          const sum = list.find((entry) => entry.key === group.key)!.items.reduce((s, v) => s + v, 0);
          expect(Math.abs(group.width * group.height - (sum / total) * area)).toBeLessThanOrEqual(
            area * 1e-7 + EPSILON,
          );
          const inner = group.label
            ? { ...group, y: group.y + layout.labelHeight, height: group.height - layout.labelHeight }
            : group;
          for (const tile of group.tiles) expect(inside(tile, inner)).toBe(true);
          tiles += group.tiles.length;
        }
        expect(tiles).toBe(list.reduce((sum, group) => sum + group.items.length, 0));
      }),
    );
  });

  it('gives a label strip only to groups large enough for one', () => {
    const laid = squarifyGroups(
      [
        { key: 'big', items: [90, 5] },
        { key: 'small', items: [1] },
      ],
      (value) => value,
      { x: 0, y: 0, width: 200, height: 100 },
      layout,
    );
    const big = laid.find((group) => group.key === 'big')!;
    const small = laid.find((group) => group.key === 'small')!;
    expect(big.label).toEqual({ x: big.x, y: big.y, width: big.width, height: 16 });
    expect(big.tiles.every((tile) => tile.y >= big.y + 16 - EPSILON)).toBe(true);
    expect(small.label).toBeNull();
  });
});
