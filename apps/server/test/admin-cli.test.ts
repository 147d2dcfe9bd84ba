import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AdminInputError, runAdminCommand, type AdminContext } from '../src/admin/admin-commands.js';
import { AdRepository } from '../src/modules/ads/ad.repository.js';
import { ArticleRepository } from '../src/modules/content/article.repository.js';
import { InboxRepository } from '../src/modules/inbox/inbox.repository.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './support/test-databases.js';

const run = promisify(execFile);
const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

describe.each(TEST_DIALECTS)('operator commands on %s', (dialect) => {
  let database: TestDatabase;
  let context: AdminContext;
  const now = Date.UTC(2026, 10, 25, 8);
  const pushed: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    context = {
      db: database.handle.db,
      now: () => now,
      push: {
        notice: (userId, id) => Promise.resolve(pushed.push(`notice ${id} to ${userId ?? 'all'}`)),
        breaking: (id) => Promise.resolve(pushed.push(`breaking ${id}`)),
      },
    };
  });
  afterAll(() => database.dispose());

  it('publishes a notice to everyone in three languages, and one to a single user by email', async () => {
    const out = await runAdminCommand(
      ['publish', 'notice'],
      { 'title-en': 'Maintenance', 'title-vi': 'Bảo trì', 'title-zh': '维护', 'body-en': 'At 02:00' },
      context,
    );
    expect(out).toMatch(/^notice \d+ published to everyone/);
    const [notice] = await new InboxRepository(context.db).recent(1);
    expect(JSON.parse(notice!.title_i18n)).toEqual({ en: 'Maintenance', vi: 'Bảo trì', 'zh-Hans': '维护' });
    expect(notice!.user_id).toBeNull();
    expect(pushed.at(-1)).toBe(`notice ${notice!.id} to all`);
    await expect(
      runAdminCommand(
        ['publish', 'notice'],
        { 'title-en': 'x', 'body-en': 'y', user: 'nobody@example.org' },
        context,
      ),
    ).rejects.toThrow(/--user: no account/);
  });

  it('publishes, lists and retracts flashes, articles and ads', async () => {
    const flash = await runAdminCommand(
      ['publish', 'flash'],
      { 'title-en': 'ETF approved', 'content-en': 'Details follow', coin: 'bitcoin', important: true },
      context,
    );
    const flashId = Number(/flash (\d+)/.exec(flash)?.[1]);
    expect(pushed.at(-1)).toBe(`breaking ${flashId}`);
    const article = await runAdminCommand(
      ['publish', 'article'],
      { 'title-en': 'Deep dive', 'summary-en': 'Why', 'body-en': '<p>ok</p><script>alert(1)</script>' },
      context,
    );
    const articleId = Number(/article (\d+)/.exec(article)?.[1]);
    const stored = await new ArticleRepository(context.db).byId(articleId, 'news');
    expect(JSON.parse(stored!.body_i18n)).toEqual({ en: '<p>ok</p>' });
    expect(await runAdminCommand(['list', 'flash'], {}, context)).toContain('ETF approved');

    const ad = await runAdminCommand(
      ['publish', 'ad'],
      { position: 'ad_market', 'title-en': 'Sale', image: '/ads/score.svg', link: 'https://example.org/' },
      context,
    );
    const adId = Number(/ad (\d+)/.exec(ad)?.[1]);
    expect((await new AdRepository(context.db).running('ad_market', now)).map((row) => row.id)).toContain(
      adId,
    );
    expect(await runAdminCommand(['retract', 'ad', String(adId)], {}, context)).toBe(`ad ${adId} retracted`);
    expect((await new AdRepository(context.db).running('ad_market', now)).map((row) => row.id)).not.toContain(
      adId,
    );
    await expect(runAdminCommand(['retract', 'ad', String(adId)], {}, context)).rejects.toThrow(/no live ad/);
    expect(await runAdminCommand(['retract', 'flash', String(flashId)], {}, context)).toBe(
      `flash ${flashId} retracted`,
    );
    expect(await new ArticleRepository(context.db).byId(flashId)).toBeNull();
  });

  it('refuses bad input with a line that names the option', async () => {
    const refuse = (positionals: string[], options: Record<string, unknown>) =>
      runAdminCommand(positionals, options, context).catch((error: unknown) => error);
    expect(
      await refuse(['publish', 'ad'], { position: 'ad_nowhere', 'title-en': 'x', image: '/a', link: '/b' }),
    ).toMatchObject({ message: expect.stringMatching(/^--position: must be one of/) as string });
    expect(
      await refuse(['publish', 'ad'], {
        position: 'ad_user',
        'title-en': 'x',
        image: '/a',
        link: 'javascript:alert(1)',
      }),
    ).toBeInstanceOf(AdminInputError);
    expect(await refuse(['publish', 'notice'], { 'body-en': 'no title' })).toMatchObject({
      message: expect.stringMatching(/^--title-en/) as string,
    });
    expect(
      await refuse(['publish', 'version'], { version: 'one', code: '1', 'download-url': 'https://x.org' }),
    ).toMatchObject({
      message: expect.stringMatching(/^--version/) as string,
    });
    expect(await refuse(['publish', 'poster'], {})).toBeInstanceOf(AdminInputError);
    expect(await refuse(['frobnicate'], {})).toBeInstanceOf(AdminInputError);
  });
});

describe('npm run admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const admin = (...args: string[]) =>
    run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/admin/admin-cli.ts', ...args], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  it('publishes a version on the embedded database and lists it', async () => {
    const published = await admin(
      'publish',
      'version',
      '--version',
      '1.0.9',
      '--code',
      '109',
      '--download-url',
      'https://coinlens.app/download',
    );
    expect(published.stdout).toContain('version 1.0.9 (109) published for web');
    expect((await admin('list', 'version')).stdout).toMatch(/web\t1\.0\.9\t109/);
  });

  it('exits 2 with one line for an unknown option', async () => {
    const failure = (await admin('publish', 'notice', '--colour', 'red').catch(
      (error: unknown) => error,
    )) as {
      code: number;
      stderr: string;
    };
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(/^admin: .*colour/);
  });
});
