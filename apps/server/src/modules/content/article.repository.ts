import type { ExpressionBuilder, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';

import { isPostgres } from '../../db/migrations/portable-columns.js';
import type { ArticleKind, ArticleOrigin, ArticleTable, Database, VoteDirection } from '../../db/schema.js';

export type ArticleRow = Selectable<ArticleTable>;

export interface NewArticle {
  kind: ArticleKind;
  origin: ArticleOrigin;
  originKey: string;
  titleI18n: string;
  summaryI18n: string;
  bodyI18n: string;
  searchText: string;
  titleFingerprint: string;
  sourceName: string;
  sourceUrl: string | null;
  imageUrl: string | null;
  important: boolean;
  publishedAt: number;
  coinIds: readonly string[];
}

export interface CommentRow {
  id: number;
  body: string;
  created_at: number;
  user_id: number;
  nickname: string;
  avatar: string;
}

export type VoteOutcome =
  { kind: 'voted'; bullish: number; bearish: number } | { kind: 'duplicate' } | { kind: 'missing' };

type ArticleQuery = SelectQueryBuilder<Database, 'articles', object>;

/** Live articles are tagged with one of the coins. */
function taggedWith(eb: ExpressionBuilder<Database, 'articles'>, coinIds: readonly string[]) {
  return eb.exists(
    eb
      .selectFrom('article_coins')
      .select('article_coins.article_id')
      .whereRef('article_coins.article_id', '=', 'articles.id')
      .where('article_coins.coin_id', 'in', [...coinIds]),
  );
}

/** One page of a filtered article query, newest first, with the total of the filter. */
async function newestFirstPage(
  query: ArticleQuery,
  offset: number,
  limit: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    query
      .selectAll('articles')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Articles (flashes and news), their coin tags, votes and comments. */
export class ArticleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new article with its coin tags; null when one with the same origin key exists already. */
  async insert(article: NewArticle, now: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('articles')
        .values({
          kind: article.kind,
          origin: article.origin,
          origin_key: article.originKey,
          title_i18n: article.titleI18n,
          summary_i18n: article.summaryI18n,
          body_i18n: article.bodyI18n,
          search_text: article.searchText,
          title_fingerprint: article.titleFingerprint,
          source_name: article.sourceName,
          source_url: article.sourceUrl,
          image_url: article.imageUrl,
          important: article.important ? 1 : 0,
          published_at: article.publishedAt,
          created_at: now,
          retracted_at: null,
        })
        .onConflict((conflict) => conflict.column('origin_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      const coinIds = [...new Set(article.coinIds)];
      if (coinIds.length > 0)
        await trx
          .insertInto('article_coins')
          .values(coinIds.map((coinId) => ({ article_id: inserted.id, coin_id: coinId })))
          .execute();
      return inserted.id;
    });
  }

  async hasOriginKey(originKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('articles')
      .select('id')
      .where('origin_key', '=', originKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Titles of live articles of a kind published in a window, for the near-duplicate check. */
  async recentTitles(kind: ArticleKind, from: number, to: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('articles')
      .select('title_i18n')
      .where('kind', '=', kind)
      .where('published_at', '>=', from)
      .where('published_at', '<=', to)
      .orderBy('published_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.title_i18n);
  }

  async hasFingerprint(kind: ArticleKind, fingerprint: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('articles')
      .select('id')
      .where('kind', '=', kind)
      .where('title_fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return row !== undefined;
  }

  async page(
    kind: ArticleKind,
    coinId: string | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: ArticleRow[]; total: number }> {
    let query = this.db
      .selectFrom('articles')
      .where('articles.kind', '=', kind)
      .where('articles.retracted_at', 'is', null);
    if (coinId !== null) query = query.where((eb) => taggedWith(eb, [coinId]));
    return newestFirstPage(query, offset, limit);
  }

  async byId(id: number, kind: ArticleKind | null = null): Promise<ArticleRow | null> {
    let query = this.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', id)
      .where('retracted_at', 'is', null);
    if (kind !== null) query = query.where('kind', '=', kind);
    return (await query.executeTakeFirst()) ?? null;
  }

  async coinsOf(articleIds: readonly number[]): Promise<Map<number, string[]>> {
    const byArticle = new Map<number, string[]>();
    if (articleIds.length === 0) return byArticle;
    const rows = await this.db
      .selectFrom('article_coins')
      .select(['article_id', 'coin_id'])
      .where('article_id', 'in', [...articleIds])
      .execute();
    for (const row of rows) {
      const list = byArticle.get(row.article_id) ?? [];
      list.push(row.coin_id);
      byArticle.set(row.article_id, list);
    }
    return byArticle;
  }

  async votesOf(userId: number, articleIds: readonly number[]): Promise<Map<number, VoteDirection>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('article_votes')
      .select(['article_id', 'direction'])
      .where('user_id', '=', userId)
      .where('article_id', 'in', [...articleIds])
      .execute();
    return new Map(rows.map((row) => [row.article_id, row.direction]));
  }

  /** One vote per user and article: the vote and the counter move together or not at all. */
  async vote(articleId: number, userId: number, direction: VoteDirection, now: number): Promise<VoteOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const article = await trx
        .selectFrom('articles')
        .select('id')
        .where('id', '=', articleId)
        .where('kind', '=', 'fastnews')
        .where('retracted_at', 'is', null)
        .executeTakeFirst();
      if (!article) return { kind: 'missing' } as const;
      const inserted = await trx
        .insertInto('article_votes')
        .values({ article_id: articleId, user_id: userId, direction, created_at: now })
        .onConflict((conflict) => conflict.columns(['article_id', 'user_id']).doNothing())
        .returning('article_id')
        .executeTakeFirst();
      if (!inserted) return { kind: 'duplicate' } as const;
      const counts = await trx
        .updateTable('articles')
        .set((eb) => ({ [direction]: eb(direction, '+', 1) }))
        .where('id', '=', articleId)
        .returning(['bullish', 'bearish'])
        .executeTakeFirstOrThrow();
      return { kind: 'voted', bullish: counts.bullish, bearish: counts.bearish } as const;
    });
  }

  async comments(
    articleId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const base = this.db.selectFrom('article_comments').where('article_comments.article_id', '=', articleId);
    const [rows, count] = await Promise.all([
      base
        .innerJoin('users', 'users.id', 'article_comments.user_id')
        .select([
          'article_comments.id',
          'article_comments.body',
          'article_comments.created_at',
          'article_comments.user_id',
          'users.nickname',
          'users.avatar',
        ])
        .orderBy('article_comments.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  async addComment(articleId: number, userId: number, body: string, now: number): Promise<CommentRow> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('article_comments')
        .values({ article_id: articleId, user_id: userId, body, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('articles')
        .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
        .where('id', '=', articleId)
        .execute();
      const user = await trx
        .selectFrom('users')
        .select(['nickname', 'avatar'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return { id: inserted.id, body, created_at: now, user_id: userId, ...user };
    });
  }

  /** Live articles whose titles contain the keyword or that are tagged with one of the coins. */
  async search(
    keyword: string,
    coinIds: readonly string[],
    offset: number,
    limit: number,
  ): Promise<{ rows: ArticleRow[]; total: number }> {
    // LIKE wildcards typed by the user match one character rather than being escaped: the escape syntax
    // differs between SQLite and PostgreSQL, and a looser match on `%` or `_` harms nobody.
    const pattern = `%${keyword.toLowerCase().replace(/[\\%]/g, '_')}%`;
    // The ids come from the search index (migration 0007): PostgreSQL's trigram index serves the LIKE on
    // articles itself, SQLite's is the FTS5 table articles_search. A union rather than an OR with the coin
    // tags, so each side is looked up by its index instead of every article being tested against both.
    const byKeyword = isPostgres(this.db)
      ? sql`SELECT id FROM articles WHERE search_text LIKE ${pattern}`
      : sql`SELECT rowid FROM articles_search WHERE search_text LIKE ${pattern}`;
    const ids =
      coinIds.length > 0
        ? sql`${byKeyword} UNION SELECT article_id FROM article_coins WHERE coin_id IN (${sql.join([...coinIds])})`
        : byKeyword;
    const query = this.db
      .selectFrom('articles')
      .where('articles.retracted_at', 'is', null)
      .where(sql<boolean>`articles.id IN (${ids})`);
    return newestFirstPage(query, offset, limit);
  }

  /** Newest articles of any state, for the operator. */
  async recent(kind: ArticleKind | null, limit: number): Promise<ArticleRow[]> {
    let query = this.db.selectFrom('articles').selectAll().orderBy('id', 'desc').limit(limit);
    if (kind !== null) query = query.where('kind', '=', kind);
    return query.execute();
  }

  async retract(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('articles')
      .set({ retracted_at: now })
      .where('id', '=', id)
      .where('retracted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countByOrigin(origin: ArticleOrigin): Promise<number> {
    const row = await this.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('origin', '=', origin)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
}
