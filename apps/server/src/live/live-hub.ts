import { LIVE_SOCKET_PATH, liveClientMessage } from '@coinlens/contract';
import type { LiveEvent, LiveFrame } from '@coinlens/contract';
import type {} from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { CurrencyService } from '../modules/market/currency.service.js';
import type { MarketService } from '../modules/market/market.service.js';
import { isServableTopic, LiveSession } from './live-session.js';
import type { PubSub } from './pub-sub.js';
import { MARKET_TICK_CHANNEL } from './pub-sub.js';
import { TickContext } from './tick-context.js';

export const LIVE_RULES = {
  /** A client whose unsent data passes this is too slow to keep: it is dropped, never buffered without bound. */
  maxBufferedBytes: 1_048_576,
  /** A frame with just a heartbeat goes out when a client heard nothing for this long. */
  heartbeatMs: 15_000,
  /** Clients that do not answer a WebSocket ping within this are closed. */
  pingIntervalMs: 30_000,
  maxMessageBytes: 16_384,
  maxClients: 20_000,
} as const;

interface Client {
  socket: WebSocket;
  session: LiveSession;
  lastSentAt: number;
  alive: boolean;
}

/** `/gwapi/ws`: typed market events to subscribed clients, one coalesced frame per client per tick. */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly currencies: CurrencyService,
    private readonly market: MarketService,
    private readonly pubSub: PubSub,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get clientCount(): number {
    return this.clients.size;
  }

  async start(app: FastifyInstance, basePath: string): Promise<void> {
    this.unsubscribe = await this.pubSub.subscribe(MARKET_TICK_CHANNEL, () => this.broadcast());
    this.pingTimer = setInterval(() => this.pingAll(), LIVE_RULES.pingIntervalMs);
    this.pingTimer.unref();
    app.get(`${basePath}${LIVE_SOCKET_PATH}`, { websocket: true }, (socket) => this.accept(socket));
  }

  async stop(): Promise<void> {
    if (this.pingTimer) clearInterval(this.pingTimer);
    await this.unsubscribe?.();
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  private accept(socket: WebSocket): void {
    if (this.clients.size >= LIVE_RULES.maxClients) {
      socket.close(1013, 'too many clients');
      return;
    }
    const client: Client = { socket, session: new LiveSession(), lastSentAt: this.now(), alive: true };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', (error) => {
      this.log.debug({ err: error }, 'live socket error');
      this.clients.delete(client);
    });
  }

  private receive(client: Client, data: unknown, isBinary: boolean): void {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
    if (isBinary || text.length === 0 || text.length > LIVE_RULES.maxMessageBytes) {
      this.send(client, [{ type: 'error', code: 50500, msg: 'messages are JSON text' }]);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
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
        return;
      case 'subscribe': {
        const unknown = request.topics.find((topic) => !isServableTopic(topic));
        if (unknown) {
          this.send(client, [{ type: 'error', code: 50500, msg: `unknown topic: ${unknown}` }]);
          return;
        }
        if (request.currency && request.currency !== 'usd' && !this.snapshot.rates.has(request.currency)) {
          this.send(client, [{ type: 'error', code: 50500, msg: `unknown currency: ${request.currency}` }]);
          return;
        }
        const tick = new TickContext(this.snapshot, this.currencies, this.market, this.now());
        this.send(client, client.session.subscribe(request.topics, request.currency, tick));
      }
    }
  }

  /**
   * One frame per client per tick with only what changed for it; a heartbeat for clients quiet too long.
   * Clients in the same group (same topics, currency, last tick) share one computed and serialised frame.
   */
  private broadcast(): void {
    const now = this.now();
    const tick = new TickContext(this.snapshot, this.currencies, this.market, now);
    const groups = new Map<string, { leader: LiveSession; events: LiveEvent[]; payload: Buffer | null }>();
    // Keys are read before any update: followers share their leader's state, so after the leader's update their
    // key would already name the new tick and no longer match the group they belong to.
    const members = [...this.clients].map((client) => ({ client, key: client.session.groupKey() }));
    for (const { client, key } of members) {
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
      this.clients.delete(client);
      return;
    }
    // A Buffer would go out as a binary frame by default; the protocol speaks JSON text.
    client.socket.send(payload ?? this.serialise(events), { binary: false });
    client.lastSentAt = this.now();
  }

  private pingAll(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.clients.delete(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}
