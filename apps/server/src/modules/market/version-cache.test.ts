import { describe, expect, it } from 'vitest';

import { VersionCache } from './version-cache.js';

describe('VersionCache', () => {
  it('serialises once per generation and key', () => {
    let generation = 'a';
    let builds = 0;
    const cache = new VersionCache(() => generation);
    const build = () => ({ n: ++builds });
    expect(cache.get('k', build).json).toBe('{"n":1}');
    expect(cache.get('k', build).json).toBe('{"n":1}');
    expect(cache.get('other', build).json).toBe('{"n":2}');
    generation = 'b';
    expect(cache.get('k', build).json).toBe('{"n":3}');
  });

  it('stays bounded, building uncached answers past the limit', () => {
    let builds = 0;
    const cache = new VersionCache(() => 'g', 2);
    for (const key of ['a', 'b', 'c', 'c']) cache.get(key, () => ++builds);
    expect(builds).toBe(4);
  });
});
