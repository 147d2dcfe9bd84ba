import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Portable across SQLite and PostgreSQL: times are epoch milliseconds (bigint,
 * read back as numbers), flags are 0/1 integers, structured values are JSON text.
 */
export interface AppReleaseTable {
  id: Generated<number>;
  platform: string;
  version: string;
  version_code: number;
  download_url: string;
  /** JSON `{en, vi, zh-Hans}`. */
  release_notes: string;
  force_update: number;
  released_at: number;
}

export interface Database {
  app_releases: AppReleaseTable;
}
