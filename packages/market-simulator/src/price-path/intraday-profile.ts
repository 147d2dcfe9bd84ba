/** How a day's variance and volume spread over its UTC hours (busiest around the US open, 14:30 UTC). */

function profile(amplitude: number): Float64Array {
  const weights = new Float64Array(24);
  let sum = 0;
  for (let hour = 0; hour < 24; hour += 1) {
    weights[hour] = 1 + amplitude * Math.cos((2 * Math.PI * (hour + 0.5 - 14.5)) / 24);
    sum += weights[hour]!;
  }
  for (let hour = 0; hour < 24; hour += 1) weights[hour] = weights[hour]! / sum;
  return weights;
}

/** Share of a day's variance in each UTC hour. */
export const HOUR_VARIANCE_WEIGHTS = profile(0.35);
/** Share of a day's volume in each UTC hour. */
export const HOUR_VOLUME_WEIGHTS = profile(0.45);
export const SQRT_HOUR_WEIGHTS = HOUR_VARIANCE_WEIGHTS.map(Math.sqrt);
