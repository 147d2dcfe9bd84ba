import type { AlertKind, AlertRepeat, AlertWindow } from '@coinlens/contract';

import type { IndexedAlert } from './alert-index.js';
import type { AlertRow } from './alert.repository.js';

/** The index's view of a stored alert. */
export function indexedAlertOf(row: AlertRow): IndexedAlert {
  return {
    id: row.id,
    userId: row.user_id,
    coinId: row.coin_id,
    kind: row.kind as AlertKind,
    level: row.level,
    currency: row.currency,
    window: row.change_window as AlertWindow | null,
    repeat: row.repeat as AlertRepeat,
    cooldownMs: (row.cooldown_minutes ?? 0) * 60_000,
    lastFiredAt: row.last_fired_at === null ? null : Number(row.last_fired_at),
    firedCount: row.fired_count,
  };
}

/** Whether the index should hold the row: live and not paused. */
export function isActiveRow(row: AlertRow): boolean {
  return row.deleted_at === null && row.paused === 0;
}

/** Whether two versions of an alert watch the same thing (only their counters differ). */
export function sameDefinition(alert: IndexedAlert, row: AlertRow): boolean {
  const next = indexedAlertOf(row);
  return (
    alert.coinId === next.coinId &&
    alert.kind === next.kind &&
    alert.level === next.level &&
    alert.currency === next.currency &&
    alert.window === next.window &&
    alert.repeat === next.repeat &&
    alert.cooldownMs === next.cooldownMs
  );
}
