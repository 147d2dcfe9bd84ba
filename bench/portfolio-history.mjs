// CPU time of one `portfolio_history` call for a ledger holding all 321 coins (issue 35, finding 1), in process
// against a real database: SQLite in a temporary folder, and PostgreSQL too when DATABASE_URL is set (a fresh
// database there, dropped at the end). Candles as a server keeps them: 5-minute for 26 h, hourly for 31 days,
// daily for a year. Per range: a computed call (a market tick before each, so nothing may come from a cache;
// the first call of each range is left out: it warms the statement up)
// and a repeated call (same ledger, grid and candles), median and p95 of the process CPU time (user + system,
// which includes the database driver's work; PostgreSQL's own CPU is not counted) and of the wall time.
// Run: node --conditions=source --import tsx bench/portfolio-history.mjs (BENCH_CALLS, default 15).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { printTable, quantile } from './support.mjs';

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { CandleRepository } = await import('../apps/server/src/market-store/candle.repository.ts');
const { emptyCoinState, MarketSnapshot } = await import('../apps/server/src/market-store/market-snapshot.ts');
const { CurrencyService } = await import('../apps/server/src/modules/market/currency.service.ts');
const { PortfolioRepository } = await import('../apps/server/src/modules/portfolio/portfolio.repository.ts');
const { PortfolioService } = await import('../apps/server/src/modules/portfolio/portfolio.service.ts');

const COINS = 321;
const CALLS = Number(process.env.BENCH_CALLS ?? 15);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Math.floor(Date.UTC(2026, 10, 29, 15, 7) / MINUTE) * MINUTE;
const RANGES = ['day', 'week', 'month', 'year', 'all'];

function candles(index, step, from, to) {
  const rows = [];
  for (let time = Math.floor(from / step) * step; time <= to; time += step) {
    const close = (index + 1) * (1 + 0.1 * Math.sin(time / DAY + index));
    rows.push({ time, open: close, high: close, low: close, close, volume: 1, amount: close });
  }
  return rows;
}

async function openBenchDatabase(dialect) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-bench-'));
  if (dialect === 'sqlite') {
    const handle = await openDatabase({ dataDir });
    return { handle, dispose: async () => (await handle.close(), rmSync(dataDir, { recursive: true })) };
  }
  const name = `coinlens_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true });
    },
  };
}

async function measure(dialect) {
  const { handle, dispose } = await openBenchDatabase(dialect);
  try {
    const db = handle.db;
    const snapshot = new MarketSnapshot(60_000);
    snapshot.rates.set('usd', { code: 'usd', perUsd: 1 });
    const candleRepository = new CandleRepository(db);
    const coinIds = Array.from({ length: COINS }, (_, index) => `coin-${index}`);
    for (const [index, coinId] of coinIds.entries()) {
      const coin = emptyCoinState({ id: coinId, symbol: coinId, name: coinId, localNames: {} });
      coin.price = index + 1;
      snapshot.coins.set(coinId, coin);
      await candleRepository.upsert(coinId, '5m', candles(index, 5 * MINUTE, NOW - 26 * HOUR, NOW));
      await candleRepository.upsert(coinId, '1h', candles(index, HOUR, NOW - 31 * DAY, NOW));
      await candleRepository.upsert(coinId, '1d', candles(index, DAY, NOW - 366 * DAY, NOW));
    }
    const { id: userId } = await db
      .insertInto('users')
      .values({
        email: 'bench@example.org',
        password_hash: 'x',
        nickname: 'bench',
        country: 'VN',
        created_at: 0,
        updated_at: 0,
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ledger = new PortfolioRepository(db, handle.dialect);
    // One buy of each coin, the first two years ago (so `all` spans two years of daily points).
    await ledger.insertMany(
      coinIds.map((coinId, index) => ({
        user_id: userId,
        coin_id: coinId,
        type: 'buy',
        amount: '1',
        price: '1',
        price_currency: 'usd',
        price_usd_rate: '1',
        fee: '0',
        fee_currency: 'usd',
        fee_usd_rate: '1',
        time: NOW - 730 * DAY + index * HOUR,
        note: '',
        created_at: 0,
        updated_at: 0,
      })),
    );
    const service = new PortfolioService(
      ledger,
      snapshot,
      new CurrencyService(snapshot),
      candleRepository,
      () => NOW,
      // As an instance that does not ingest: a market tick may mean new candles, so it computes again.
      () => false,
    );

    const rows = [];
    for (const range of RANGES) {
      for (const kind of ['computed', 'repeated']) {
        const cpu = [];
        const wall = [];
        await service.history(userId, range, 'usd');
        for (let call = 0; call < CALLS; call++) {
          if (kind === 'computed') snapshot.version++;
          const cpuBefore = process.cpuUsage();
          const wallBefore = performance.now();
          await service.history(userId, range, 'usd');
          const used = process.cpuUsage(cpuBefore);
          wall.push(performance.now() - wallBefore);
          cpu.push((used.user + used.system) / 1000);
        }
        cpu.sort((a, b) => a - b);
        wall.sort((a, b) => a - b);
        rows.push({
          dialect,
          range,
          call: kind,
          'cpu p50 ms': quantile(cpu, 0.5).toFixed(1),
          'cpu p95 ms': quantile(cpu, 0.95).toFixed(1),
          'wall p50 ms': quantile(wall, 0.5).toFixed(1),
        });
      }
    }
    return rows;
  } finally {
    await dispose();
  }
}

const rows = [];
for (const dialect of process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) {
  rows.push(...(await measure(dialect)));
}
process.stdout.write(`${JSON.stringify({ bench: 'portfolio-history', coins: COINS, calls: CALLS, rows })}\n`);
printTable(rows);
