import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AppRepository } from '../src/modules/app/app.repository.js';
import { AppService } from '../src/modules/app/app.service.js';
import { createTestDatabase, TEST_DIALECTS } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';

const SETTINGS = {
  appId: 'coinlens-web',
  website: 'https://coinlens.example',
  contact: { email: 'e', telegram: 't', x: 'x' },
  marketSource: 'simulator' as const,
};

describe.each(TEST_DIALECTS)('app releases on %s', (dialect) => {
  let database: TestDatabase;
  let repository: AppRepository;
  let service: AppService;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    repository = new AppRepository(database.handle.db);
    service = new AppService(SETTINGS, repository);
  });
  afterEach(() => database.dispose());

  it('is migrated with release 1.0.8 (code 108) for every platform', async () => {
    for (const platform of ['web', 'android', 'ios']) {
      const release = await repository.latestRelease(platform);
      expect(release).toMatchObject({ platform, version: '1.0.8', versionCode: 108, forceUpdate: false });
      expect(typeof release?.releasedAt).toBe('number');
      expect(release?.releaseNotes['zh-Hans']).toBeTruthy();
    }
    expect(await repository.latestRelease('symbian')).toBeNull();
  });

  it('reports the current release as up to date and a newer one as an update', async () => {
    expect(await service.versionCheck('web', 108, 'en')).toMatchObject({
      has_update: false,
      display_version: 'V1.0.8',
    });
    await repository.publishRelease({
      platform: 'web',
      version: '1.1.0',
      versionCode: 110,
      downloadUrl: 'https://example.org/app',
      releaseNotes: { en: 'Faster charts', vi: 'Biểu đồ nhanh hơn', 'zh-Hans': '更快的图表' },
      forceUpdate: false,
      releasedAt: Date.UTC(2026, 10, 20),
    });
    const update = await service.versionCheck('web', 108, 'zh-Hans');
    expect(update).toMatchObject({
      version: '1.1.0',
      version_code: 110,
      has_update: true,
      force_update: false,
    });
    expect(update.release_notes).toBe('更快的图表');
    expect((await service.versionCheck('android', 108, 'en')).has_update).toBe(false);
  });

  it('forces the update when a release between the caller and the latest is mandatory', async () => {
    const base = { platform: 'web', downloadUrl: '', releaseNotes: { en: 'x' }, releasedAt: 1 };
    await repository.publishRelease({ ...base, version: '1.0.9', versionCode: 109, forceUpdate: true });
    await repository.publishRelease({ ...base, version: '1.1.0', versionCode: 110, forceUpdate: false });
    expect((await service.versionCheck('web', 108, 'en')).force_update).toBe(true);
    expect((await service.versionCheck('web', 109, 'en')).force_update).toBe(false);
  });

  it('refuses a second release with the same platform and code', async () => {
    const release = {
      platform: 'web',
      version: '1.0.8b',
      versionCode: 108,
      downloadUrl: '',
      releaseNotes: {},
      forceUpdate: false,
      releasedAt: 1,
    };
    await expect(repository.publishRelease(release)).rejects.toThrow();
  });
});
