import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

import type { DialectName } from '../../db/database.js';
import { lockKeyForTransaction } from '../../db/key-lock.js';
import type { Database, PortfolioTransactionTable } from '../../db/schema.js';

export type TransactionRow = Selectable<PortfolioTransactionTable>;
export type NewTransactionRow = Insertable<PortfolioTransactionTable>;
export type TransactionChanges = Omit<Updateable<PortfolioTransactionTable>, 'id' | 'user_id' | 'created_at'>;

/** Rows per INSERT of an import: well under SQLite's bound-parameter limit at 14 columns a row. */
const INSERT_CHUNK = 200;

/** One user's portfolio transactions; every query names the user, so another user's ids are simply not there. */
export class PortfolioRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Runs `work` in a database transaction holding the user's portfolio lock, so a check of what is held and the
   * write it allows are not interleaved with another write of the same user (two tabs, two instances).
   */
  async forUser<T>(userId: number, work: (repository: PortfolioRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, this.dialect, `portfolio:${userId}`);
      return work(new PortfolioRepository(trx, this.dialect));
    });
  }

  async page(
    userId: number,
    coinId: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: TransactionRow[]; total: number }> {
    let query = this.db.selectFrom('portfolio_transactions').where('user_id', '=', userId);
    if (coinId !== undefined) query = query.where('coin_id', '=', coinId);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('time', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  /** Every transaction of the user (of one coin), in ledger order: time, then the order they were recorded. */
  all(userId: number, coinId?: string): Promise<TransactionRow[]> {
    let query = this.db.selectFrom('portfolio_transactions').where('user_id', '=', userId);
    if (coinId !== undefined) query = query.where('coin_id', '=', coinId);
    return query.selectAll().orderBy('time', 'asc').orderBy('id', 'asc').execute();
  }

  /**
   * In one row: a mark that changes with every insert, delete and update of the user's transactions (their
   * count, ids and change times; an update always moves `updated_at` forward), and the first transaction's time.
   */
  async ledgerMark(userId: number): Promise<{ mark: string; firstTime: number | null }> {
    const row = await this.db
      .selectFrom('portfolio_transactions')
      .where('user_id', '=', userId)
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string | null>('id').as('id_sum'),
        eb.fn.max<number | null>('id').as('last_id'),
        eb.fn.sum<number | string | null>('updated_at').as('updated_sum'),
        eb.fn.min<number | null>('time').as('first_time'),
      ])
      .executeTakeFirst();
    const parts = [row?.count, row?.id_sum, row?.last_id, row?.updated_sum].map((part) => String(part ?? ''));
    const firstTime = row?.first_time ?? null;
    return { mark: parts.join(':'), firstTime: firstTime === null ? null : Number(firstTime) };
  }

  async find(userId: number, id: number): Promise<TransactionRow | null> {
    const row = await this.db
      .selectFrom('portfolio_transactions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .selectAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('portfolio_transactions')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async insert(row: NewTransactionRow): Promise<TransactionRow> {
    return this.db.insertInto('portfolio_transactions').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async insertMany(rows: readonly NewTransactionRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await this.db
        .insertInto('portfolio_transactions')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
  }

  async update(userId: number, id: number, changes: TransactionChanges): Promise<TransactionRow | null> {
    const row = await this.db
      .updateTable('portfolio_transactions')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('portfolio_transactions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
