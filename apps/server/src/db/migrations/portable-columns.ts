import type { CreateTableBuilder, Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered `id` primary key: identity on PostgreSQL, rowid alias on SQLite. */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
