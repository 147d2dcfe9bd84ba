import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

/** What a venue's integrity is judged on: its recent tape and books over its sampled pairs. */
export interface VenueEvidence {
  exchangeId: string;
  trades: readonly TradePrint[];
  books: readonly OrderBookSnapshot[];
  /** 24 h USD volume the venue reports for the sampled pairs. */
  reportedVolumeUsd24h: number;
  /** ±2 % depth of the sampled pairs' books, USD; null without books. */
  depthUsd2pct: number | null;
}
