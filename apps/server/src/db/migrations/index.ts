import type { Migration, MigrationProvider } from 'kysely';

import { appReleasesMigration } from './0001-app-releases.js';
import { accountsMigration } from './0002-accounts.js';

/** Every migration in order. Names sort lexically; never rename or edit one that has shipped. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-app-releases': appReleasesMigration,
  '0002-accounts': accountsMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
