import { afterEach, describe, expect, it } from 'vitest';

import type { CandleQuery, Candle } from '@coinlens/market-model';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** The fake market, with its daily candles held back until the test lets them through. */
class HeldBackDailyHistory extends FakeMarketProvider {
  private release: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  private noticeRequest: () => void = () => undefined;
  /** Settles when the server first asks for daily candles (the back-fill is under way). */
  readonly dailyRequested = new Promise<void>((resolve) => (this.noticeRequest = resolve));

  override async getCandles(query: CandleQuery): Promise<Candle[]> {
    if (query.resolution === '1d') {
      this.noticeRequest();
      await this.gate;
    }
    return super.getCandles(query);
  }

  letDailyHistoryThrough(): void {
    this.release();
  }
}

describe.each(TEST_DIALECTS)('start-up on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('serves health and every market list while the daily history is still being back-filled', async () => {
    const clock = FAKE_MARKET_EPOCH;
    const provider = new HeldBackDailyHistory(() => clock);
    server = await startTestServerOn(
      dialect,
      {},
      { now: () => clock, marketProvider: provider },
      { whileBackfilling: true },
    );
    await provider.dailyRequested;
    let historyLoaded = false;
    void server.built.services.market.ingest.historyLoaded.then(() => (historyLoaded = true));

    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    // Healthy while warming: every call answers, the daily-derived figures and the score are still coming.
    // The daily history is held back, so nothing of it can be stored yet.
    expect(await health.json()).toMatchObject({ status: 'ok', market: 'warming', history: 'storing' });
    const stats = await server.client.request('appmarket_msrv/global_stats', {});
    expect(stats.code).toBe(0);
    expect(stats.data.coin_count).toBe(12);
    const list = await server.client.request('appmarket_msrv/coin_list', { page_size: 100 });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(12);
    // The recent history is read before the first tick: changes and sparklines are there at once.
    const bitcoin = list.data.list.find((coin) => coin.id === 'bitcoin');
    expect(bitcoin?.change_24h).not.toBeNull();
    expect(bitcoin?.sparkline_7d?.length ?? 0).toBeGreaterThan(0);
    expect((await server.client.request('appmarket_msrv/exchange_list', {})).code).toBe(0);
    const detail = await server.client.request('appmarket_msrv/coin_detail', { coin_id: 'ethereum' });
    expect(detail.code).toBe(0);
    // What needs years of daily candles follows once they are in.
    expect(detail.data.roi).toBeNull();
    expect(historyLoaded).toBe(false);

    provider.letDailyHistoryThrough();
    await server.built.services.market.ingest.historyLoaded;
    const later = await server.client.request('appmarket_msrv/coin_detail', { coin_id: 'ethereum' });
    expect(later.data.roi).not.toBeNull();
    expect(later.data.first_day_open).not.toBeNull();
    expect(later.data.btc_correlation).toBeGreaterThan(0.9);
    await server.built.services.market.ingest.score(AbortSignal.timeout(10_000));
    expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toMatchObject({ market: 'ready' });
    await server.built.services.market.ingest.settled;
    expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toMatchObject({ history: 'stored' });
  });
});
