/**
 * Wire precision of list answers: money to 8 significant digits and percentages to 4 decimals — beyond what any
 * screen shows — so a 100-row page is not mostly float noise.
 */
export function significant(value: number, digits = 8): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}

export function significantOrNull(value: number | null | undefined, digits = 8): number | null {
  return value === null || value === undefined ? null : significant(value, digits);
}

export function percent(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value * 10_000) / 10_000;
}

/** A sparkline's shape as integers 0–100 between its own low and high (flat lines sit at 50). */
export function sparklineShape(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  const low = Math.min(...values);
  const high = Math.max(...values);
  return values.map((value) => (high > low ? Math.round(((value - low) / (high - low)) * 100) : 50));
}
