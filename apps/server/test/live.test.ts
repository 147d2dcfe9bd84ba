import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { eventsOf, LiveClient } from './support/live-client.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

describe('live updates over /gwapi/ws', () => {
  let clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock, marketProvider: provider });
    url = `${server.baseUrl.replace('http', 'ws')}/gwapi/ws`;
  });
  afterAll(() => server.close());

  it('answers a subscription with snapshots, then sends only changed fields when the price moves', async () => {
    const client = await LiveClient.connect(url);
    try {
      client.send({ op: 'subscribe', topics: ['coin:bitcoin', 'global', 'list:rank:asc:1:3'] });
      const snapshot = await client.next();
      const snapshots = eventsOf(snapshot, 'snapshot');
      expect(snapshots.map((event) => event.topic)).toEqual(['coin:bitcoin', 'global', 'list:rank:asc:1:3']);
      expect(snapshots[2]?.ids).toEqual(['bitcoin', 'ethereum', 'solana']);
      const before = snapshots[0]?.coins?.bitcoin?.price ?? 0;

      provider.priceFactor = 1.01;
      await server.tick();
      const update = await client.next();
      expect(
        eventsOf(update, 'coin')
          .map((event) => event.id)
          .sort(),
      ).toEqual(['bitcoin', 'ethereum', 'solana']);
      const btc = eventsOf(update, 'coin').find((event) => event.id === 'bitcoin');
      expect(btc?.changes.price).toBeCloseTo(before * 1.01, 0);
      expect(btc?.changes).not.toHaveProperty('rank');
      expect(eventsOf(update, 'global')[0]?.changes.total_market_cap).toBeGreaterThan(0);
      expect(eventsOf(update, 'list')).toEqual([]);

      await server.tick();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.pending()).toBe(0);
    } finally {
      provider.priceFactor = 1;
      client.close();
    }
  });

  it('sends values in the subscription currency', async () => {
    const client = await LiveClient.connect(url);
    try {
      client.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      const usd = eventsOf(await client.next(), 'snapshot')[0]?.coins?.bitcoin?.price ?? 0;
      client.send({ op: 'subscribe', topics: ['coin:bitcoin'], currency: 'cny' });
      const cny = eventsOf(await client.next(), 'snapshot')[0]?.coins?.bitcoin?.price ?? 0;
      expect(cny).toBeCloseTo(usd * 7.2, 0);
    } finally {
      client.close();
    }
  });

  it('stops sending a topic after unsubscribe', async () => {
    const client = await LiveClient.connect(url);
    try {
      client.send({ op: 'subscribe', topics: ['coin:dogecoin'] });
      await client.next();
      client.send({ op: 'unsubscribe', topics: ['coin:dogecoin'] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      provider.priceFactor = 1.02;
      await server.tick();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.pending()).toBe(0);
    } finally {
      provider.priceFactor = 1;
      client.close();
    }
  });

  it('gives clients with the same subscription the same frame, and keeps them independent afterwards', async () => {
    const first = await LiveClient.connect(url);
    const second = await LiveClient.connect(url);
    try {
      for (const client of [first, second]) {
        client.send({ op: 'subscribe', topics: ['coin:bitcoin', 'coin:ethereum'] });
        await client.next();
      }
      provider.priceFactor = 1.03;
      await server.tick();
      const [a, b] = [await first.next(), await second.next()];
      expect(a.events).toEqual(b.events);
      expect(eventsOf(a, 'coin')).toHaveLength(2);

      second.send({ op: 'unsubscribe', topics: ['coin:ethereum'] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      provider.priceFactor = 1.04;
      await server.tick();
      expect(
        eventsOf(await first.next(), 'coin')
          .map((event) => event.id)
          .sort(),
      ).toEqual(['bitcoin', 'ethereum']);
      expect(eventsOf(await second.next(), 'coin').map((event) => event.id)).toEqual(['bitcoin']);
    } finally {
      provider.priceFactor = 1;
      first.close();
      second.close();
    }
  });

  it('keeps every member of a large group of identical subscriptions updated on every tick', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => LiveClient.connect(url)));
    try {
      for (const client of clients) {
        client.send({ op: 'subscribe', topics: ['coin:solana'] });
        await client.next();
      }
      for (const factor of [1.05, 1.06, 1.07, 1.08]) {
        provider.priceFactor = factor;
        clock += 1_000; // ticks carry their own time, as in production
        await server.tick();
        const frames = await Promise.all(clients.map((client) => client.next()));
        for (const frame of frames)
          expect(eventsOf(frame, 'coin').map((event) => event.id)).toEqual(['solana']);
      }
    } finally {
      provider.priceFactor = 1;
      for (const client of clients) client.close();
    }
  });

  it('answers malformed messages, unknown topics and currencies with an error event and stays open', async () => {
    const client = await LiveClient.connect(url);
    try {
      for (const message of [
        'not json',
        { op: 'dance' },
        { op: 'subscribe', topics: ['weather:paris'] },
        { op: 'subscribe', topics: ['list:colour:asc:1:5'] },
        { op: 'subscribe', topics: ['global'], currency: 'xyz' },
      ]) {
        client.send(message);
        const frame = await client.next();
        expect(frame.events[0]?.type).toBe('error');
      }
      client.send({ op: 'ping' });
      expect((await client.next()).events).toEqual([{ type: 'heartbeat' }]);
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      client.close();
    }
  });
});
