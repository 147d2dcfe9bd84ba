import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

/** What a venue's integrity is judged on: its recent tape and books over its sampled pairs. */
export interface VenueEvidence {
  exchangeId: string;
  trades: readonly TradePrint[];
  books: readonly OrderBookSnapshot[];
  /** 24 h USD volume the venue reports for the sampled pairs. */
  reportedVolumeUsd24h: number;
  /**
   * ±2 % depth, USD, of the sampled pairs whose depth is known over the whole band; null when none is. A book
   * whose levels end short of ±2 % is only a floor: it is left out here, never taken for a thin book.
   */
  depthUsd2pct: number | null;
  /** Reported 24 h USD volume of the pairs in `depthUsd2pct`; absent: all the sampled pairs. */
  depthReportedVolumeUsd24h?: number;
}
