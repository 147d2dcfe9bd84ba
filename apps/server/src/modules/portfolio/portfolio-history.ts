import type { PortfolioHistoryRange } from '@coinlens/contract';

import type { CandleRepository, CoinClose } from '../../market-store/candle.repository.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { decimalToNumber, UNIT_SCALE } from './fixed-decimal.js';
import { ledgerEntryOf } from './ledger-entry.js';
import { inLedgerOrder, isOutgoing } from './ledger-order.js';
import type { PortfolioRepository, TransactionRow } from './portfolio.repository.js';
import type { CoinHistory, HistoryGrid, HistoryPoint } from './value-history.js';
import { gridValues, historyGrid, valueNow } from './value-history.js';

const DAY_MS = 86_400_000;
/** Users × ranges remembered; an entry is a few kilobytes (one number a point, one amount a coin). */
const MAX_ENTRIES = 500;

/** A computed history, in US dollars, and what it was computed from. */
interface Entry {
  /** The ledger mark, the grid and the candles' mark it was computed from. */
  key: string;
  /** The first grid point and the values at it and every step after it. */
  start: number;
  stepMs: number;
  values: Float64Array;
  /** Each coin's amount held now, and its last close (for a coin the market has no price for). */
  coins: readonly { coinId: string; amount: number; lastClose: number | null }[];
  /** The first transaction dated after the computation (up to the allowed clock skew): the amounts change then. */
  validUntil: number;
}

/**
 * The value history of each user's portfolio, computed from one query for the closes of all their coins, kept
 * per user and range until their ledger, the grid or the candles change, and computed once for concurrent calls
 * (docs/portfolio.md, "Value history").
 */
export class PortfolioHistory {
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Promise<Entry>>();

  constructor(
    private readonly repository: PortfolioRepository,
    private readonly snapshot: MarketSnapshot,
    private readonly candles: CandleRepository,
    /** Whether this process writes the candles (it ingests); if not, the leader's writes show in its ticks. */
    private readonly writesCandles: () => boolean,
    private readonly now: () => number,
  ) {}

  /** The points of `range` in US dollars: the grid, then one at now at the current prices. */
  async points(userId: number, range: PortfolioHistoryRange): Promise<HistoryPoint[]> {
    const now = this.now();
    // Both marks are read before the data: a write landing meanwhile makes the next call compute again.
    const candleMark = this.writesCandles() ? `c${this.candles.version}` : `t${this.snapshot.version}`;
    const ledger = await this.repository.ledgerMark(userId);
    const grid = historyGrid(range, ledger.firstTime, now);
    const key = [ledger.mark, grid.stepMs, grid.gridFrom, grid.gridEnd, candleMark].join('|');
    const slot = `${userId}:${range}`;

    let entry = this.entries.get(slot);
    if (!entry || entry.key !== key || now >= entry.validUntil) {
      entry = await this.shared(slot, key, () => this.compute(userId, grid, now, key));
      if (now >= entry.validUntil) entry = await this.compute(userId, grid, now, key);
      this.remember(slot, entry);
    }
    const points: HistoryPoint[] = Array.from(entry.values, (value, index) => ({
      time: entry.start + index * entry.stepMs,
      value,
    }));
    if (ledger.firstTime === null) return points;
    const current = entry.coins.map((coin) => ({
      amount: coin.amount,
      lastClose: coin.lastClose,
      priceNow: this.snapshot.coins.get(coin.coinId)?.price ?? null,
    }));
    points.push({ time: now, value: valueNow(current) });
    return points;
  }

  /** One computation for every call of the same slot and key while it runs. */
  private shared(slot: string, key: string, compute: () => Promise<Entry>): Promise<Entry> {
    const id = `${slot}|${key}`;
    const running = this.computing.get(id);
    if (running) return running;
    const started = compute().finally(() => this.computing.delete(id));
    this.computing.set(id, started);
    return started;
  }

  private remember(slot: string, entry: Entry): void {
    // A Map iterates in insertion order: re-inserting keeps the least recently used first.
    this.entries.delete(slot);
    this.entries.set(slot, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
  }

  private async compute(userId: number, grid: HistoryGrid, now: number, key: string): Promise<Entry> {
    const rows = inLedgerOrder(await this.repository.all(userId));
    const byCoin = new Map<string, TransactionRow[]>();
    for (const row of rows) {
      const coinRows = byCoin.get(row.coin_id);
      if (coinRows) coinRows.push(row);
      else byCoin.set(row.coin_id, [row]);
    }
    // Finer candles where they are kept, daily ones before that (the hourly ones are kept 90 days).
    const resolutions = grid.resolution === '1d' ? (['1d'] as const) : ([grid.resolution, '1d'] as const);
    const closes = await this.candles.gridCloses(
      [...byCoin.keys()],
      resolutions,
      grid.gridFrom - DAY_MS,
      now + 1,
      grid.stepMs,
    );
    const closesByCoin = groupCloses(closes, grid.resolution);

    const coins: CoinHistory[] = [];
    const current: Entry['coins'][number][] = [];
    for (const [coinId, coinRows] of byCoin) {
      const amounts = runningAmounts(coinRows);
      const coinCloses = closesByCoin.get(coinId) ?? [];
      coins.push({
        holdings: coinRows.map((row, index) => ({ time: row.time, amount: amounts[index] ?? 0 })),
        closes: coinCloses,
      });
      const heldNow = coinRows.findLastIndex((row) => row.time <= now);
      current.push({ coinId, amount: amounts[heldNow] ?? 0, lastClose: coinCloses.at(-1)?.close ?? null });
    }
    const points = gridValues(coins, grid.gridFrom, now, grid.stepMs);
    return {
      key,
      start: points[0]?.time ?? grid.gridFrom,
      stepMs: grid.stepMs,
      values: Float64Array.from(points, (point) => point.value),
      coins: current,
      validUntil: rows.find((row) => row.time > now)?.time ?? Infinity,
    };
  }
}

/** Per coin, its closes oldest first: the daily ones before the first of the finer resolution, then those. */
function groupCloses(
  closes: readonly CoinClose[],
  fine: CoinClose['resolution'],
): Map<string, { time: number; close: number }[]> {
  const fineByCoin = new Map<string, { time: number; close: number }[]>();
  const dailyByCoin = new Map<string, { time: number; close: number }[]>();
  for (const candle of closes) {
    const target = candle.resolution === fine ? fineByCoin : dailyByCoin;
    const list = target.get(candle.coin_id);
    const close = { time: candle.time, close: candle.close };
    if (list) list.push(close);
    else target.set(candle.coin_id, [close]);
  }
  const merged = new Map<string, { time: number; close: number }[]>();
  for (const coinId of new Set([...fineByCoin.keys(), ...dailyByCoin.keys()])) {
    const fineCloses = fineByCoin.get(coinId) ?? [];
    const firstFine = fineCloses[0]?.time ?? Infinity;
    const daily = (dailyByCoin.get(coinId) ?? []).filter((candle) => candle.time < firstFine);
    merged.set(coinId, [...daily, ...fineCloses]);
  }
  return merged;
}

/** The amount held after each row, in ledger order (rows already checked not to oversell). */
function runningAmounts(rows: readonly TransactionRow[]): number[] {
  let held = 0n;
  return rows.map((row) => {
    const entry = ledgerEntryOf(row);
    held += isOutgoing(entry.type) ? -entry.amount : entry.amount;
    return decimalToNumber(held, UNIT_SCALE);
  });
}
