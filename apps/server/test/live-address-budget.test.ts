import { ErrorCode } from '@coinlens/contract';
import type { LiveFrame } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { loadConfig } from '../src/config/config.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { eventsOf, LiveClient } from './support/live-client.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

function errorCodes(frame: LiveFrame): number[] {
  return eventsOf(frame, 'error').map((event) => event.code);
}

/** Five pages of all twelve coins of the fake market in five orders: a snapshot of about 20 KB. */
const WHOLE_MARKET_TOPICS = ['rank:asc', 'rank:desc', 'name:asc', 'name:desc', 'price:desc'].map(
  (order) => `list:${order}:1:12`,
);

interface LiveTestServer {
  clock: number;
  readonly provider: FakeMarketProvider;
  readonly server: TestServer;
  /** Opens a live socket as a caller at `address` (X-Forwarded-For, TRUST_PROXY being on). */
  connectFrom(address: string): Promise<LiveClient>;
}

/** A test server for the enclosing describe with TRUST_PROXY on and `env`, its clock and market in the test's hands. */
function liveServer(env: Record<string, string>): LiveTestServer {
  let started: TestServer | undefined;
  const live: LiveTestServer = {
    clock: FAKE_MARKET_EPOCH,
    provider: new FakeMarketProvider(() => live.clock),
    get server() {
      if (!started) throw new Error('the test server has not started');
      return started;
    },
    connectFrom: (address) =>
      LiveClient.connect(`${live.server.baseUrl.replace('http', 'ws')}/gwapi/ws`, {
        'x-forwarded-for': address,
      }),
  };
  beforeAll(async () => {
    started = await startTestServer(
      { TRUST_PROXY: 'true', ...env },
      { now: () => live.clock, marketProvider: live.provider },
    );
  });
  afterAll(() => started?.close());
  return live;
}

describe('live coins per caller address (issue 35, finding 2)', () => {
  const live = liveServer({ LIVE_COINS_PER_ADDRESS: '100' });
  const connectFrom = live.connectFrom;

  it('counts the coins every socket of an address watches against one budget, a list page by its size', async () => {
    const first = await connectFrom('203.0.113.41');
    const second = await connectFrom('203.0.113.41');
    const elsewhere = await connectFrom('203.0.113.42');
    try {
      first.send({ op: 'subscribe', topics: ['list:rank:asc:1:90', 'coin:bitcoin'] });
      expect(errorCodes(await first.next())).toEqual([]);

      // 91 held by the first socket: a page of 10 more is over the address's 100, whichever socket asks.
      second.send({ op: 'subscribe', topics: ['list:rank:asc:2:10'] });
      const refused = await second.next();
      expect(errorCodes(refused)).toEqual([ErrorCode.LimitExceeded]);
      expect(eventsOf(refused, 'snapshot')).toEqual([]);
      second.send({ op: 'subscribe', topics: ['coin:ethereum', 'global'] });
      expect(errorCodes(await second.next())).toEqual([]);

      // Another address has its own budget; a topic already held costs nothing more.
      elsewhere.send({ op: 'subscribe', topics: ['list:rank:asc:1:100'] });
      expect(errorCodes(await elsewhere.next())).toEqual([]);
      first.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      expect(errorCodes(await first.next())).toEqual([]);

      // Unsubscribing gives the coins back, and so does a closed socket.
      first.send({ op: 'unsubscribe', topics: ['list:rank:asc:1:90'] });
      second.send({ op: 'subscribe', topics: ['list:rank:asc:2:10'] });
      expect(errorCodes(await second.next())).toEqual([]);
      first.close();
      await first.closed;
      await vi.waitFor(() => expect(live.server.built.services.market.live.clientCount).toBe(2));
      second.send({ op: 'subscribe', topics: ['list:rank:asc:1:80'] });
      expect(errorCodes(await second.next())).toEqual([]);
    } finally {
      for (const client of [first, second, elsewhere]) client.close();
    }
  });
});

describe('live bytes per second per caller address (issue 35, finding 2)', () => {
  const live = liveServer({ LIVE_BYTES_PER_SECOND_PER_ADDRESS: '1024' });
  const connectFrom = live.connectFrom;

  it('holds the frames of an address past its bytes per second until the budget refills, then sends what changed', async () => {
    const greedy = await connectFrom('203.0.113.43');
    const other = await connectFrom('203.0.113.44');
    try {
      greedy.send({ op: 'subscribe', topics: WHOLE_MARKET_TOPICS });
      expect(eventsOf(await greedy.next(), 'snapshot')).toHaveLength(WHOLE_MARKET_TOPICS.length);
      other.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      await other.next();

      live.provider.priceFactor = 1.01;
      live.clock += 1_000;
      await live.server.tick();
      // The other address gets its tick; the greedy one, 20 KB over a 1 KB/s budget, gets none: the next frame
      // on its socket is the answer to a ping sent after the tick.
      expect(eventsOf(await other.next(), 'coin').map((event) => event.id)).toEqual(['bitcoin']);
      greedy.send({ op: 'ping' });
      expect((await greedy.next()).events).toEqual([{ type: 'heartbeat' }]);

      // New snapshots wait for the budget too.
      greedy.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      expect(errorCodes(await greedy.next())).toEqual([ErrorCode.TooFrequent]);

      // Once refilled, one frame carries every change held back.
      live.clock += 60_000;
      await live.server.tick();
      const caughtUp = await greedy.next();
      expect(eventsOf(caughtUp, 'coin').length).toBe(12);
    } finally {
      live.provider.priceFactor = 1;
      greedy.close();
      other.close();
    }
  });
});

describe('live socket defaults', () => {
  it('lets one address hold 32 sockets by default, room for a household behind one NAT', () => {
    const config = loadConfig({});
    expect(config.LIVE_CONNECTIONS_PER_ADDRESS).toBe(32);
    expect(config.LIVE_COINS_PER_ADDRESS).toBe(6_400);
    expect(config.LIVE_BYTES_PER_SECOND_PER_ADDRESS).toBe(262_144);
  });
});
