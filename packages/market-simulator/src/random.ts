/**
 * Counter-based deterministic randomness: every variate is a hash of (seed, stream, index, lane), so any
 * one of them can be drawn directly without iterating — the whole simulator is a pure function of
 * (seed, scenario, time) and gives the same answer whichever order it is asked in.
 */

const TWO_POW_32 = 4_294_967_296;

/** lowbias32 (Chris Wellons' hash-prospector): a fast 32-bit bijection with good avalanche. */
export function mix32(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** 32-bit FNV-1a of a string, mixed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mix32(hash);
}

/**
 * The key of one independent stream: a hash of the seed and any number of labels ('price', coin id, …).
 * Keys are computed once and then used with `uniformAt` / `normalAt`.
 */
export function streamKey(seed: number, ...labels: readonly (string | number)[]): number {
  const seedLow = seed >>> 0;
  const seedHigh = Math.floor(seed / TWO_POW_32) >>> 0;
  let key = mix32(mix32(seedLow ^ 0x9e3779b9) ^ seedHigh);
  for (const label of labels) {
    const part =
      typeof label === 'number'
        ? mix32(label >>> 0) ^ mix32(Math.floor(label / TWO_POW_32) >>> 0)
        : hashString(label);
    key = mix32(key ^ part ^ 0x85ebca6b);
  }
  return key;
}

/** Raw 32 bits for (stream, index, lane); `index` is any safe integer (negative too). */
export function bitsAt(key: number, index: number, lane = 0): number {
  const low = index >>> 0;
  const high = Math.floor(index / TWO_POW_32) | 0;
  const first = mix32(key ^ low);
  return mix32(first ^ Math.imul(high ^ 0x27d4eb2f, 0x165667b1) ^ Math.imul(lane + 1, 0x85ebca6b));
}

/** Uniform on the open interval (0, 1). */
export function uniformAt(key: number, index: number, lane = 0): number {
  return (bitsAt(key, index, lane) + 0.5) / TWO_POW_32;
}

/**
 * The standard normal quantile of `p` ∈ (0, 1): Acklam's rational approximation (relative error < 1.2e-9),
 * coefficients inlined because this is the simulator's innermost loop.
 */
export function normalQuantile(p: number): number {
  if (p < 0.02425 || p > 0.97575) {
    const q = Math.sqrt(-2 * Math.log(p < 0.5 ? p : 1 - p));
    const x =
      (((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q -
        2.549732539343734) *
        q +
        4.374664141464968) *
        q +
        2.938163982698783) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) *
        q +
        1);
    return p < 0.5 ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((-3.969683028665376e1 * r + 2.209460984245205e2) * r - 2.759285104469687e2) * r +
      1.38357751867269e2) *
      r -
      3.066479806614716e1) *
      r +
      2.506628277459239) *
      q) /
    (((((-5.447609879822406e1 * r + 1.615858368580409e2) * r - 1.556989798598866e2) * r +
      6.680131188771972e1) *
      r -
      1.328068155288572e1) *
      r +
      1)
  );
}

/** A standard normal variate for (stream, index, lane). */
export function normalAt(key: number, index: number, lane = 0): number {
  return normalQuantile(uniformAt(key, index, lane));
}

/**
 * Smooth, stationary value noise in [-1, 1]: uniform knots every `periodMs`, joined by smoothstep. Mean
 * zero, mean-reverting by construction, continuous and cheap at any time.
 */
export function smoothNoise(key: number, time: number, periodMs: number): number {
  const position = time / periodMs;
  const knot = Math.floor(position);
  const fraction = position - knot;
  const from = uniformAt(key, knot) * 2 - 1;
  const to = uniformAt(key, knot + 1) * 2 - 1;
  const eased = fraction * fraction * (3 - 2 * fraction);
  return from + (to - from) * eased;
}

/** A Poisson count with mean `mean` from one uniform (inversion; normal approximation above 60). */
export function poissonFromUniform(mean: number, uniform: number): number {
  if (mean <= 0) return 0;
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normalQuantile(uniform)));
  let probability = Math.exp(-mean);
  let cumulative = probability;
  let count = 0;
  while (uniform > cumulative && count < 400) {
    count += 1;
    probability *= mean / count;
    cumulative += probability;
  }
  return count;
}

/**
 * A map that keeps roughly the `capacity` most recently used entries: two generations, the older one
 * dropped when the newer fills. O(1) and allocation-light, good enough for memoising pure computations.
 */
export class BoundedCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }

  getOrCreate(key: K, create: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = create();
    this.set(key, value);
    return value;
  }
}
