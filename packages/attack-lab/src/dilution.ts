import type { TradePrint } from '@coinlens/market-model';

import type { Quote } from './quotes.js';
import { injectWash } from './wash.js';
import type { InjectedTape } from './wash.js';

/**
 * Dilution: a washer who spreads his volume thin over several venues (by default 3× on five) so no one venue
 * stands out, each with imitation prints of that venue's own tape (its quotes, when given, for the touch).
 */
export function diluteAcrossVenues(
  tapes: readonly (readonly TradePrint[])[],
  lambdaPerVenue: number,
  seed: number,
  quotes?: readonly (readonly Quote[] | undefined)[],
): InjectedTape[] {
  return tapes.map((tape, index) => {
    const venueQuotes = quotes?.[index];
    return injectWash('imitation_prints', {
      tape,
      lambda: lambdaPerVenue,
      seed: seed + 7_919 * index,
      ...(venueQuotes ? { quotes: venueQuotes } : {}),
    });
  });
}
