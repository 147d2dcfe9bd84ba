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
  /**
   * Each coin's market on the venue, as the volume count reads it (verified-volume.ts); absent: one market of
   * the venue's first coin with the venue's figures. The score builds these from the tickers instead.
   */
  markets?: readonly CoinMarketEvidence[];
}

/** One coin's figures on a venue, summed over its pairs. */
export interface CoinMarketEvidence {
  coinId: string;
  reportedVolumeUsd24h: number;
  /** ±2 % depth of the coin's booked pairs; null when none was booked. */
  depthUsd2pct: number | null;
  /** The reported volume as far as the pairs' tapes carry it (tape-rate.ts `tapeCapped`); null: none said enough. */
  tapeCappedUsd: number | null;
}
