import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { isPostgres } from './portable-columns.js';

/**
 * An index for news search's `search_text LIKE '%keyword%'` (a substring of the lower-cased titles), which
 * otherwise reads every article for the page and again for the count. PostgreSQL: a pg_trgm GIN index, used
 * by LIKE directly; skipped (search still works, by scan) where the extension cannot be created. SQLite: an
 * FTS5 trigram table over the same column, kept in step by triggers, which the search query joins by rowid.
 */
export const articleSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      if (!(await createTrigramExtension(db))) return;
      await sql`CREATE INDEX articles_search_trgm_idx ON articles USING gin (search_text gin_trgm_ops)`.execute(
        db,
      );
      return;
    }
    await sql`CREATE VIRTUAL TABLE articles_search USING fts5(
      search_text, content='articles', content_rowid='id', tokenize='trigram'
    )`.execute(db);
    await sql`CREATE TRIGGER articles_search_insert AFTER INSERT ON articles BEGIN
      INSERT INTO articles_search(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
    await sql`CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
      INSERT INTO articles_search(articles_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END`.execute(db);
    await sql`CREATE TRIGGER articles_search_update AFTER UPDATE OF search_text ON articles BEGIN
      INSERT INTO articles_search(articles_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO articles_search(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
    await sql`INSERT INTO articles_search(articles_search) VALUES ('rebuild')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`DROP INDEX IF EXISTS articles_search_trgm_idx`.execute(db);
      return;
    }
    for (const trigger of ['articles_search_insert', 'articles_search_delete', 'articles_search_update'])
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    await sql`DROP TABLE IF EXISTS articles_search`.execute(db);
  },
};

/**
 * pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. Where the role may not, or
 * the server lacks it, the failure is rolled back to a savepoint so the migration's transaction goes on.
 */
async function createTrigramExtension(db: Kysely<unknown>): Promise<boolean> {
  await sql`SAVEPOINT article_search_trgm`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`RELEASE SAVEPOINT article_search_trgm`.execute(db);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT article_search_trgm`.execute(db);
    return false;
  }
}
