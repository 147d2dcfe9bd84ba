import { describe, expect, it } from 'vitest';

import { dropIndex, moveItem, shiftOf } from './reorder';

describe('watch-list reordering', () => {
  it('moves an item up, down and clamps past either end', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, -4)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('drops at the nearest slot once the row passes half a row', () => {
    expect(dropIndex(2, 0, 60, 5)).toBe(2);
    expect(dropIndex(2, 29, 60, 5)).toBe(2);
    expect(dropIndex(2, 31, 60, 5)).toBe(3);
    expect(dropIndex(2, -95, 60, 5)).toBe(0);
    expect(dropIndex(2, 1000, 60, 5)).toBe(4);
  });

  it('opens a gap where the dragged row hovers', () => {
    // Row 1 dragged down to slot 3: rows 2 and 3 move up, the others stay.
    expect([0, 2, 3, 4].map((index) => shiftOf(index, 1, 3, 60))).toEqual([0, -60, -60, 0]);
    // Row 3 dragged up to slot 1: rows 1 and 2 move down.
    expect([0, 1, 2, 4].map((index) => shiftOf(index, 3, 1, 60))).toEqual([0, 60, 60, 0]);
  });
});
