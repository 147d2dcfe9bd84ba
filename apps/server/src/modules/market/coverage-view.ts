import type { FactorSource } from '@coinlens/score';

/** One factor's coverage as answered: whether it had data, from which source, as of when. */
export interface CoverageEntry<F extends string> {
  factor: F;
  available: boolean;
  source: string | null;
  as_of: number | null;
}

/** Every factor in `factors` order, with its source when it had data (all unavailable before the first run). */
export function coverageView<F extends string>(
  factors: readonly F[],
  coverage: Readonly<Record<F, FactorSource | null>> | null,
): CoverageEntry<F>[] {
  return factors.map((factor) => {
    const source = coverage?.[factor] ?? null;
    return {
      factor,
      available: source !== null,
      source: source?.source ?? null,
      as_of: source === null ? null : Math.round(source.asOf),
    };
  });
}
