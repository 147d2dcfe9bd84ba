import { COIN_SORT_KEYS, ErrorCode, MAX_LIVE_SESSION_TOPICS, MAX_LIVE_TOPICS } from '@coinlens/contract';
import type { LiveFrame } from '@coinlens/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { LIVE_RULES } from '../src/live/live-hub.js';
import { MarketService } from '../src/modules/market/market.service.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { eventsOf, LiveClient } from './support/live-client.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** Every (sort, order) pair a list topic can name: the most sorts one tick may need. */
const SORT_PAIRS = COIN_SORT_KEYS.flatMap((sort) =>
  (['asc', 'desc'] as const).map((order) => ({ sort, order })),
);

function errorCodes(frame: LiveFrame): number[] {
  return eventsOf(frame, 'error').map((event) => event.code);
}

/** The live list topics' sorts: calls of the coin ordering for the given sort key (or all). */
function sortsOf(spy: { mock: { calls: unknown[][] } }, sort?: string): number {
  return spy.mock.calls.filter(([query]) => sort === undefined || (query as { sort: string }).sort === sort)
    .length;
}

describe('one live socket cannot eat the server (finding 1 of issue 24)', () => {
  let clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);
  let server: TestServer;
  let url: string;
  /** Each test speaks from its own address (TRUST_PROXY is on), so the per-address cap of one does not meet another. */
  const connectFrom = (address: string) => LiveClient.connect(url, { 'x-forwarded-for': address });

  beforeAll(async () => {
    server = await startTestServer(
      { TRUST_PROXY: 'true', LIVE_CONNECTIONS_PER_ADDRESS: '3' },
      { now: () => clock, marketProvider: provider },
    );
    url = `${server.baseUrl.replace('http', 'ws')}/gwapi/ws`;
  });
  afterAll(() => server.close());
  afterEach(() => vi.restoreAllMocks());

  it(`refuses a subscription that would take a connection past ${MAX_LIVE_SESSION_TOPICS} topics`, async () => {
    const client = await connectFrom('203.0.113.1');
    try {
      const topics = Array.from(
        { length: MAX_LIVE_SESSION_TOPICS + 1 },
        (_, index) => `list:rank:asc:${index + 1}:1`,
      );
      const held = topics.slice(0, MAX_LIVE_SESSION_TOPICS);
      for (let start = 0; start < held.length; start += MAX_LIVE_TOPICS) {
        client.send({ op: 'subscribe', topics: held.slice(start, start + MAX_LIVE_TOPICS) });
        expect(errorCodes(await client.next())).toEqual([]);
      }
      client.send({ op: 'subscribe', topics: [topics[MAX_LIVE_SESSION_TOPICS]] });
      const refused = await client.next();
      expect(errorCodes(refused)).toEqual([ErrorCode.LimitExceeded]);
      expect(eventsOf(refused, 'snapshot')).toEqual([]);

      // Topics already held do not grow the count: a client resynchronises by subscribing again.
      client.send({ op: 'subscribe', topics: held.slice(0, 3) });
      expect(eventsOf(await client.next(), 'snapshot')).toHaveLength(3);
      client.send({ op: 'unsubscribe', topics: [held[0]] });
      client.send({ op: 'subscribe', topics: [topics[MAX_LIVE_SESSION_TOPICS]] });
      expect(eventsOf(await client.next(), 'snapshot').map((event) => event.topic)).toEqual([
        topics[MAX_LIVE_SESSION_TOPICS],
      ]);
    } finally {
      client.close();
    }
  });

  it('refuses a list topic written a second way or out of coin_list range, and sorts once for every page and size of a sort', async () => {
    const client = await connectFrom('203.0.113.2');
    try {
      for (const topic of [
        'list:name:asc:1:01',
        'list:name:asc:01:1',
        'list:name:asc:0:1',
        'list:name:asc:1:0',
        'list:name:asc:1:101',
      ]) {
        client.send({ op: 'subscribe', topics: [topic] });
        expect(errorCodes(await client.next()), topic).toEqual([ErrorCode.ParameterInvalid]);
      }

      const sorts = vi.spyOn(MarketService.prototype, 'orderedCoins');
      client.send({
        op: 'subscribe',
        topics: ['list:name:asc:1:3', 'list:name:asc:1:1', 'list:name:asc:2:1'],
      });
      const [firstThree, first, second] = eventsOf(await client.next(), 'snapshot').map((event) => event.ids);
      expect(firstThree).toHaveLength(3);
      expect(first).toEqual(firstThree?.slice(0, 1));
      expect(second).toEqual(firstThree?.slice(1, 2));
      expect(sortsOf(sorts, 'name')).toBe(1);

      sorts.mockClear();
      clock += 1_000;
      await server.tick();
      expect(sortsOf(sorts, 'name')).toBe(1);
    } finally {
      client.close();
    }
  });

  it('keeps the sorts per tick within the distinct (sort, order) pairs under 20 messages of 120 distinct list topics', async () => {
    const client = await connectFrom('203.0.113.3');
    try {
      const messages = Array.from({ length: 20 }, (_, message) =>
        Array.from({ length: MAX_LIVE_TOPICS }, (_, index) => {
          const n = message * MAX_LIVE_TOPICS + index;
          const { sort, order } = SORT_PAIRS[n % SORT_PAIRS.length] ?? { sort: 'rank', order: 'asc' };
          // Each n names its own (pair, page), so all 2,400 topics are distinct.
          return `list:${sort}:${order}:${1 + Math.floor(n / SORT_PAIRS.length)}:${1 + (n % 100)}`;
        }),
      );
      expect(new Set(messages.flat()).size).toBe(20 * MAX_LIVE_TOPICS);

      const sorts = vi.spyOn(MarketService.prototype, 'orderedCoins');
      for (const topics of messages) client.send({ op: 'subscribe', topics });
      for (const _ of messages) await client.next();
      expect(sortsOf(sorts)).toBeGreaterThan(0);
      expect(sortsOf(sorts)).toBeLessThanOrEqual(SORT_PAIRS.length);

      sorts.mockClear();
      clock += 1_000;
      await server.tick();
      expect(sortsOf(sorts)).toBeGreaterThan(0);
      expect(sortsOf(sorts)).toBeLessThanOrEqual(SORT_PAIRS.length);
    } finally {
      client.close();
    }
  });

  it('answers messages past the socket budget with 802009 and closes a socket that keeps sending with 1008', async () => {
    const client = await connectFrom('203.0.113.4');
    for (let index = 0; index < LIVE_RULES.messageTokens; index++) client.send({ op: 'ping' });
    for (let index = 0; index < LIVE_RULES.messageTokens; index++)
      expect((await client.next()).events).toEqual([{ type: 'heartbeat' }]);
    client.send({ op: 'ping' });
    expect(errorCodes(await client.next())).toEqual([ErrorCode.TooFrequent]);

    // The budget refills with time (the server's clock is the test's).
    clock += 1_000;
    client.send({ op: 'ping' });
    expect((await client.next()).events).toEqual([{ type: 'heartbeat' }]);

    for (let index = 0; index < LIVE_RULES.messageTokens * 2; index++) client.send({ op: 'ping' });
    expect((await client.closed).code).toBe(1008);
  });

  it('caps live sockets per caller address, the address taken from X-Forwarded-For as TRUST_PROXY says', async () => {
    const address = '203.0.113.5';
    const held = await Promise.all([1, 2, 3].map(() => connectFrom(address)));
    try {
      const refused = await connectFrom(address);
      expect(errorCodes(await refused.next())).toEqual([ErrorCode.LimitExceeded]);
      expect((await refused.closed).code).toBe(1008);

      const elsewhere = await connectFrom('203.0.113.6');
      elsewhere.send({ op: 'ping' });
      expect((await elsewhere.next()).events).toEqual([{ type: 'heartbeat' }]);
      elsewhere.close();

      // A closed socket gives its place back.
      held.shift()?.close();
      await vi.waitFor(() => expect(server.built.services.market.live.clientCount).toBe(2), {
        timeout: 5_000,
      });
      const again = await connectFrom(address);
      held.push(again);
      again.send({ op: 'ping' });
      expect((await again.next()).events).toEqual([{ type: 'heartbeat' }]);
    } finally {
      for (const client of held) client.close();
    }
  });

  it('takes the address the trusted proxy saw, not an entry the client wrote further left', async () => {
    // The proxy appends the address it saw; everything before it is the client's own writing.
    const viaProxy = (forged: string) => connectFrom(`${forged}, 203.0.113.20`);
    const held = await Promise.all(['198.51.100.1', '198.51.100.2', '198.51.100.3'].map(viaProxy));
    try {
      const refused = await viaProxy('198.51.100.4');
      expect(errorCodes(await refused.next())).toEqual([ErrorCode.LimitExceeded]);
      expect((await refused.closed).code).toBe(1008);
    } finally {
      for (const client of held) client.close();
    }
  });

  it('measures the message cap in bytes, so three-byte characters cannot carry three times as much', async () => {
    const client = await connectFrom('203.0.113.9');
    try {
      // 6,000 characters of 币 are 6,000 UTF-16 units but 18,000 bytes: over the 16,384-byte cap.
      const wide = JSON.stringify({ op: 'ping', pad: '币'.repeat(6_000) });
      expect(Buffer.byteLength(wide)).toBeGreaterThan(LIVE_RULES.maxMessageBytes);
      expect(wide.length).toBeLessThan(LIVE_RULES.maxMessageBytes);
      client.send(wide);
      expect(errorCodes(await client.next())).toEqual([50500]);
    } finally {
      client.close();
    }
  });

  it('answers a plain GET of the socket path like any unknown gateway path', async () => {
    const response = await fetch(`${server.baseUrl}/gwapi/ws`);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { code: number }).code).toBe(ErrorCode.NotFound);
  });
});

describe('live sockets per address without TRUST_PROXY', () => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await startTestServer({ LIVE_CONNECTIONS_PER_ADDRESS: '2' });
    url = `${server.baseUrl.replace('http', 'ws')}/gwapi/ws`;
  });
  afterAll(() => server.close());

  it('counts the socket address, whatever X-Forwarded-For claims', async () => {
    const held = await Promise.all(
      ['198.51.100.1', '198.51.100.2'].map((address) =>
        LiveClient.connect(url, { 'x-forwarded-for': address }),
      ),
    );
    try {
      const refused = await LiveClient.connect(url, { 'x-forwarded-for': '198.51.100.3' });
      expect(errorCodes(await refused.next())).toEqual([ErrorCode.LimitExceeded]);
      expect((await refused.closed).code).toBe(1008);
    } finally {
      for (const client of held) client.close();
    }
  });
});
