import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { ServerEventSource } from '../../runtime/server-events.js';
import { AlertEvaluator, type AlertInbox } from './alert-evaluator.js';
import { AlertFiringRepository } from './alert-firing.repository.js';
import { HourChange, snapshotAlertMarket } from './alert-market.js';
import { AlertRepository } from './alert.repository.js';
import { AlertsService } from './alerts.service.js';

/** How often the leader reads alerts written on other instances. */
const ALERT_POLL_MS = 2_000;
const HOUR_CHANGE_MS = 60_000;

export interface AlertRuntime {
  service: AlertsService;
  /** Started and stopped with the leader's jobs; evaluates on every tick of this instance's ingest (`market.ticked`). */
  evaluator: AlertEvaluator;
}

/** The alerts module, built once by the composition root. */
export function createAlertRuntime(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  snapshot: MarketSnapshot;
  candles: CandleRepository;
  /** Where a firing's message goes; its answer marks the firing delivered, so this is a call, not an event. */
  inbox: AlertInbox;
  events: ServerEventSource;
  log: FastifyBaseLogger;
  now: () => number;
}): AlertRuntime {
  const { db, snapshot, now } = deps;
  const alerts = new AlertRepository(db, deps.dialect);
  const firings = new AlertFiringRepository(db);
  const hourChange = new HourChange(deps.candles, now);
  const evaluator = new AlertEvaluator(
    alerts,
    firings,
    deps.inbox,
    snapshotAlertMarket(snapshot, hourChange),
    hourChange,
    (coinId) => snapshot.coins.get(coinId)?.profile.symbol ?? null,
    deps.log,
    { pollMs: ALERT_POLL_MS, hourChangeMs: HOUR_CHANGE_MS, now },
  );
  deps.events.on('market.ticked', () => {
    evaluator.evaluate();
  });
  const service = new AlertsService(alerts, firings, snapshot, (row) => evaluator.changed(row), now);
  return { service, evaluator };
}
