import type { Migration, MigrationProvider } from 'kysely';

import { appReleasesMigration } from './0001-app-releases.js';
import { accountsMigration } from './0002-accounts.js';
import { marketMigration } from './0003-market.js';
import { uploadsMigration } from './0004-uploads.js';
import { contentMigration } from './0005-content.js';
import { scoreReadingsMigration } from './0006-score-readings.js';
import { articleSearchMigration } from './0007-article-search.js';
import { emailCodeDeviceMigration } from './0008-email-code-device.js';
import { pushSessionBindingMigration } from './0009-push-session-binding.js';
import { imageBlobsMigration } from './0010-image-blobs.js';
import { alertsMigration } from './0011-alerts.js';
import { portfolioMigration } from './0012-portfolio.js';
import { retentionIndexesMigration } from './0013-retention-indexes.js';
import { apiKeysMigration } from './0014-api-keys.js';
import { candleWriteIndexMigration } from './0015-candle-write-index.js';

/** Every migration in order. Names sort lexically; never rename or edit one that has shipped. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-app-releases': appReleasesMigration,
  '0002-accounts': accountsMigration,
  '0003-market': marketMigration,
  '0004-uploads': uploadsMigration,
  '0005-content': contentMigration,
  '0006-score-readings': scoreReadingsMigration,
  '0007-article-search': articleSearchMigration,
  '0008-email-code-device': emailCodeDeviceMigration,
  '0009-push-session-binding': pushSessionBindingMigration,
  '0010-image-blobs': imageBlobsMigration,
  '0011-alerts': alertsMigration,
  '0012-portfolio': portfolioMigration,
  '0013-retention-indexes': retentionIndexesMigration,
  '0014-api-keys': apiKeysMigration,
  '0015-candle-write-index': candleWriteIndexMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
