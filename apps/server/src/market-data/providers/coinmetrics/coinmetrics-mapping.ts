/** Coin Metrics' daily asset-metric rows → on-chain snapshots per CoinGecko coin id. */
import type { OnChainSnapshot } from '@coinlens/market-model';
import type { AssetMetricsRow } from './coinmetrics-schemas.js';

const DAY_MS = 86_400_000;

/** A non-negative decimal count as Coin Metrics writes it ("912345", "912345.0"); anything else is unknown. */
export function countOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** The UTC day a daily row's `time` starts, in ms; null when `time` is not an ISO date. */
export function dayStartOf(time: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/.exec(time);
  if (!match) return null;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(start) ? start : null;
}

export interface DailyActivity {
  dayStart: number;
  activeAddresses: number | null;
  transactions: number | null;
}

/**
 * Per asset, the latest day that has ended by `now` and carries at least one of the two figures. A row of the
 * day still under way is never taken; a figure missing, null or not a number in the chosen row stays null (the
 * other day's value is not borrowed).
 */
export function latestCompleteDays(
  rows: readonly AssetMetricsRow[],
  now: number,
): Map<string, DailyActivity> {
  const latest = new Map<string, DailyActivity>();
  for (const row of rows) {
    const dayStart = dayStartOf(row.time);
    if (dayStart === null || dayStart + DAY_MS > now) continue;
    const activity = {
      dayStart,
      activeAddresses: countOf(row.AdrActCnt),
      transactions: countOf(row.TxCnt),
    };
    if (activity.activeAddresses === null && activity.transactions === null) continue;
    const known = latest.get(row.asset);
    if (!known || known.dayStart < dayStart) latest.set(row.asset, activity);
  }
  return latest;
}

/**
 * A Coin Metrics snapshot carries only what Coin Metrics measures: active addresses and transactions of the
 * day, and that day's start. Holders, concentration, commits, TVL and fees are not read here: null (another
 * source's figures fill them in the composite's field-by-field merge).
 */
export function toOnChainSnapshot(coinId: string, activity: DailyActivity, now: number): OnChainSnapshot {
  return {
    coinId,
    activeAddresses24h: activity.activeAddresses,
    holderAddresses: null,
    top10HolderShare: null,
    developerCommits30d: null,
    transactions24h: activity.transactions,
    activityDayStart: activity.dayStart,
    timestamp: now,
  };
}
