import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from '../support/accounts.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { eventsOf, LiveClient } from '../support/live-client.js';
import { startLiveReplays } from '../support/live-replays.js';
import type { LiveReplays } from '../support/live-replays.js';
import { startTestServer } from '../support/test-server.js';
import type { TestServer } from '../support/test-server.js';
import { describeFault, expectAnswerWithin, faultsBeyond } from './outage-calls.js';

const REQUEST_TIMEOUT_MS = 500;
const TICK_MS = 300;
const HEARTBEAT_MS = 1_500;
/**
 * Market reads answer from memory; a chart may first ask the source, for at most one request timeout (0.5 s)
 * before it answers what is stored. 5 s covers that on a loaded 2-core machine; a hang never answers.
 */
const ANSWER_BOUND_MS = 5_000;
/**
 * The first tick after the source is back: failed ticks back off, but never past ten tick intervals (3 s);
 * twice that plus a heartbeat, for a loaded machine.
 */
const RECOVERY_BOUND_MS = 2 * 10 * TICK_MS + HEARTBEAT_MS + 3_000;

/** CoinGecko (prices, profiles, charts) behind the proxy; the other live sources answer directly. */
describe('market source outages behind a fault proxy', () => {
  let replays: LiveReplays;
  let proxy: FaultProxy;
  let server: TestServer;

  beforeAll(async () => {
    replays = await startLiveReplays();
    const coingecko = new URL(replays.coingecko.url);
    proxy = await FaultProxy.start({ host: coingecko.hostname, port: Number(coingecko.port) });
    server = await startTestServer(
      {
        ...replays.env,
        COINGECKO_BASE_URL: proxy.url(coingecko.pathname.replace(/\/$/, '')),
        COINGECKO_MIN_INTERVAL_MS: '0',
        MARKET_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        MARKET_TICK_MS: String(TICK_MS),
        MARKET_HEARTBEAT_MS: String(HEARTBEAT_MS),
      },
      {},
      { whileBackfilling: true },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await replays?.close();
  });

  const list = () => callAs(server, 'appmarket_msrv/coin_list', { page_size: 20 });
  const detail = () => callAs(server, 'appmarket_msrv/coin_detail', { coin_id: 'bitcoin' });
  const global = () => callAs(server, 'appmarket_msrv/global_stats', {});
  const kline = () => callAs(server, 'appmarket_msrv/coin_kline', { coin_id: 'bitcoin', range: 'D' });
  const prices = (answer: Awaited<ReturnType<typeof list>>) =>
    answer.data.list.map((coin) => [coin.id, coin.price] as const);

  /** The first change of bitcoin's fields that `wanted` accepts; frames without it are passed over. */
  async function coinChange(
    client: LiveClient,
    wanted: (changes: Record<string, unknown>) => boolean,
    timeoutMs: number,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await client.next(Math.max(1, deadline - Date.now()));
      const event = eventsOf(frame, 'coin').find((coin) => coin.id === 'bitcoin' && wanted(coin.changes));
      if (event) return event.changes;
    }
  }

  it('tells live subscribers when the values go stale, and when they are fresh again', async () => {
    await expect.poll(async () => (await list()).data.stale, { timeout: RECOVERY_BOUND_MS }).toBe(false);
    const client = await LiveClient.connect(`${server.baseUrl.replace('http', 'ws')}/gwapi/ws`);
    try {
      client.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      const snapshot = eventsOf(await client.next(), 'snapshot')[0]?.coins?.bitcoin;
      expect(snapshot?.stale).toBe(false);
      proxy.set({ kind: 'blackhole' });
      // No tick arrives while the source is silent: the stale flag must still reach the socket.
      const stale = await coinChange(client, (changes) => changes.stale === true, HEARTBEAT_MS + 5_000);
      expect(stale).not.toHaveProperty('price');
      proxy.set({ kind: 'pass' });
      await coinChange(client, (changes) => changes.stale === false, RECOVERY_BOUND_MS);
    } finally {
      proxy.set({ kind: 'pass' });
      client.close();
    }
  }, 60_000);

  for (const fault of faultsBeyond(REQUEST_TIMEOUT_MS)) {
    it(`answers last-good values flagged stale under ${describeFault(fault)}, fresh again after`, async () => {
      await expect.poll(async () => (await list()).data.stale, { timeout: RECOVERY_BOUND_MS }).toBe(false);
      const lastGood = await list();
      expect(lastGood.data.list.length).toBeGreaterThan(0);

      const faultAt = Date.now();
      proxy.set(fault);
      await expect.poll(async () => (await list()).data.stale, { timeout: HEARTBEAT_MS + 5_000 }).toBe(true);

      const during = await expectAnswerWithin(ANSWER_BOUND_MS, list);
      expect(during.code).toBe(ErrorCode.Success);
      expect(during.data.stale).toBe(true);
      // As of the last tick that read the source: not before the last fresh answer, and begun before the fault.
      expect(during.data.as_of).toBeGreaterThanOrEqual(lastGood.data.as_of);
      expect(during.data.as_of).toBeLessThanOrEqual(faultAt);
      // The replay answers the same prices every time: the last-good ones are exactly the ones before the fault.
      expect(prices(during)).toEqual(prices(lastGood));
      const reads: (() => Promise<{ code: number; data: { stale: boolean; as_of: number } }>)[] = [
        detail,
        global,
        kline,
      ];
      for (const read of reads) {
        const answer = await expectAnswerWithin(ANSWER_BOUND_MS, read);
        expect(answer.code).toBe(ErrorCode.Success);
        expect(answer.data).toMatchObject({ stale: true, as_of: during.data.as_of });
      }
      // The source stays away: the values stay as they were, still flagged.
      const later = await expectAnswerWithin(ANSWER_BOUND_MS, list);
      expect(later.data).toMatchObject({ stale: true, as_of: during.data.as_of });

      proxy.set({ kind: 'pass' });
      await expect
        .poll(async () => (await list()).data, { timeout: RECOVERY_BOUND_MS, interval: 100 })
        .toMatchObject({ stale: false });
      const fresh = await list();
      expect(fresh.data.as_of).toBeGreaterThan(faultAt);
      expect(prices(fresh)).toEqual(prices(lastGood));
    }, 60_000);
  }
});
