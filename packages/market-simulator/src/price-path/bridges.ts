/**
 * Brownian-bridge sampling: Gaussian increments conditioned on their sum, samples of a bridge's maximum and
 * minimum, and the monotone stretch that makes a finer path's extremes equal a coarser unit's.
 */
import { normalAt } from '../random.js';
import { HOUR_VARIANCE_WEIGHTS, SQRT_HOUR_WEIGHTS } from './intraday-profile.js';

/** Expected range of Brownian motion over unit variance: √(8/π). */
export const EXPECTED_RANGE = Math.sqrt(8 / Math.PI);

/**
 * 24 hourly increments with variances HOUR_VARIANCE_WEIGHTS, conditioned to sum to `total`
 * (the exact conditional law of Gaussian increments given their sum).
 */
export function bridgeWeighted(
  key: number,
  index: number,
  total: number,
  increments: Float64Array = new Float64Array(24),
): Float64Array {
  let sum = 0;
  for (let hour = 0; hour < 24; hour += 1) {
    increments[hour] = normalAt(key, index, hour) * SQRT_HOUR_WEIGHTS[hour]!;
    sum += increments[hour]!;
  }
  const excess = sum - total;
  for (let hour = 0; hour < 24; hour += 1)
    increments[hour] = increments[hour]! - HOUR_VARIANCE_WEIGHTS[hour]! * excess;
  return increments;
}

/** `count` equal-variance increments (standard deviation `scale` each) conditioned to sum to `total`. */
export function bridgeEqual(
  key: number,
  index: number,
  total: number,
  scale: number,
  count: number,
  increments: Float64Array = new Float64Array(count),
): Float64Array {
  let sum = 0;
  for (let step = 0; step < count; step += 1) {
    increments[step] = normalAt(key, index, step) * scale;
    sum += increments[step]!;
  }
  const excess = (sum - total) / count;
  for (let step = 0; step < count; step += 1) increments[step] = increments[step]! - excess;
  return increments;
}

/** A sample of the maximum of a Brownian bridge from a to b with total variance `variance`. */
export function bridgeMax(a: number, b: number, variance: number, uniform: number): number {
  const gap = a - b;
  return (a + b + Math.sqrt(gap * gap - 2 * variance * Math.log(uniform))) / 2;
}

/** A sample of the minimum of a Brownian bridge from a to b with total variance `variance`. */
export function bridgeMin(a: number, b: number, variance: number, uniform: number): number {
  const gap = a - b;
  return (a + b - Math.sqrt(gap * gap - 2 * variance * Math.log(uniform))) / 2;
}

/**
 * Below this share of the path's own excursion beyond an endpoint, the target excursion would press that part of
 * the path flat: the stretch scales its moves by the share.
 */
const FOLD_BELOW_SHARE = 0.25;

/**
 * Mirrors a path's excursions beyond an endpoint back inside when the target extreme on that side is within
 * FOLD_BELOW_SHARE of the path's own. A coarser unit's sampled extreme can sit just past the endpoint while the
 * finer path wandered far past it for most of the unit; the monotone stretch then presses that wandering into a
 * sliver, and the price stands still for minutes (BTC from 00:03 to 00:48 UTC on 2026-11-28). A mirrored
 * Brownian path keeps every increment's size. `values[first..last]` are changed in place; the endpoints a and b
 * are never beyond themselves, so they stay.
 */
export function foldExcursions(
  values: Float64Array,
  first: number,
  last: number,
  a: number,
  b: number,
  toMax: number,
  toMin: number,
): void {
  const top = Math.max(a, b);
  const bottom = Math.min(a, b);
  let pathMin = bottom;
  for (let index = first; index <= last; index += 1) pathMin = Math.min(pathMin, values[index]!);
  if (pathMin < bottom && bottom - toMin < FOLD_BELOW_SHARE * (bottom - pathMin)) {
    for (let index = first; index <= last; index += 1)
      if (values[index]! < bottom) values[index] = 2 * bottom - values[index]!;
  }
  let pathMax = top;
  for (let index = first; index <= last; index += 1) pathMax = Math.max(pathMax, values[index]!);
  if (pathMax > top && toMax - top < FOLD_BELOW_SHARE * (pathMax - top)) {
    for (let index = first; index <= last; index += 1)
      if (values[index]! > top) values[index] = 2 * top - values[index]!;
  }
}

/**
 * The monotone piecewise-linear map that fixes everything between the endpoints a and b and stretches the
 * excursions above/below them so the current extremes (fromMax, fromMin) land on the targets.
 */
export function monotoneStretch(
  a: number,
  b: number,
  fromMax: number,
  fromMin: number,
  toMax: number,
  toMin: number,
): (value: number) => number {
  const top = Math.max(a, b);
  const bottom = Math.min(a, b);
  const up = fromMax > top ? (toMax - top) / (fromMax - top) : 1;
  const down = fromMin < bottom ? (bottom - toMin) / (bottom - fromMin) : 1;
  return (value) =>
    value > top ? top + (value - top) * up : value < bottom ? bottom - (bottom - value) * down : value;
}

export function maxOf(values: Float64Array): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  return max;
}

export function minOf(values: Float64Array): number {
  let min = Infinity;
  for (const value of values) if (value < min) min = value;
  return min;
}
