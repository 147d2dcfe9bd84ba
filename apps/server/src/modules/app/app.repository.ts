import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';

export interface AppRelease {
  platform: string;
  version: string;
  versionCode: number;
  downloadUrl: string;
  releaseNotes: Record<string, string>;
  forceUpdate: boolean;
  releasedAt: number;
}

export type NewAppRelease = AppRelease;

function parseNotes(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export class AppRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async latestRelease(platform: string): Promise<AppRelease | null> {
    const row = await this.db
      .selectFrom('app_releases')
      .selectAll()
      .where('platform', '=', platform)
      .orderBy('version_code', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      platform: row.platform,
      version: row.version,
      versionCode: row.version_code,
      downloadUrl: row.download_url,
      releaseNotes: parseNotes(row.release_notes),
      forceUpdate: row.force_update === 1,
      releasedAt: row.released_at,
    };
  }

  /** Whether any release above `versionCode` on `platform` must be installed. */
  async hasForcedReleaseAbove(platform: string, versionCode: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('app_releases')
      .select('id')
      .where('platform', '=', platform)
      .where('version_code', '>', versionCode)
      .where('force_update', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async publishRelease(release: NewAppRelease): Promise<void> {
    await this.db
      .insertInto('app_releases')
      .values({
        platform: release.platform,
        version: release.version,
        version_code: release.versionCode,
        download_url: release.downloadUrl,
        release_notes: JSON.stringify(release.releaseNotes),
        force_update: release.forceUpdate ? 1 : 0,
        released_at: release.releasedAt,
      })
      .execute();
  }
}
