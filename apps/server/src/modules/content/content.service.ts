import {
  COMMENT_MAX_LENGTH,
  COMMENTS_PER_MINUTE,
  ErrorCode,
  normaliseBio,
  type AppLanguage,
  type ArticleType,
  type ProcedureOutput,
  type SearchNewsItem,
  type VoteDirection,
} from '@coinlens/contract';

import { FieldRejected, ProcedureFailure, TooManyAttempts } from '../../gateway/procedure-failure.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import type { ArticleRepository, ArticleRow } from './article.repository.js';
import {
  articleDetailView,
  commentView,
  flashView,
  newsView,
  utc8Date,
  type ArticleCoin,
  type ArticleExtras,
} from './article-views.js';
import { localisedText } from '../../db/localised-json.js';

/** Names a coin id in the caller's language; null for a coin the market no longer lists. */
export type CoinNamer = (coinId: string, language: AppLanguage) => ArticleCoin | null;

interface Paging {
  page: number;
  page_size: number;
}

/** Flashes, news, votes and comments as the Viewpoint tab and the news pages read them. */
export class ContentService {
  constructor(
    private readonly articles: ArticleRepository,
    private readonly nameCoin: CoinNamer,
    private readonly limiter: AttemptLimiter,
    private readonly now: () => number,
  ) {}

  async flashes(
    input: Paging & { coin_id?: string | undefined },
    language: AppLanguage,
    userId: number | null,
  ): Promise<ProcedureOutput<'appcontent_msrv/fastnews_list'>> {
    const { rows, total } = await this.articles.page(
      'fastnews',
      input.coin_id ?? null,
      (input.page - 1) * input.page_size,
      input.page_size,
    );
    const extras = await this.extrasOf(rows, language, userId);
    const groups: { date: string; list: ReturnType<typeof flashView>[] }[] = [];
    for (const row of rows) {
      const date = utc8Date(row.published_at);
      let group = groups.at(-1);
      if (group?.date !== date) {
        group = { date, list: [] };
        groups.push(group);
      }
      group.list.push(flashView(row, language, extras(row)));
    }
    return { groups, page: input.page, page_size: input.page_size, total };
  }

  async news(
    input: Paging & { coin_id?: string | undefined },
    language: AppLanguage,
  ): Promise<ProcedureOutput<'appcontent_msrv/news_list'>> {
    const { rows, total } = await this.articles.page(
      'news',
      input.coin_id ?? null,
      (input.page - 1) * input.page_size,
      input.page_size,
    );
    const extras = await this.extrasOf(rows, language, null);
    return {
      list: rows.map((row) => newsView(row, language, extras(row))),
      page: input.page,
      page_size: input.page_size,
      total,
    };
  }

  async detail(
    id: number,
    type: ArticleType,
    language: AppLanguage,
    userId: number | null,
  ): Promise<ProcedureOutput<'appcontent_msrv/news_detail'>> {
    const row = await this.requireArticle(id, type);
    const extras = await this.extrasOf([row], language, userId);
    return articleDetailView(row, language, extras(row));
  }

  async vote(
    id: number,
    direction: VoteDirection,
    userId: number,
  ): Promise<ProcedureOutput<'appcontent_msrv/fastnews_vote'>> {
    const outcome = await this.articles.vote(id, userId, direction, this.now());
    if (outcome.kind === 'missing') throw new ProcedureFailure(ErrorCode.NotFound, 'information_id');
    if (outcome.kind === 'duplicate') throw new ProcedureFailure(ErrorCode.AlreadyLiked);
    return { id, bullish: outcome.bullish, bearish: outcome.bearish, my_vote: direction };
  }

  async comments(
    id: number,
    type: ArticleType,
    paging: Paging,
  ): Promise<ProcedureOutput<'appcontent_msrv/comment_list'>> {
    await this.requireArticle(id, type);
    const { rows, total } = await this.articles.comments(
      id,
      (paging.page - 1) * paging.page_size,
      paging.page_size,
    );
    return { list: rows.map(commentView), page: paging.page, page_size: paging.page_size, total };
  }

  async addComment(
    id: number,
    type: ArticleType,
    content: string,
    userId: number,
  ): Promise<ProcedureOutput<'appcontent_msrv/comment_add'>> {
    const body = normaliseComment(content);
    if (body === '') throw new ProcedureFailure(ErrorCode.CommentEmpty);
    if ([...body].length > COMMENT_MAX_LENGTH) throw new FieldRejected('content', 'comment_too_long');
    await this.requireArticle(id, type);
    const decision = await this.limiter.hit(`comment:${userId}`, COMMENTS_PER_MINUTE, 60_000);
    if (!decision.allowed) throw TooManyAttempts.afterMs(decision.retryAfterMs);
    return commentView(await this.articles.addComment(id, userId, body, this.now()));
  }

  /** News and flashes whose titles hold the keyword or that are about one of the coins the keyword found. */
  async search(
    keyword: string,
    coinIds: readonly string[],
    paging: Paging,
    language: AppLanguage,
  ): Promise<{ list: SearchNewsItem[]; total: number }> {
    const { rows, total } = await this.articles.search(
      keyword.trim(),
      coinIds,
      (paging.page - 1) * paging.page_size,
      paging.page_size,
    );
    return {
      list: rows.map((row) => ({
        id: String(row.id),
        type: row.kind,
        title: localisedText(row.title_i18n, language),
        time: row.published_at,
      })),
      total,
    };
  }

  private async requireArticle(id: number, type: ArticleType): Promise<ArticleRow> {
    const row = await this.articles.byId(id, type);
    if (!row) throw new ProcedureFailure(ErrorCode.NotFound, 'information_id');
    return row;
  }

  private async extrasOf(
    rows: readonly ArticleRow[],
    language: AppLanguage,
    userId: number | null,
  ): Promise<(row: ArticleRow) => ArticleExtras> {
    const ids = rows.map((row) => row.id);
    const [coins, votes] = await Promise.all([
      this.articles.coinsOf(ids),
      userId === null
        ? Promise.resolve(new Map<number, VoteDirection>())
        : this.articles.votesOf(userId, ids),
    ]);
    return (row) => ({
      coins: (coins.get(row.id) ?? []).flatMap((coinId) => {
        const coin = this.nameCoin(coinId, language);
        return coin ? [coin] : [];
      }),
      myVote: votes.get(row.id) ?? null,
    });
  }
}

/** The bio rules (NFC, no invisible characters, line breaks kept), with at most one empty line in a row. */
export function normaliseComment(content: string): string {
  return normaliseBio(content).replace(/\n{3,}/g, '\n\n');
}
