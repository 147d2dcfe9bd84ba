/**
 * What health says of the market: `warming` while the daily history and the first score are still coming;
 * `history: storing` while the back-filled candles are still being written (start-up's last work).
 */
export interface MarketReadiness {
  readonly warmedUp: boolean;
  readonly historyStored: boolean;
}
