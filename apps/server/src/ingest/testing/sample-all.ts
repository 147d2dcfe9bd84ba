import type { OrderBookSnapshot, TradePrint, VenueTicker } from '@coinlens/market-model';
import type { VenueEvidence } from '@coinlens/score';
import type { VenueSampler } from '../venue-sampler.js';

/** Every venue's sample of one run, gathered whole per venue (the scorer reduces each pair as it arrives instead). */
export async function sampleAll(
  sampler: VenueSampler,
  tickers: readonly VenueTicker[],
  signal: AbortSignal = new AbortController().signal,
): Promise<VenueEvidence[]> {
  const samples: VenueEvidence[] = [];
  const open = new Map<string, { trades: TradePrint[]; books: OrderBookSnapshot[] }>();
  await sampler.sample(tickers, signal, {
    pair: (exchangeId, trades, books) => {
      const venue = open.get(exchangeId) ?? { trades: [], books: [] };
      venue.trades.push(...trades);
      venue.books.push(...books);
      open.set(exchangeId, venue);
    },
    venue: (figures) => {
      samples.push({ ...figures, ...(open.get(figures.exchangeId) ?? { trades: [], books: [] }) });
      open.delete(figures.exchangeId);
    },
  });
  return samples;
}
