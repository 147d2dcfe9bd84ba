import { describe, expect, it } from 'vitest';

import { BoundedCache, normalAt, poissonFromUniform, smoothNoise, streamKey, uniformAt } from './random.js';

describe('counter-based randomness', () => {
  it('is a pure function of (seed, stream, index, lane)', () => {
    const key = streamKey(42, 'price', 'bitcoin');
    expect(uniformAt(key, 123_456_789_012)).toBe(
      uniformAt(streamKey(42, 'price', 'bitcoin'), 123_456_789_012),
    );
    expect(normalAt(key, -5, 3)).toBe(normalAt(key, -5, 3));
    expect(uniformAt(key, 1)).not.toBe(uniformAt(key, 2));
    expect(uniformAt(key, 1, 0)).not.toBe(uniformAt(key, 1, 1));
    expect(uniformAt(key, 2 ** 32 + 1)).not.toBe(uniformAt(key, 1));
    expect(streamKey(42, 'price', 'bitcoin')).not.toBe(streamKey(43, 'price', 'bitcoin'));
    expect(streamKey(42, 'price', 'bitcoin')).not.toBe(streamKey(42, 'price', 'ethereum'));
  });

  it('gives uniforms on (0, 1) and standard normals', () => {
    const key = streamKey(7, 'test');
    let sum = 0;
    let sumSquares = 0;
    let uniformSum = 0;
    let outside = 0;
    const count = 200_000;
    for (let index = 0; index < count; index += 1) {
      const uniform = uniformAt(key, index);
      if (!(uniform > 0 && uniform < 1)) outside += 1;
      uniformSum += uniform;
      const normal = normalAt(key, index, 1);
      sum += normal;
      sumSquares += normal * normal;
    }
    expect(outside).toBe(0);
    expect(uniformSum / count).toBeCloseTo(0.5, 2);
    expect(sum / count).toBeCloseTo(0, 1.5);
    expect(sumSquares / count).toBeCloseTo(1, 1.5);
  });

  it('has smooth bounded noise and Poisson counts with the right mean', () => {
    const key = streamKey(1, 'noise');
    for (let time = 0; time < 100_000; time += 997) {
      const value = smoothNoise(key, time, 10_000);
      expect(Math.abs(value)).toBeLessThanOrEqual(1);
      expect(Math.abs(smoothNoise(key, time + 1, 10_000) - value)).toBeLessThan(0.01);
    }
    for (const mean of [0.3, 4, 250]) {
      let total = 0;
      for (let index = 0; index < 20_000; index += 1)
        total += poissonFromUniform(mean, uniformAt(key, index, 9));
      expect(total / 20_000).toBeCloseTo(mean, mean > 100 ? -0.5 : 1);
    }
  });

  it('keeps recent cache entries', () => {
    const cache = new BoundedCache<number, string>(2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.set(3, 'c');
    expect(cache.get(3)).toBe('c');
    expect(cache.getOrCreate(9, () => 'z')).toBe('z');
    expect(cache.get(9)).toBe('z');
  });
});
