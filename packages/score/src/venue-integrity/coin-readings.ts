const DAY_MS = 86_400_000;

/**
 * Each venue's coins as their own tapes last judged them: by a run's sample or by a read of the rotation between
 * runs (judge-venues.ts `judgeTapeAlone`). A run reads a venue's 18 largest and most influential pairs; a coin
 * outside them used to take the median of the venue's sampled coins, so a washer who kept his pairs out of the
 * sample was judged by the venue's honest ones. The rotation reaches every pair within hours, at moments the
 * venue cannot know; its reading stands for the coin until a newer one, for a day at most.
 */
export class CoinReadings {
  private readonly readings = new Map<string, Map<string, { integrity: number; at: number }>>();

  constructor(private readonly horizonMs: number = DAY_MS) {}

  record(exchangeId: string, coinId: string, integrity: number, at: number): void {
    let coins = this.readings.get(exchangeId);
    if (!coins) this.readings.set(exchangeId, (coins = new Map<string, { integrity: number; at: number }>()));
    coins.set(coinId, { integrity, at });
  }

  /** The coin's last reading on the venue, unless it is a day old. */
  of(exchangeId: string, coinId: string, now: number): number | undefined {
    const reading = this.readings.get(exchangeId)?.get(coinId);
    return reading && reading.at > now - this.horizonMs ? reading.integrity : undefined;
  }

  /** Forgets the readings a day old. */
  forgetBefore(now: number): void {
    for (const [exchangeId, coins] of this.readings) {
      for (const [coinId, reading] of coins) if (reading.at <= now - this.horizonMs) coins.delete(coinId);
      if (coins.size === 0) this.readings.delete(exchangeId);
    }
  }
}
