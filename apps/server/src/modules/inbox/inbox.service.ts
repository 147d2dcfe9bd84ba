import { ErrorCode, type AppLanguage, type ProcedureOutput } from '@coinlens/contract';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import { htmlToText } from '../../news/html-sanitiser.js';
import type { PublishedArticle } from '../content/article-publisher.js';
import { encodeLocalised, localisedText } from '../../db/localised-json.js';
import { isScoreFlagFlash } from '../content/market-flashes.js';
import type { ServerEventSink } from '../../runtime/server-events.js';
import type { InboxMessageDraft } from './inbox-message-draft.js';
import type { InboxMessageRow, InboxRepository } from './inbox.repository.js';
import { followedCoinAlert } from './system-messages.js';

/** A new account also sees the notices of the month before it joined. */
const BROADCAST_LOOKBACK_MS = 30 * 86_400_000;
const SUMMARY_LENGTH = 120;

/** Who follows a coin (the coin watchlist). */
export interface CoinFollowers {
  followers(coinId: string): Promise<readonly number[]>;
}

export interface DeliveredMessage {
  id: number;
  draft: InboxMessageDraft;
}

/** The message centre: notices to everyone or one user, system messages on account and market events. */
export class InboxService {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly events: ServerEventSink<'inbox.delivered'>,
    private readonly now: () => number,
  ) {}

  /** Stores a message (once per dedupe key) and announces it (`inbox.delivered`: push sends it on). */
  async send(draft: InboxMessageDraft): Promise<number | null> {
    const id = await this.inbox.insert(
      {
        userId: draft.userId,
        category: draft.category,
        titleI18n: encodeLocalised(draft.title),
        bodyI18n: encodeLocalised(draft.body),
        link: draft.link ?? null,
        dedupeKey: draft.dedupeKey ?? null,
      },
      this.now(),
    );
    if (id !== null) this.events.emit('inbox.delivered', { id, draft });
    return id;
  }

  /** A score-flag flash about a coin becomes a system message to each of the coin's followers. */
  async alertCoinFollowers(article: PublishedArticle, watchers: CoinFollowers): Promise<void> {
    if (!isScoreFlagFlash(article.draft)) return;
    const [coinId] = article.draft.coinIds;
    if (coinId === undefined) return;
    for (const userId of await watchers.followers(coinId))
      await this.send(followedCoinAlert(article, coinId, userId));
  }

  async list(
    userId: number,
    page: number,
    pageSize: number,
    language: AppLanguage,
  ): Promise<ProcedureOutput<'appinbox_msrv/inbox_message_list'>> {
    const since = await this.since(userId);
    const [{ rows, total }, unread] = await Promise.all([
      this.inbox.page(userId, since, (page - 1) * pageSize, pageSize),
      this.inbox.unreadCount(userId, since),
    ]);
    return {
      list: rows.map((row) => this.itemView(row, language)),
      page,
      page_size: pageSize,
      total,
      unread_num: unread,
    };
  }

  async detail(
    userId: number,
    id: number,
    language: AppLanguage,
  ): Promise<ProcedureOutput<'appinbox_msrv/inbox_message_detail'>> {
    const row = await this.inbox.byId(userId, await this.since(userId), id);
    if (!row) throw new ProcedureFailure(ErrorCode.NotFound, 'id');
    return {
      ...this.itemView(row, language),
      content: localisedText(row.body_i18n, language),
      link: row.link,
    };
  }

  async markRead(userId: number, id: number | undefined, all: boolean): Promise<{ unread_num: number }> {
    const since = await this.since(userId);
    if (all) await this.inbox.markRead(userId, await this.inbox.unreadIds(userId, since), this.now());
    else if (id !== undefined) {
      if (!(await this.inbox.byId(userId, since, id))) throw new ProcedureFailure(ErrorCode.NotFound, 'id');
      await this.inbox.markRead(userId, [id], this.now());
    }
    return { unread_num: await this.inbox.unreadCount(userId, since) };
  }

  async unreadCount(userId: number): Promise<{ unread_num: number }> {
    return { unread_num: await this.inbox.unreadCount(userId, await this.since(userId)) };
  }

  private async since(userId: number): Promise<number> {
    const joinedAt = await this.inbox.joinedAt(userId);
    return (joinedAt ?? this.now()) - BROADCAST_LOOKBACK_MS;
  }

  private itemView(row: InboxMessageRow, language: AppLanguage) {
    return {
      id: row.id,
      category: row.category,
      title: localisedText(row.title_i18n, language),
      summary: htmlToText(localisedText(row.body_i18n, language), SUMMARY_LENGTH),
      time: row.created_at,
      read: row.read,
    };
  }
}
