import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Candle, CoinProfile } from '@coinlens/market-model';
import {
  createTestDatabase,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../../test/support/test-databases.js';
import type { Database } from '../../db/schema.js';
import { CandleRepository } from '../../market-store/candle.repository.js';
import { emptyCoinState, MarketSnapshot } from '../../market-store/market-snapshot.js';
import { CurrencyService } from '../market/currency.service.js';
import { PortfolioRepository } from './portfolio.repository.js';
import { PortfolioService } from './portfolio.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 1);
const COINS = 40;
const EUR_PER_USD = 0.92;

/** Counts the SQL statements run that read the candles table (a subquery is part of its statement). */
function candleReadCounter(): { plugin: KyselyPlugin; reads: () => number } {
  const candleQueries = new WeakSet<object>();
  let reads = 0;
  return {
    plugin: {
      transformQuery(args) {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"candles"'))
          candleQueries.add(args.queryId);
        return args.node;
      },
      transformResult(args) {
        if (candleQueries.has(args.queryId)) reads++;
        return Promise.resolve(args.result);
      },
    },
    reads: () => reads,
  };
}

const coinIds = Array.from({ length: COINS }, (_, index) => `coin-${String(index).padStart(2, '0')}`);
/** Coin i's close at `time`: distinct per coin and hour, so a close taken from the wrong candle shows. */
const closeOf = (index: number, time: number) => 10 + index + ((time - START) / HOUR) * 0.01;

function hourlyCandles(index: number, from: number, to: number): Candle[] {
  const candles: Candle[] = [];
  for (let time = from; time < to; time += HOUR) {
    // Every seventh hour missing: the close before it stands in.
    if (((time - from) / HOUR) % 7 === 3) continue;
    const close = closeOf(index, time);
    candles.push({ time, open: close, high: close, low: close, close, volume: 1, amount: close });
  }
  return candles;
}

describe.each(TEST_DIALECTS)('portfolio_history on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let userId = 0;
  const counter = candleReadCounter();
  let clock = START + 8 * DAY + 25 * 60_000;
  const snapshot = new MarketSnapshot(60_000);
  let service: PortfolioService;
  let candles: CandleRepository;
  let ledger: PortfolioRepository;
  /** Coins sold (or, negative, bought) after the initial buys, by coin index: when and how many. */
  const sells: { index: number; time: number; amount: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.handle.db;
    const user = await db
      .insertInto('users')
      .values({
        email: 'history@example.org',
        password_hash: 'x',
        nickname: 'h',
        country: 'VN',
        created_at: 0,
        updated_at: 0,
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    snapshot.rates.set('usd', { code: 'usd', perUsd: 1 } as never);
    snapshot.rates.set('eur', { code: 'eur', perUsd: EUR_PER_USD } as never);
    candles = new CandleRepository(db.withPlugin(counter.plugin));
    for (const [index, coinId] of coinIds.entries()) {
      const coin = emptyCoinState({
        id: coinId,
        symbol: coinId,
        name: coinId,
        localNames: {},
      } as CoinProfile);
      coin.price = closeOf(index, clock);
      snapshot.coins.set(coinId, coin);
      await candles.upsert(coinId, '1h', hourlyCandles(index, START, START + 9 * DAY));
    }
    ledger = new PortfolioRepository(db, database.handle.dialect);
    await ledger.insertMany(
      coinIds.map((coinId, index) => ({
        user_id: userId,
        coin_id: coinId,
        type: 'buy' as const,
        amount: String(index + 1),
        price: '1',
        price_currency: 'usd',
        price_usd_rate: '1',
        fee: '0',
        fee_currency: 'usd',
        fee_usd_rate: '1',
        // Bought over the first days: each point holds a different set of coins.
        time: START + index * 3 * HOUR + 1_000,
        note: '',
        created_at: 0,
        updated_at: 0,
      })),
    );
    service = new PortfolioService(ledger, snapshot, new CurrencyService(snapshot), candles, () => clock);
  });
  afterAll(() => database.dispose());

  /** The value at grid time `time` by hand: every coin held by the end of its step × its latest close by `time`. */
  function expectedValue(time: number, stepMs = HOUR): number {
    const end = Math.min(time + stepMs, clock);
    return coinIds.reduce((sum, _coinId, index) => {
      const boughtAt = START + index * 3 * HOUR + 1_000;
      if (boughtAt >= end) return sum;
      const sold = sells
        .filter((sell) => sell.index === index && sell.time < end)
        .reduce((total, sell) => total + sell.amount, 0);
      let closeTime = time;
      while (((closeTime - START) / HOUR) % 7 === 3) closeTime -= HOUR;
      return sum + (index + 1 - sold) * closeOf(index, closeTime);
    }, 0);
  }

  it('reads the candles of every coin in one query, not one or two per coin, and values each point exactly', async () => {
    const before = counter.reads();
    const answer = await service.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBeLessThanOrEqual(1);

    const points = answer.points;
    expect(points).toHaveLength(7 * 24 + 1 + 1);
    for (const point of points.slice(0, -1)) expect(point.value).toBeCloseTo(expectedValue(point.time), 6);
    const now = coinIds.reduce((sum, _coinId, index) => sum + (index + 1) * closeOf(index, clock), 0);
    expect(points.at(-1)).toEqual({ time: clock, value: expect.closeTo(now, 6) as number });
  });

  it('values the month every 4 hours at the last hourly close of each step, also in one query', async () => {
    const before = counter.reads();
    const answer = await service.history(userId, 'month', 'usd');
    expect(counter.reads() - before).toBe(1);
    const grid = answer.points.slice(0, -1);
    expect(grid.map((point) => point.time - (grid[0]?.time ?? 0))).toEqual(
      grid.map((_, index) => index * 4 * HOUR),
    );
    for (const point of grid) expect(point.value).toBeCloseTo(expectedValue(point.time, 4 * HOUR), 6);
  });

  it('answers again from memory while the ledger, the grid step and the candles stay the same, in any currency', async () => {
    const usd = await service.history(userId, 'week', 'usd');
    const before = counter.reads();
    clock += 60_000;
    const again = await service.history(userId, 'week', 'usd');
    const eur = await service.history(userId, 'week', 'eur');
    expect(counter.reads() - before).toBe(0);
    expect(again.points.slice(0, -1)).toEqual(usd.points.slice(0, -1));
    expect(again.points.at(-1)?.time).toBe(clock);
    eur.points.forEach((point, index) =>
      expect(point.value).toBeCloseTo((again.points[index]?.value ?? 0) * EUR_PER_USD, 6),
    );
  });

  it('computes once for concurrent calls of the same user and range', async () => {
    clock += HOUR;
    const before = counter.reads();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => service.history(userId, 'week', 'usd')),
    );
    expect(counter.reads() - before).toBe(1);
    for (const answer of answers) expect(answer.points).toEqual(answers[0]?.points);
  });

  it('reads again once the ledger changes, the grid moves on or a candle is written', async () => {
    await service.history(userId, 'week', 'usd');
    let before = counter.reads();
    // Another instance's write: the ledger changes under this one.
    sells.push({ index: 0, time: clock - 2 * HOUR, amount: 1 });
    await ledger.insertMany([
      {
        user_id: userId,
        coin_id: 'coin-00',
        type: 'sell',
        amount: '1',
        price: '1',
        price_currency: 'usd',
        price_usd_rate: '1',
        fee: '0',
        fee_currency: 'usd',
        fee_usd_rate: '1',
        time: clock - 2 * HOUR,
        note: '',
        created_at: clock,
        updated_at: clock,
      },
    ]);
    const sold = await service.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(1);
    for (const point of sold.points.slice(0, -1))
      expect(point.value).toBeCloseTo(expectedValue(point.time), 6);

    before = counter.reads();
    clock += HOUR;
    await service.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(1);

    // A candle written by this instance's ingest.
    before = counter.reads();
    await candles.upsert(
      'coin-01',
      '1h',
      hourlyCandles(1, START + 8 * DAY + HOUR, START + 8 * DAY + 3 * HOUR),
    );
    await service.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(1);

    // A buy dated a little ahead (the allowed clock skew) counts once its time has come, within the same step.
    clock = Math.ceil(clock / HOUR) * HOUR + 10 * 60_000;
    await ledger.insertMany([
      {
        user_id: userId,
        coin_id: 'coin-02',
        type: 'buy',
        amount: '1',
        price: '1',
        price_currency: 'usd',
        price_usd_rate: '1',
        fee: '0',
        fee_currency: 'usd',
        fee_usd_rate: '1',
        time: clock + 2 * 60_000,
        note: '',
        created_at: clock,
        updated_at: clock,
      },
    ]);
    sells.push({ index: 2, time: clock + 2 * 60_000, amount: -1 });
    await service.history(userId, 'week', 'usd');
    clock += 3 * 60_000;
    before = counter.reads();
    const bought = await service.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(1);
    const lastStep = bought.points.at(-2);
    expect(lastStep?.value).toBeCloseTo(expectedValue(lastStep?.time ?? 0), 6);

    // A market tick alone changes nothing here: this process writes the candles, and has not.
    before = counter.reads();
    snapshot.version++;
    await service.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(0);

    // An instance that does not ingest learns of the leader's candle writes from the ticks it receives.
    const follower = new PortfolioService(
      ledger,
      snapshot,
      new CurrencyService(snapshot),
      candles,
      () => clock,
      () => false,
    );
    await follower.history(userId, 'week', 'usd');
    before = counter.reads();
    await follower.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(0);
    snapshot.version++;
    await follower.history(userId, 'week', 'usd');
    expect(counter.reads() - before).toBe(1);
  });
});
