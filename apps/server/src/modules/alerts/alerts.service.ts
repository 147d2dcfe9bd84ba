import {
  ALERT_LIMIT,
  ErrorCode,
  type AlertDraft,
  type AlertFiring,
  type AlertItem,
  type AlertKind,
  type AlertRepeat,
  type AlertWindow,
  type AppLanguage,
  type LocalisedText,
  type ScoreFlagKind,
} from '@coinlens/contract';

import { LocalisedFailure, ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { AlertFiringRepository, AlertFiringRow } from './alert-firing.repository.js';
import type { AlertRepository, AlertRow } from './alert.repository.js';

const LIMIT_MESSAGE: LocalisedText = {
  en: `You can keep at most ${ALERT_LIMIT} alerts. Delete one to add another.`,
  vi: `Bạn chỉ có thể giữ tối đa ${ALERT_LIMIT} cảnh báo. Hãy xóa một cảnh báo để thêm cảnh báo mới.`,
  'zh-Hans': `最多只能设置 ${ALERT_LIMIT} 个提醒，请先删除一个再添加。`,
};

/** Hears every write, so the evaluator's index follows it at once on the instance that made it. */
export type AlertWriteListener = (row: AlertRow) => void;

/**
 * The alerts of the logged-in user: one user's alerts are invisible to every other (another's id answers
 * NotFound, as a missing one does, so ids reveal nothing).
 */
export class AlertsService {
  constructor(
    private readonly alerts: AlertRepository,
    private readonly firings: AlertFiringRepository,
    private readonly snapshot: MarketSnapshot,
    private readonly written: AlertWriteListener,
    private readonly now: () => number,
  ) {}

  async list(userId: number, language: AppLanguage): Promise<{ list: AlertItem[]; limit: number }> {
    const rows = await this.alerts.listOf(userId);
    return { list: rows.map((row) => this.itemView(row, language)), limit: ALERT_LIMIT };
  }

  async create(userId: number, draft: AlertDraft, language: AppLanguage): Promise<AlertItem> {
    this.checkCoin(draft.coin_id);
    const row = await this.alerts.insert(userId, draft, ALERT_LIMIT, this.now());
    if (!row)
      throw new LocalisedFailure(ErrorCode.LimitExceeded, (lang) => LIMIT_MESSAGE[lang], {
        limit: ALERT_LIMIT,
      });
    this.written(row);
    return this.itemView(row, language);
  }

  async update(
    userId: number,
    change: { id: number; paused: boolean | null; draft: AlertDraft | null },
    language: AppLanguage,
  ): Promise<AlertItem> {
    if (change.draft) this.checkCoin(change.draft.coin_id);
    const row = await this.alerts.update(userId, change.id, change, this.now());
    if (!row) throw new ProcedureFailure(ErrorCode.NotFound, 'id');
    this.written(row);
    return this.itemView(row, language);
  }

  async remove(userId: number, id: number): Promise<Record<string, never>> {
    if (!(await this.alerts.softDelete(userId, id, this.now())))
      throw new ProcedureFailure(ErrorCode.NotFound, 'id');
    const row = await this.alerts.anyById(id);
    if (row) this.written(row);
    return {};
  }

  async firingPage(
    userId: number,
    query: { page: number; page_size: number; alert_id?: number | undefined },
    language: AppLanguage,
  ): Promise<{ list: AlertFiring[]; page: number; page_size: number; total: number }> {
    const { rows, total } = await this.firings.page(
      userId,
      query.alert_id,
      (query.page - 1) * query.page_size,
      query.page_size,
    );
    return {
      list: rows.map((row) => this.firingView(row, language)),
      page: query.page,
      page_size: query.page_size,
      total,
    };
  }

  /** An alert needs a coin of the market (50500 naming coin_id otherwise). */
  private checkCoin(coinId: string): void {
    if (!this.snapshot.coins.has(coinId)) throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'coin_id');
  }

  private coinLabel(coinId: string, language: AppLanguage) {
    const profile = this.snapshot.coins.get(coinId)?.profile;
    if (!profile) return { coin_name: coinId, coin_symbol: coinId.toUpperCase(), coin_logo: '' };
    const local = language === 'en' ? undefined : profile.localNames[language];
    return { coin_name: local ?? profile.name, coin_symbol: profile.symbol, coin_logo: profile.logo };
  }

  private itemView(row: AlertRow, language: AppLanguage): AlertItem {
    return {
      id: row.id,
      coin_id: row.coin_id,
      ...this.coinLabel(row.coin_id, language),
      kind: row.kind as AlertKind,
      level: row.level,
      currency: row.currency,
      window: row.change_window as AlertWindow | null,
      repeat: row.repeat as AlertRepeat,
      cooldown_minutes: row.cooldown_minutes,
      paused: row.paused === 1,
      created_at: Number(row.created_at),
      last_fired_at: row.last_fired_at === null ? null : Number(row.last_fired_at),
      fired_count: row.fired_count,
    };
  }

  private firingView(row: AlertFiringRow, language: AppLanguage): AlertFiring {
    const { coin_name, coin_symbol } = this.coinLabel(row.coin_id, language);
    return {
      id: row.id,
      alert_id: row.alert_id,
      coin_id: row.coin_id,
      coin_name,
      coin_symbol,
      kind: row.kind as AlertKind,
      level: row.level,
      currency: row.currency,
      window: row.change_window as AlertWindow | null,
      observed: row.observed,
      flag: row.flag as ScoreFlagKind | null,
      time: Number(row.fired_at),
      message_id: row.message_id,
    };
  }
}
