import type { FastifyBaseLogger } from 'fastify';

import type { InboxMessageDraft } from '../inbox/inbox-message-draft.js';
import { AlertIndex, type AlertHit, type AlertMarket } from './alert-index.js';
import type { HourChange } from './alert-market.js';
import { firingDedupeKey, firingMessage } from './alert-messages.js';
import { indexedAlertOf, isActiveRow, sameDefinition } from './alert-rows.js';
import type { AlertFiringRepository, AlertFiringRow } from './alert-firing.repository.js';
import type { AlertRepository, AlertRow } from './alert.repository.js';

/** Where a firing's message goes: the inbox, which pushes it under the user's "coin alerts" switch. */
export interface AlertInbox {
  send(draft: InboxMessageDraft): Promise<number | null>;
}

export interface AlertEvaluatorOptions {
  /** How often writes made on other instances are read (scale-out). */
  pollMs: number;
  /** How often the 1 h change's reference prices are read. */
  hourChangeMs: number;
  now: () => number;
}

/** Rows written this long before the newest one seen are read again (commits land out of order). */
const POLL_OVERLAP_MS = 5_000;
/** Firings claimed but not delivered this recently are delivered at start (the process stopped in between). */
const REDELIVERY_WINDOW_MS = 3_600_000;

/**
 * Runs on the ingest leader: keeps the index of active alerts in step with the database, evaluates it once per
 * tick, and delivers each firing exactly once — claimed in the database first (alert.repository.ts `claim`), then
 * sent as an inbox message whose dedupe key is the firing's id, so neither a restart nor a second instance can
 * send it twice.
 */
export class AlertEvaluator {
  readonly index = new AlertIndex();
  private running = false;
  private timers: NodeJS.Timeout[] = [];
  /** The newest updated_at applied per alert, and overall (where the poll reads from). */
  private readonly seen = new Map<number, number>();
  private watermark = 0;
  /** Firings are claimed and sent one after another, in the order they fired. */
  private deliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly alerts: AlertRepository,
    private readonly firings: AlertFiringRepository,
    private readonly inbox: AlertInbox,
    private readonly market: AlertMarket,
    private readonly hourChange: HourChange,
    /** How a coin is named in messages (its symbol), null for a coin no longer listed. */
    private readonly symbolOf: (coinId: string) => string | null,
    private readonly log: FastifyBaseLogger,
    private readonly options: AlertEvaluatorOptions,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Loads the active alerts, delivers firings a stop interrupted, and starts following the database. */
  async start(): Promise<void> {
    const { now } = this.options;
    this.watermark = now() - POLL_OVERLAP_MS;
    const rows = await this.alerts.active();
    // A start after a stop begins from the database alone.
    for (const id of this.seen.keys()) this.index.remove(id);
    this.seen.clear();
    for (const row of rows) this.remember(row);
    this.index.load(rows.map(indexedAlertOf));
    this.running = true;
    await this.refreshHourChange();
    for (const firing of await this.firings.undelivered(now() - REDELIVERY_WINDOW_MS))
      this.enqueue(() => this.send(firing));
    this.timers = [
      setInterval(
        () => void this.poll().catch((error: unknown) => this.warn(error, 'alert poll failed')),
        this.options.pollMs,
      ),
      setInterval(
        () =>
          void this.refreshHourChange().catch((error: unknown) => this.warn(error, 'hour change not read')),
        this.options.hourChangeMs,
      ),
    ];
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Settles once every firing so far is claimed and sent (tests, shutdown). */
  idle(): Promise<void> {
    return this.deliveries;
  }

  /** One tick: the alerts that crossed are marked fired in memory at once and delivered in the background. */
  evaluate(): AlertHit[] {
    if (!this.running) return [];
    const hits = this.index.evaluate(this.market, this.options.now());
    for (const hit of hits) {
      // What the claim expects, taken now: a poll may move the in-memory counters before it runs.
      const firedCount = hit.alert.firedCount - 1;
      const at = hit.alert.lastFiredAt ?? this.options.now();
      this.enqueue(() => this.deliver(hit, firedCount, at));
    }
    return hits;
  }

  /** A write made on this instance (the index follows it now rather than at the next poll). */
  changed(row: AlertRow): void {
    if (this.running) this.apply(row);
  }

  /** Reads alerts written since the last poll, on any instance. */
  async poll(): Promise<void> {
    if (!this.running) return;
    const rows = await this.alerts.changedSince(this.watermark - POLL_OVERLAP_MS);
    for (const row of rows) this.apply(row);
  }

  private async reload(id: number): Promise<void> {
    const row = await this.alerts.anyById(id);
    this.index.remove(id);
    this.seen.delete(id);
    if (row) this.apply(row);
  }

  private apply(row: AlertRow): void {
    const updatedAt = Number(row.updated_at);
    const known = this.seen.get(row.id);
    if (known !== undefined && known > updatedAt) return;
    if (known === updatedAt && this.index.has(row.id) === isActiveRow(row)) return;
    this.remember(row);
    if (!isActiveRow(row)) {
      this.index.remove(row.id);
      return;
    }
    const current = this.index.get(row.id);
    if (current && sameDefinition(current, row)) {
      // Only the counters moved (a claim): keep the alert where it is.
      current.firedCount = Math.max(current.firedCount, row.fired_count);
      if (row.last_fired_at !== null)
        current.lastFiredAt = Math.max(current.lastFiredAt ?? 0, Number(row.last_fired_at));
      return;
    }
    this.index.put(indexedAlertOf(row), this.market);
    if (row.change_window === '1h' && !this.hourChange.reference(row.coin_id))
      void this.refreshHourChange().catch((error: unknown) => this.warn(error, 'hour change not read'));
  }

  private remember(row: AlertRow): void {
    const updatedAt = Number(row.updated_at);
    this.seen.set(row.id, updatedAt);
    if (updatedAt > this.watermark) this.watermark = updatedAt;
  }

  private refreshHourChange(): Promise<void> {
    const coins = new Set<string>();
    for (const id of this.seen.keys()) {
      const alert = this.index.get(id);
      if (alert?.window === '1h') coins.add(alert.coinId);
    }
    return this.hourChange.refresh(coins);
  }

  private enqueue(work: () => Promise<void>): void {
    this.deliveries = this.deliveries
      .then(work)
      .catch((error: unknown) => this.warn(error, 'alert not delivered'));
  }

  private async deliver(hit: AlertHit, firedCount: number, at: number): Promise<void> {
    const { alert } = hit;
    const firingId = await this.alerts
      .claim({
        alertId: alert.id,
        firedCount,
        cooldownMs: alert.repeat === 'repeat' ? alert.cooldownMs : 0,
        once: alert.repeat === 'once',
        observed: hit.observed,
        flag: hit.flag,
        at,
      })
      .catch((error: unknown) => {
        this.warn(error, 'alert firing not claimed');
        return null;
      });
    if (firingId === null) {
      // Lost to another instance, a pause or a delete, or the database failed: the index's counters for this
      // alert are no longer the database's, so the alert is read again (and waits one tick, like a new one).
      await this.reload(alert.id);
      return;
    }
    const firing = await this.firings.byId(firingId);
    if (firing) await this.send(firing);
  }

  /** Writes a claimed firing's inbox message (once per firing, by its dedupe key) and records the delivery. */
  private async send(firing: AlertFiringRow): Promise<void> {
    const messageId =
      (await this.inbox.send(
        firingMessage({
          firingId: firing.id,
          userId: firing.user_id,
          coinId: firing.coin_id,
          symbol: this.symbolOf(firing.coin_id) ?? firing.coin_id.toUpperCase(),
          kind: firing.kind as Parameters<typeof firingMessage>[0]['kind'],
          level: firing.level,
          currency: firing.currency,
          window: firing.change_window,
          observed: firing.observed,
          flag: firing.flag,
        }),
      )) ?? (await this.firings.messageIdByKey(firingDedupeKey(firing.id)));
    await this.firings.delivered(firing.id, messageId, this.options.now());
  }

  private warn(error: unknown, message: string): void {
    this.log.warn({ err: error }, message);
  }
}
