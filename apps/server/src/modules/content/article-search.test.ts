import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, TEST_DIALECTS } from '../../../test/support/test-databases.js';
import type { TestDatabase } from '../../../test/support/test-databases.js';
import { ArticleRepository } from './article.repository.js';
import type { NewArticle } from './article.repository.js';

const TITLES = [
  'Bitcoin rallies past 100k',
  'Ethereum upgrade lands on mainnet',
  'SOLANA outage ends after four hours',
  '比特币 ETF 资金流入创新高',
  'Giá Bitcoin tăng mạnh sau quyết định lãi suất',
  'Miners sell 50% of their bitcoin_reserves',
  'A stablecoin issuer publishes its audit',
  'Regulator fines an exchange',
  'xrp',
];

/** Titles as the publisher stores them for search: lower-cased, one per line. */
function article(i: number, coinIds: string[] = []): NewArticle {
  const title = `${TITLES[i % TITLES.length]} #${i}`;
  return {
    kind: i % 3 === 0 ? 'fastnews' : 'news',
    origin: 'feed',
    originKey: `search-test-${i}`,
    titleI18n: JSON.stringify({ en: title }),
    summaryI18n: '{}',
    bodyI18n: '{}',
    searchText: title.toLowerCase(),
    titleFingerprint: `fp-${i}`,
    sourceName: 'Test Wire',
    sourceUrl: null,
    imageUrl: null,
    important: false,
    publishedAt: 1_790_000_000_000 + i * 60_000,
    coinIds,
  };
}

const KEYWORDS = [
  'bitcoin',
  'BITCOIN',
  'coin',
  'bi',
  'x',
  '比特币',
  'giá bitcoin',
  '50%',
  'bitcoin_reserves',
  'upgrade lands',
  '#12',
  'zzqq',
];

describe.each(TEST_DIALECTS)('news search on %s', (dialect) => {
  let database: TestDatabase;
  let articles: ArticleRepository;
  /** What a full scan finds: the live articles whose stored search text holds the keyword, newest first. */
  const expected: {
    id: number;
    searchText: string;
    publishedAt: number;
    coinIds: string[];
    live: boolean;
  }[] = [];

  function scanned(keyword: string, coinIds: string[]): number[] {
    // The repository's reading of a keyword: lower-cased, with % and \ matching any one character.
    const needle = new RegExp(
      keyword
        .toLowerCase()
        .split('')
        .map((c) => (c === '%' || c === '\\' || c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]]/g, '\\$&')))
        .join(''),
      'su',
    );
    return expected
      .filter((row) => row.live)
      .filter((row) => needle.test(row.searchText) || row.coinIds.some((id) => coinIds.includes(id)))
      .sort((a, b) => b.publishedAt - a.publishedAt || b.id - a.id)
      .map((row) => row.id);
  }

  async function add(i: number, coinIds: string[] = []): Promise<void> {
    const draft = article(i, coinIds);
    const id = await articles.insert(draft, draft.publishedAt);
    if (id === null) throw new Error('not inserted');
    expected.push({ id, searchText: draft.searchText, publishedAt: draft.publishedAt, coinIds, live: true });
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    articles = new ArticleRepository(database.handle.db);
    for (let i = 0; i < 300; i++) await add(i, i % 50 === 0 ? ['ripple'] : []);
  });
  afterAll(() => database.dispose());

  it('has the search index: a trigram index on PostgreSQL, an FTS5 trigram table on SQLite', async () => {
    const db = database.handle.db;
    if (dialect === 'postgres') {
      const { rows } = await sql<{ indexname: string }>`
        SELECT indexname FROM pg_indexes WHERE tablename = 'articles' AND indexdef LIKE '%gin_trgm_ops%'`.execute(
        db,
      );
      expect(rows.map((row) => row.indexname)).toEqual(['articles_search_trgm_idx']);
      // The planner can answer the LIKE from it (sequential scans priced out, as on a table too big to scan).
      const plan = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows: lines } = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT id FROM articles WHERE search_text LIKE '%bitcoin%'`.execute(trx);
        return lines.map((line) => line['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('articles_search_trgm_idx');
    } else {
      const { rows } = await sql<{ detail: string }>`
        EXPLAIN QUERY PLAN SELECT rowid FROM articles_search WHERE search_text LIKE '%bitcoin%'`.execute(db);
      expect(rows.map((row) => row.detail).join('\n')).toMatch(/articles_search VIRTUAL TABLE INDEX/);
    }
  });

  it('finds exactly what a full scan finds, newest first, with the total', async () => {
    for (const keyword of KEYWORDS) {
      const want = scanned(keyword, []);
      const page = await articles.search(keyword, [], 0, 1_000);
      expect(
        page.rows.map((row) => row.id),
        keyword,
      ).toEqual(want);
      expect(page.total, keyword).toBe(want.length);
    }
  });

  it('adds the articles of the coins the keyword found, pages, and follows new and retracted articles', async () => {
    await add(1_000);
    await add(1_001, ['ripple']);
    const retracted = expected.find((row) => row.searchText.startsWith('bitcoin rallies'));
    await articles.retract(retracted!.id, Date.now());
    retracted!.live = false;

    const want = scanned('bitcoin', ['ripple']);
    const all = await articles.search('bitcoin', ['ripple'], 0, 1_000);
    expect(all.rows.map((row) => row.id)).toEqual(want);
    expect(all.total).toBe(want.length);
    expect(all.rows.map((row) => row.id)).toContain(expected.at(-1)!.id);
    const second = await articles.search('bitcoin', ['ripple'], 20, 20);
    expect(second.rows.map((row) => row.id)).toEqual(want.slice(20, 40));
    expect(second.total).toBe(want.length);
  });
});
