/**
 * Issue 33's live soak: one server on MARKET_SOURCE=live against replays of every source for a whole universe
 * (test/support/universe-replays.ts: 250 real coins, 25 venues, Binance and Kraken on real tapes and books,
 * failures sprinkled in), running the real schedule — a tick every second, 50 ms CoinGecko spacing, every other
 * job on its own interval — for several minutes, read through the public gateway as a user would. A table of what
 * it shows is printed each minute; the assertions say what a connected user must see:
 *
 * - trading evidence (verified volume and liquidity) for most coins that trade on centralised venues, and the
 *   venues still on a coin after hundreds of ticks;
 * - ccxt asked for books and tapes on both venues; every CCXT_EXCHANGES venue scored, and real venues not flagged;
 * - a score that is not a market-cap index (Spearman well below 0.9); certification only on two venues' evidence;
 * - no "new all-time high" flash (no coin of the capture is near its record); the source's ATH/ATL, and null
 *   before it is known, never a wrong figure;
 * - details (links, description) for every coin the source knows, not only the top 50;
 * - memory flat.
 *
 * Skipped without ../shared/external. COINLENS_SOAK_MS sets the soak's length: by default 5 min 10 s, which CI's
 * budget allows (it runs beside the web suite) — the score runs every minute until the first round of venues is in, so
 * the last minutes see the whole picture; `COINLENS_SOAK_MS=720000` runs the 12 minutes.
 */
import type { CoinDetail, CoinScoreView, ExchangeDetail, FlashItem } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from './support/accounts.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';
import { startUniverseReplays, universeMaterialPresent } from './support/universe-replays.js';
import type { UniverseReplays } from './support/universe-replays.js';

const SOAK_MS = Number(process.env.COINLENS_SOAK_MS ?? 310_000);
const SAMPLE_EVERY_MS = 60_000;
const DAY = 86_400_000;

interface Sample {
  minute: number;
  atMs: number;
  verifiedVolume: number;
  liquidity: number;
  ccxtCalls: number;
  exchangesScored: number;
  details: number;
  athFlashes: number;
  wrongRecords: number;
  heapMb: number;
  rssMb: number;
}

interface Reading {
  scores: Map<string, CoinScoreView>;
  details: Map<string, CoinDetail>;
  exchanges: Map<string, ExchangeDetail>;
  athFlashes: FlashItem[];
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Spearman's rank correlation (average ranks for ties). */
function spearman(xs: readonly number[], ys: readonly number[]): number {
  const ranks = (values: readonly number[]) => {
    const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
    const out = new Array<number>(values.length);
    for (let start = 0; start < order.length;) {
      let end = start;
      while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
      for (let k = start; k <= end; k++) out[order[k]!.index] = (start + end) / 2;
      start = end + 1;
    }
    return out;
  };
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const mx = mean(rx);
  const my = mean(ry);
  let covariance = 0;
  let vx = 0;
  let vy = 0;
  for (let index = 0; index < rx.length; index++) {
    covariance += (rx[index]! - mx) * (ry[index]! - my);
    vx += (rx[index]! - mx) ** 2;
    vy += (ry[index]! - my) ** 2;
  }
  return covariance / Math.sqrt(vx * vy);
}

describe.skipIf(!universeMaterialPresent)('a live soak over the whole universe (issue 33)', () => {
  let replays: UniverseReplays;
  let server: TestServer;
  let startedAt = 0;
  const samples: Sample[] = [];
  let last: Reading;
  /** Every ATH/ATL figure seen that is neither null nor the source's, with when and where. */
  const wrongRecords: string[] = [];
  const athFlashesSeen = new Map<number, string>();
  let firstEthereum: CoinDetail | null = null;

  const call = <P extends Parameters<typeof callAs>[1]>(
    procedure: P,
    payload: Parameters<typeof callAs<P>>[2],
  ) => callAs(server, procedure, payload, { lang: 'en' });

  /** Null, or the capture's record (±0.1 %) dated the capture's day (±1 day). */
  const checkRecords = (detail: CoinDetail, when: string) => {
    const coin = replays.universe.byId.get(detail.id);
    if (!coin) return;
    const check = (label: string, value: number | null, at: number | null, price: number, date: string) => {
      if (value === null) return;
      const ok =
        Math.abs(value / price - 1) <= 1e-3 && (at === null || Math.abs(at - Date.parse(date)) <= DAY);
      if (!ok)
        wrongRecords.push(
          `${when} ${detail.id} ${label} ${value} at ${at === null ? 'null' : new Date(at).toISOString()} (source ${price} on ${date})`,
        );
    };
    check('ATH', detail.ath, detail.ath_at, coin.entry.ath, coin.entry.ath_date);
    check('ATL', detail.atl, detail.atl_at, coin.entry.atl, coin.entry.atl_date);
  };

  const read = async (when: string): Promise<Reading> => {
    const ids = replays.universe.coins.map((coin) => coin.entry.id);
    const scores = new Map<string, CoinScoreView>();
    const details = new Map<string, CoinDetail>();
    await pool(ids, 8, async (id) => {
      const [score, detail] = await Promise.all([
        call('appmarket_msrv/coin_score', { coin_id: id }),
        call('appmarket_msrv/coin_detail', { coin_id: id }),
      ]);
      if (score.code === 0) scores.set(id, score.data);
      if (detail.code === 0) {
        details.set(id, detail.data);
        checkRecords(detail.data, when);
      }
    });
    const exchanges = new Map<string, ExchangeDetail>();
    await pool(replays.universe.venues, 8, async (venue) => {
      const answer = await call('appmarket_msrv/exchange_detail', { exchange_id: venue.id });
      if (answer.code === 0) exchanges.set(venue.id, answer.data);
    });
    const athFlashes: FlashItem[] = [];
    for (let page = 1; page <= 20; page++) {
      const answer = await call('appcontent_msrv/fastnews_list', { page, page_size: 100 });
      if (answer.code !== 0) break;
      const items = answer.data.groups.flatMap((group) => group.list);
      for (const item of items)
        if (/all-time high/i.test(item.title)) {
          athFlashes.push(item);
          athFlashesSeen.set(item.id, `${when}: ${item.title} — ${item.content}`);
        }
      if (page * 100 >= answer.data.total || items.length === 0) break;
    }
    return { scores, details, exchanges, athFlashes };
  };

  const ccxtCalls = () =>
    replays.counts.of('binance', 'depth') +
    replays.counts.of('binance', 'aggTrades') +
    replays.counts.of('binance', 'trades') +
    replays.counts.of('kraken', 'Depth') +
    replays.counts.of('kraken', 'Trades');

  const hasDetails = (detail: CoinDetail | undefined) =>
    detail !== undefined && detail.description.trim() !== '' && detail.links.website !== undefined;

  const sample = async (minute: number): Promise<void> => {
    const reading = await read(`minute ${minute}`);
    last = reading;
    const available = (score: CoinScoreView, factor: string) =>
      score.coverage.some((entry) => entry.factor === factor && entry.available);
    const scores = [...reading.scores.values()];
    const memory = process.memoryUsage();
    const row: Sample = {
      minute,
      atMs: Math.round(performance.now() - startedAt),
      verifiedVolume: scores.filter((score) => available(score, 'verified_volume')).length,
      liquidity: scores.filter((score) => available(score, 'liquidity')).length,
      ccxtCalls: ccxtCalls(),
      exchangesScored: [...reading.exchanges.values()].filter((exchange) => exchange.score !== null).length,
      details: [...reading.details.values()].filter(hasDetails).length,
      athFlashes: reading.athFlashes.length,
      wrongRecords: wrongRecords.length,
      heapMb: Math.round(memory.heapUsed / 1_048_576),
      rssMb: Math.round(memory.rss / 1_048_576),
    };
    samples.push(row);
    console.log(
      `soak minute ${minute} (${(row.atMs / 1_000).toFixed(0)} s): verified volume ${row.verifiedVolume}/250, ` +
        `liquidity ${row.liquidity}/250, ccxt calls ${row.ccxtCalls}, exchanges scored ${row.exchangesScored}/25, ` +
        `details ${row.details}/250, ATH flashes ${row.athFlashes}, wrong ATH/ATL ${row.wrongRecords}, ` +
        `heap ${row.heapMb} MB, rss ${row.rssMb} MB`,
    );
  };

  beforeAll(async () => {
    replays = await startUniverseReplays();
    startedAt = performance.now();
    server = await startTestServer(
      // The soak reads 550 answers a minute from one address: the gateway's per-address budgets are not under test.
      { ...replays.env, RATE_LIMIT_PER_MINUTE: '1000000', COST_BUDGET_MS_PER_SECOND: '1000' },
      {},
      { whileBackfilling: true },
    );
    // Right after start, before any history: the record is the source's or not yet known.
    const ethereum = await call('appmarket_msrv/coin_detail', { coin_id: 'ethereum' });
    if (ethereum.code === 0) {
      firstEthereum = ethereum.data;
      checkRecords(ethereum.data, 'at start');
    }
    await sample(0);
    for (let minute = 1; minute * SAMPLE_EVERY_MS <= SOAK_MS; minute++) {
      const due = startedAt + Math.min(minute * SAMPLE_EVERY_MS, SOAK_MS);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      await sample(minute);
    }
    if (SOAK_MS % SAMPLE_EVERY_MS > 0) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, startedAt + SOAK_MS - performance.now())),
      );
      await sample(Number((SOAK_MS / SAMPLE_EVERY_MS).toFixed(1)));
    }
  }, SOAK_MS + 240_000);

  afterAll(async () => {
    if (samples.length > 0) {
      console.log(
        [
          '| min | coins with verified volume | with liquidity | ccxt calls | exchanges scored | coins with details | ATH flashes | wrong ATH/ATL | heap MB | rss MB |',
          '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
          ...samples.map(
            (row) =>
              `| ${row.minute} | ${row.verifiedVolume}/250 | ${row.liquidity}/250 | ${row.ccxtCalls} | ${row.exchangesScored}/25 | ${row.details}/250 | ${row.athFlashes} | ${row.wrongRecords} | ${row.heapMb} | ${row.rssMb} |`,
          ),
        ].join('\n'),
      );
      console.log(
        'requests:',
        replays.counts
          .entries()
          .map((entry) => `${entry.source} ${entry.route} ${entry.count}`)
          .join(', '),
      );
      console.log(
        'failures served:',
        replays.failures
          .entries()
          .map((entry) => `${entry.source} ${entry.route} ${entry.count}`)
          .join(', '),
      );
    }
    await server?.close();
    await replays?.close();
  });

  it('gives most coins that trade on centralised venues verified volume and liquidity', () => {
    const centralised = replays.universe.centralisedCoinIds;
    const covered = centralised.filter((id) => {
      const coverage = last.scores.get(id)?.coverage ?? [];
      const available = (factor: string) =>
        coverage.some((entry) => entry.factor === factor && entry.available);
      return available('verified_volume') && available('liquidity');
    });
    expect(covered.length, `${covered.length} of ${centralised.length}`).toBeGreaterThan(
      centralised.length / 2,
    );
  });

  it('keeps the venues on a coin after hundreds of ticks', async () => {
    const tickers = await call('appmarket_msrv/coin_tickers', { coin_id: 'bitcoin', page_size: 100 });
    expect(tickers.code).toBe(0);
    const expected = replays.universe.byId.get('bitcoin')!.listings.length;
    expect(tickers.data.list.length).toBeGreaterThanOrEqual(Math.min(10, expected));
    const detail = await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin' });
    expect(detail.data.exchange_count).toBeGreaterThanOrEqual(Math.min(10, expected));
  });

  it('asks ccxt for books and tapes on both venues', () => {
    const asked = {
      binanceBooks: replays.counts.of('binance', 'depth'),
      binanceTrades: replays.counts.of('binance', 'aggTrades') + replays.counts.of('binance', 'trades'),
      krakenBooks: replays.counts.of('kraken', 'Depth'),
      krakenTrades: replays.counts.of('kraken', 'Trades'),
    };
    for (const [what, count] of Object.entries(asked)) expect(count, what).toBeGreaterThan(0);
  });

  it('scores every CCXT_EXCHANGES venue without flagging the real ones, and every venue it read', async () => {
    for (const id of ['binance', 'kraken']) {
      const venue = last.exchanges.get(id);
      expect(venue?.score ?? null, `${id} score`).not.toBeNull();
      for (const factor of ['integrity', 'verified_volume', 'liquidity'])
        expect(
          venue?.coverage.find((entry) => entry.factor === factor)?.available,
          `${id} coverage ${factor}`,
        ).toBe(true);
      expect(venue?.integrity_flags.map((flag) => flag.kind) ?? [], `${id} flags`).toEqual([]);
    }
    const tickers = await call('appmarket_msrv/coin_tickers', { coin_id: 'bitcoin', page_size: 100 });
    const read = [...new Set(tickers.data.list.map((ticker) => ticker.exchange_id))];
    const unscored = read.filter((id) => (last.exchanges.get(id)?.score ?? null) === null);
    expect(unscored, 'venues read on Bitcoin but not scored').toEqual([]);
  });

  it('ranks by quality, not market cap: Spearman(score, market cap) well below 0.9', async () => {
    const caps = new Map<string, number>();
    for (let page = 1; page <= 3; page++) {
      const list = await call('appmarket_msrv/coin_list', { page, page_size: 100 });
      for (const coin of list.data.list)
        if (coin.circulating_market_cap !== null) caps.set(coin.id, coin.circulating_market_cap);
    }
    const scored = [...last.scores.values()].filter(
      (score) => score.score !== null && caps.has(score.coin_id),
    );
    expect(scored.length, 'scored coins').toBeGreaterThanOrEqual(30);
    const rho = spearman(
      scored.map((score) => score.score!),
      scored.map((score) => caps.get(score.coin_id)!),
    );
    console.log(`Spearman(score, market cap) over ${scored.length} scored coins: ${rho.toFixed(3)}`);
    // The capture's real volumes and the replay's depth follow market cap as real markets do, so the score's
    // volume, liquidity and market-cap factors (70 % of its weight) agree with it: measured 0.75–0.88, higher when
    // the soak shares the machine and details (social, developer) arrive late. A market-cap clone would be ~1.
    expect(rho).toBeLessThan(0.9);
  });

  it('certifies only coins with evidence from two venues', () => {
    const certified = [...last.scores.values()].filter((score) => score.certification === 'certified');
    for (const score of certified) {
      const venues = new Set(
        score.venues
          .filter((venue) => venue.limited_by !== 'no_evidence' && (venue.verified_amount_24h ?? 0) > 0)
          .map((venue) => venue.exchange_id),
      );
      expect(venues.size, `${score.coin_id} certified on ${[...venues].join(', ')}`).toBeGreaterThanOrEqual(
        2,
      );
    }
  });

  it('never flashes a new all-time high (no coin of the capture is near its record)', () => {
    expect([...athFlashesSeen.values()].slice(0, 10), `${athFlashesSeen.size} ATH flashes`).toEqual([]);
  });

  it("shows the source's ATH/ATL (Ethereum's $4,878.26 of 2021-11-10), and null before it is known", () => {
    expect(wrongRecords.slice(0, 10), `${wrongRecords.length} wrong figures`).toEqual([]);
    if (firstEthereum && firstEthereum.ath !== null) expect(firstEthereum.ath).toBeCloseTo(4_878.26, 1);
    const ethereum = last.details.get('ethereum');
    expect(ethereum?.ath ?? null).not.toBeNull();
    expect(ethereum!.ath!).toBeCloseTo(4_878.26, 1);
    expect(new Date(ethereum!.ath_at!).toISOString().slice(0, 10)).toBe('2021-11-10');
    expect(ethereum!.atl!).toBeCloseTo(0.432979, 5);
  });

  it('has the details (links, description) of every coin the source knows', async () => {
    const known = replays.universe.coins.filter((coin) => coin.known).map((coin) => coin.entry.id);
    let missing = known.filter((id) => !hasDetails(last.details.get(id)));
    // The details fill behind the answers at the source's spacing, through its 429s and timeouts: on a loaded
    // machine (CI runs the browser tests beside the soak) the last few may land after the soak's last minute. They
    // must still land, on the same schedule: the rest are read again until they do, for at most two minutes more.
    const deadline = performance.now() + 120_000;
    while (missing.length > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const answers = await Promise.all(
        missing.map((id) => call('appmarket_msrv/coin_detail', { coin_id: id })),
      );
      missing = missing.filter((_, index) => {
        const answer = answers[index]!;
        return answer.code !== 0 || !hasDetails(answer.data);
      });
    }
    if (missing.length === 0)
      console.log(
        `soak: every known coin's details in by ${((performance.now() - startedAt) / 1_000).toFixed(0)} s`,
      );
    expect(missing.length, `missing details: ${missing.slice(0, 12).join(', ')}`).toBe(0);
  }, 150_000);

  it('keeps memory flat', () => {
    const warm = samples.find((row) => row.minute >= 2) ?? samples[0]!;
    const end = samples[samples.length - 1]!;
    expect(end.heapMb - warm.heapMb, `heap ${warm.heapMb} → ${end.heapMb} MB`).toBeLessThan(
      Math.max(150, warm.heapMb * 0.5),
    );
  });
});
