import { ErrorCode, LIVE_SOCKET_PATH, liveClientMessage, MAX_LIVE_SESSION_TOPICS } from '@coinlens/contract';
import type { LiveEvent, LiveFrame } from '@coinlens/contract';
import type {} from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

import { resolveCallerLanguage } from '../gateway/caller-language.js';
import { sendFailure } from '../gateway/gateway-answers.js';
import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { Currencies } from '../market-store/currency-converter.js';
import { addressKey } from '../security/address-key.js';
import type { ConcurrencyLimiter, SlotRelease } from '../security/concurrency-limiter.js';
import type { MarketReader } from '../market-store/market-reader.js';
import { AddressBudgets } from './address-budgets.js';
import type { AddressBudget, AddressLimits } from './address-budgets.js';
import { refuseHandshake } from './handshake-refusal.js';
import { LiveSession } from './live-session.js';
import { isServableTopic } from './live-topic.js';
import type { PubSub } from './pub-sub.js';
import { MARKET_TICK_CHANNEL } from './pub-sub.js';
import { TickContext } from './tick-context.js';
import { TokenBucket } from './token-bucket.js';

export const LIVE_RULES = {
  /** A client whose unsent data passes this is too slow to keep: it is dropped, never buffered without bound. */
  maxBufferedBytes: 1_048_576,
  /** A frame with just a heartbeat goes out when a client heard nothing for this long. */
  heartbeatMs: 15_000,
  /** Clients that do not answer a WebSocket ping within this are closed. */
  pingIntervalMs: 30_000,
  maxMessageBytes: 16_384,
  maxClients: 20_000,
  /**
   * Each socket's message budget (a token bucket): a message costs one token, a subscription one more per topic,
   * since each topic is a snapshot to build and send. The web app sends at most two messages per 150 ms of
   * scrolling with a few dozen topics; the burst holds two full resubscriptions (a reconnect, a currency change).
   */
  messageTokens: 500,
  messageTokensPerSecond: 250,
  /** Messages refused in a row before the socket is closed with 1008 (policy violation). */
  maxRefusedInARow: 20,
} as const;

/** WebSocket close code for a client that broke the rules (RFC 6455 §7.4.1). */
const POLICY_VIOLATION = 1008;
const TRY_AGAIN_LATER = 1013;

interface Client {
  socket: WebSocket;
  session: LiveSession;
  /** The caller's address, as the HTTP side sees it (TRUST_PROXY). */
  address: string;
  lastSentAt: number;
  alive: boolean;
  budget: TokenBucket;
  refusedInARow: number;
  /** Gives back the client's place among its address's connections; null until granted. */
  release: SlotRelease | null;
  /** The coins and bytes the client shares with the other sockets of its address in this process. */
  addressBudget: AddressBudget;
  /** The client's coins in its address budget (its session's coin count when last granted). */
  coinsHeld: number;
}

/** The tick context subscriptions share, and what the market looked like when it was made. */
interface SharedTick {
  context: TickContext;
  marketVersion: string;
}

/**
 * `/gwapi/ws`: typed market events to subscribed clients, one coalesced frame per client per tick. Each caller
 * address has a budget of sockets (across instances), and of coins watched and bytes sent a second (in this
 * instance: docs/scale-out.md says why that is enough). Which origins may open a socket is the app-wide origin
 * policy's (http/origin-policy.ts), checked before the upgrade.
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly budgets: AddressBudgets;
  private unsubscribe: (() => Promise<void>) | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private lastTick: SharedTick | null = null;

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly currencies: Currencies,
    private readonly market: MarketReader,
    private readonly pubSub: PubSub,
    private readonly log: FastifyBaseLogger,
    /** Counts open sockets per caller address, `limits.connections` at most. */
    private readonly connections: ConcurrencyLimiter,
    private readonly limits: AddressLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.budgets = new AddressBudgets(limits, now);
  }

  get clientCount(): number {
    return this.clients.size;
  }

  async start(app: FastifyInstance, basePath: string): Promise<void> {
    this.unsubscribe = await this.pubSub.subscribe(MARKET_TICK_CHANNEL, () => this.broadcast());
    this.pingTimer = setInterval(() => this.pingAll(), LIVE_RULES.pingIntervalMs);
    this.pingTimer.unref();
    app.websocketServer.on('wsClientError', (_error, socket, request) => refuseHandshake(socket, request));
    app.route({
      method: 'GET',
      url: `${basePath}${LIVE_SOCKET_PATH}`,
      // A plain GET (no upgrade) answers like any other unknown gateway path, not with an empty 404.
      handler: (request, reply) =>
        sendFailure(reply, ErrorCode.NotFound, resolveCallerLanguage(request.headers)),
      wsHandler: (socket, request) => this.accept(socket, request.ip),
    });
  }

  async stop(): Promise<void> {
    if (this.pingTimer) clearInterval(this.pingTimer);
    await this.unsubscribe?.();
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    for (const client of [...this.clients]) this.remove(client);
  }

  private accept(socket: WebSocket, address: string): void {
    if (this.clients.size >= LIVE_RULES.maxClients) {
      socket.close(1013, 'too many clients');
      return;
    }
    const client: Client = {
      socket,
      session: new LiveSession(),
      address,
      lastSentAt: this.now(),
      alive: true,
      budget: new TokenBucket(LIVE_RULES.messageTokens, LIVE_RULES.messageTokensPerSecond, this.now),
      refusedInARow: 0,
      release: null,
      addressBudget: this.budgets.join(addressKey(address)),
      coinsHeld: 0,
    };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.remove(client));
    socket.on('error', (error) => {
      this.log.debug({ err: error }, 'live socket error');
      this.remove(client);
    });
    const admitted = this.admit(client);
    // Messages wait for the admission's answer; promise callbacks keep their order.
    socket.on('message', (data, isBinary) => {
      void admitted.then((admit) => admit && this.receive(client, data, isBinary));
    });
  }

  /** Takes a place among the caller address's connections, or answers 3009 and closes. */
  private async admit(client: Client): Promise<boolean> {
    let release: SlotRelease | null;
    try {
      release = await this.connections.acquire(`live:${addressKey(client.address)}`, this.limits.connections);
    } catch (error) {
      this.log.warn({ err: error }, 'live connection count unavailable');
      this.send(client, [{ type: 'error', code: ErrorCode.SystemError, msg: 'try again later' }]);
      client.socket.close(TRY_AGAIN_LATER, 'try again later');
      this.remove(client);
      return false;
    }
    if (!release) {
      this.send(client, [
        { type: 'error', code: ErrorCode.LimitExceeded, msg: 'too many live connections from this address' },
      ]);
      client.socket.close(POLICY_VIOLATION, 'too many connections from this address');
      this.remove(client);
      return false;
    }
    if (!this.clients.has(client)) {
      release(); // it went while the count answered
      return false;
    }
    client.release = release;
    return true;
  }

  private remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    client.release?.();
    client.release = null;
    this.budgets.leave(client.addressBudget, client.coinsHeld);
    client.coinsHeld = 0;
  }

  /** Charges the socket's message budget: 802009 when it is spent, and a close for a socket that keeps on. */
  private spend(client: Client, cost: number): boolean {
    if (client.budget.take(cost)) {
      client.refusedInARow = 0;
      return true;
    }
    client.refusedInARow += 1;
    if (client.refusedInARow >= LIVE_RULES.maxRefusedInARow) {
      this.log.info({ address: client.address }, 'closing a live client that keeps flooding');
      client.socket.close(POLICY_VIOLATION, 'too many messages');
      this.remove(client);
    } else {
      this.send(client, [
        { type: 'error', code: ErrorCode.TooFrequent, msg: 'too many messages: slow down' },
      ]);
    }
    return false;
  }

  private receive(client: Client, data: unknown, isBinary: boolean): void {
    if (client.socket.readyState !== client.socket.OPEN || !this.spend(client, 1)) return;
    // The cap is on bytes as received: a string's length counts UTF-16 units, up to three bytes each.
    const bytes = Buffer.isBuffer(data) ? data : null;
    if (isBinary || !bytes || bytes.length === 0 || bytes.length > LIVE_RULES.maxMessageBytes) {
      this.send(client, [{ type: 'error', code: 50500, msg: 'messages are JSON text' }]);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      this.send(client, [{ type: 'error', code: 50500, msg: 'not valid JSON' }]);
      return;
    }
    const message = liveClientMessage.safeParse(parsed);
    if (!message.success) {
      const path = message.error.issues[0]?.path.join('.') ?? '';
      this.send(client, [{ type: 'error', code: 50500, msg: `invalid message${path ? `: ${path}` : ''}` }]);
      return;
    }
    const request = message.data;
    switch (request.op) {
      case 'ping':
        this.send(client, [{ type: 'heartbeat' }]);
        return;
      case 'unsubscribe':
        client.session.unsubscribe(request.topics);
        client.addressBudget.resizeCoins(client.coinsHeld, client.session.coinCount);
        client.coinsHeld = client.session.coinCount;
        return;
      case 'subscribe': {
        if (!this.spend(client, request.topics.length)) return;
        const unknown = request.topics.find((topic) => !isServableTopic(topic));
        if (unknown) {
          this.send(client, [{ type: 'error', code: 50500, msg: `unknown topic: ${unknown}` }]);
          return;
        }
        if (request.currency && request.currency !== 'usd' && !this.snapshot.rates.has(request.currency)) {
          this.send(client, [{ type: 'error', code: 50500, msg: `unknown currency: ${request.currency}` }]);
          return;
        }
        if (client.session.topicCountWith(request.topics) > MAX_LIVE_SESSION_TOPICS) {
          const msg = `too many topics: at most ${MAX_LIVE_SESSION_TOPICS} per connection`;
          this.send(client, [{ type: 'error', code: ErrorCode.LimitExceeded, msg }]);
          return;
        }
        if (!client.addressBudget.bytes.hasTokens()) {
          const msg = 'live data budget of this address spent: subscribe again shortly';
          this.send(client, [{ type: 'error', code: ErrorCode.TooFrequent, msg }]);
          return;
        }
        const coins = client.session.coinCountWith(request.topics);
        if (!client.addressBudget.resizeCoins(client.coinsHeld, coins)) {
          const msg = `too many coins watched from this address: at most ${this.limits.coins}`;
          this.send(client, [{ type: 'error', code: ErrorCode.LimitExceeded, msg }]);
          return;
        }
        client.coinsHeld = coins;
        this.send(client, client.session.subscribe(request.topics, request.currency, this.sharedTick()));
      }
    }
  }

  /**
   * One frame per client per tick with only what changed for it; a heartbeat for clients quiet too long.
   * Clients in the same group (same topics, currency, last tick) share one computed and serialised frame.
   * Clients whose address owes bytes sit the tick out, costing neither a diff nor a frame; their next frame
   * carries everything that changed meanwhile.
   */
  private broadcast(): void {
    const now = this.now();
    const tick = new TickContext(this.snapshot, this.currencies, this.market, now);
    this.lastTick = { context: tick, marketVersion: this.marketVersion(now) };
    const groups = new Map<string, { leader: LiveSession; events: LiveEvent[]; payload: Buffer | null }>();
    // Keys and budgets are read before any update: followers share their leader's state, so after the leader's
    // update their key would already name the new tick and no longer match the group they belong to.
    const members = [...this.clients].map((client) => ({
      client,
      key: client.session.groupKey(),
      sitsOut: !client.addressBudget.bytes.hasTokens(),
    }));
    for (const { client, sitsOut } of members) if (sitsOut) client.session.detach();
    for (const { client, key, sitsOut } of members) {
      if (sitsOut) {
        if (now - client.lastSentAt >= LIVE_RULES.heartbeatMs) this.send(client, [{ type: 'heartbeat' }]);
        continue;
      }
      const group = key === null ? undefined : groups.get(key);
      let events: LiveEvent[];
      let payload: Buffer | null = null;
      if (group) {
        client.session.adopt(group.leader);
        events = group.events;
        payload = group.payload;
      } else {
        events = client.session.update(tick);
        if (key !== null) {
          payload = events.length > 0 ? this.serialise(events) : null;
          groups.set(key, { leader: client.session, events, payload });
        }
      }
      if (events.length > 0) this.send(client, events, payload);
      else if (now - client.lastSentAt >= LIVE_RULES.heartbeatMs) this.send(client, [{ type: 'heartbeat' }]);
    }
  }

  /**
   * The context of the last tick for subscriptions, so a burst of them does not convert and sort again for each
   * message; a new one only when the market changed without a tick (scores, rates, profiles, staleness).
   */
  private sharedTick(): TickContext {
    const now = this.now();
    const version = this.marketVersion(now);
    if (this.lastTick?.marketVersion !== version) {
      this.lastTick = {
        context: new TickContext(this.snapshot, this.currencies, this.market, now),
        marketVersion: version,
      };
    }
    return this.lastTick.context;
  }

  private marketVersion(now: number): string {
    const { version, ratesAsOf, profilesVersion } = this.snapshot;
    return `${version}|${ratesAsOf}|${profilesVersion}|${this.snapshot.isStale(now)}`;
  }

  /** UTF-8 encoded once, so a frame shared by thousands of clients is not encoded again for each of them. */
  private serialise(events: LiveEvent[]): Buffer {
    const frame: LiveFrame = { t: this.now(), events };
    return Buffer.from(JSON.stringify(frame));
  }

  private send(client: Client, events: LiveEvent[], payload: Buffer | null = null): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > LIVE_RULES.maxBufferedBytes) {
      this.log.info({ buffered: client.socket.bufferedAmount }, 'dropping a slow live client');
      client.socket.terminate();
      this.remove(client);
      return;
    }
    const frame = payload ?? this.serialise(events);
    // A Buffer would go out as a binary frame by default; the protocol speaks JSON text.
    client.socket.send(frame, { binary: false });
    client.addressBudget.bytes.charge(frame.length);
    client.lastSentAt = this.now();
  }

  private pingAll(): void {
    this.budgets.sweep();
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.remove(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}
