import { describe, expect, it } from 'vitest';

import { ReusableGroups } from './reusable-groups.js';

describe('ReusableGroups', () => {
  it('regroups into the same arrays, in item order, emptying keys that disappeared', () => {
    const groups = new ReusableGroups<{ key: string; n: number }>();
    groups.group(
      [
        { key: 'a', n: 1 },
        { key: 'b', n: 2 },
        { key: 'a', n: 3 },
      ],
      (item) => item.key,
    );
    const first = groups.get('a');
    expect(first.map((item) => item.n)).toEqual([1, 3]);
    groups.group([{ key: 'a', n: 4 }], (item) => item.key);
    expect(groups.get('a')).toBe(first);
    expect(groups.get('a').map((item) => item.n)).toEqual([4]);
    expect(groups.get('b')).toEqual([]);
    expect(groups.get('unknown')).toEqual([]);
    groups.release();
    expect(groups.get('a')).toEqual([]);
  });
});
