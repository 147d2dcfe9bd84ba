import {
  GATEWAY_BASE_PATH,
  LIVE_SOCKET_PATH,
  MAX_LIVE_TOPICS,
  type LiveClientMessage,
  type LiveFrame,
} from '@coinlens/contract';

/** Reconnect delays: 1 s doubling to 30 s, each with up to 30 % jitter so clients do not return in step. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** attempt, 30_000);
  return Math.round(base * (1 + 0.3 * random()));
}

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface LiveSocketOptions {
  url: string;
  onFrame: (frame: LiveFrame) => void;
  onStatus?: (status: LiveStatus) => void;
  /** For tests. */
  createSocket?: (url: string) => WebSocket;
  /** How long topic changes are gathered before one (un)subscribe message goes out. */
  settleMs?: number;
  pingIntervalMs?: number;
}

export function defaultLiveUrl(location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH}`;
}

/**
 * The `/gwapi/ws` connection: reference-counted topics, one currency, reconnect with back-off and a fresh
 * subscription (the server answers each with a snapshot) after every reconnect. Connects only while some
 * topic is wanted.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private readonly wanted = new Map<string, number>();
  /** What the server has been told on the current connection. */
  private readonly subscribed = new Set<string>();
  private currency = 'usd';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly options: LiveSocketOptions) {}

  /** Wants the topics until the returned release is called. */
  retain(topics: readonly string[]): () => void {
    for (const topic of topics) this.wanted.set(topic, (this.wanted.get(topic) ?? 0) + 1);
    this.scheduleSync();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const topic of topics) {
        const count = (this.wanted.get(topic) ?? 1) - 1;
        if (count <= 0) this.wanted.delete(topic);
        else this.wanted.set(topic, count);
      }
      this.scheduleSync();
    };
  }

  /** Values are sent in this currency from now on; every topic is resent in it. */
  setCurrency(currency: string): void {
    if (currency === this.currency) return;
    this.currency = currency;
    this.subscribed.clear();
    this.scheduleSync();
  }

  /** Closes for good (tests, page unload). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
  }

  /** Asks the server for fresh snapshots of every topic (after a pause in applying frames). */
  resync(): void {
    this.subscribed.clear();
    this.scheduleSync();
  }

  private scheduleSync(): void {
    if (this.settleTimer !== null || this.stopped) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.sync();
    }, this.options.settleMs ?? 150);
  }

  private sync(): void {
    if (this.wanted.size === 0) {
      // Nothing on screen wants prices: let the connection go rather than keep a socket busy.
      if (this.socket) this.disconnect();
      return;
    }
    const socket = this.socket;
    if (!socket) {
      this.connect();
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    const removed = [...this.subscribed].filter((topic) => !this.wanted.has(topic));
    const added = [...this.wanted.keys()].filter((topic) => !this.subscribed.has(topic));
    for (const chunk of chunks(removed)) this.send({ op: 'unsubscribe', topics: chunk });
    for (const chunk of chunks(added)) this.send({ op: 'subscribe', topics: chunk, currency: this.currency });
    for (const topic of removed) this.subscribed.delete(topic);
    for (const topic of added) this.subscribed.add(topic);
  }

  private connect(): void {
    if (this.stopped) return;
    this.options.onStatus?.('connecting');
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.subscribed.clear();
      this.options.onStatus?.('open');
      this.sync();
      this.pingTimer = setInterval(() => this.send({ op: 'ping' }), this.options.pingIntervalMs ?? 20_000);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        this.options.onFrame(JSON.parse(event.data) as LiveFrame);
      } catch {
        // A frame that does not parse is dropped; the next snapshot resynchronises.
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.subscribed.clear();
      if (this.pingTimer !== null) clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.options.onStatus?.('closed');
      if (this.stopped || this.wanted.size === 0) return;
      const delay = reconnectDelayMs(this.attempt);
      this.attempt += 1;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.sync();
      }, delay);
    };
  }

  private disconnect(): void {
    const socket = this.socket;
    this.socket = null;
    this.subscribed.clear();
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
    socket?.close(1000);
    this.options.onStatus?.('idle');
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private clearTimers(): void {
    for (const timer of [this.reconnectTimer, this.settleTimer]) if (timer !== null) clearTimeout(timer);
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.reconnectTimer = this.settleTimer = this.pingTimer = null;
  }
}

function chunks(topics: readonly string[]): string[][] {
  const result: string[][] = [];
  for (let index = 0; index < topics.length; index += MAX_LIVE_TOPICS)
    result.push(topics.slice(index, index + MAX_LIVE_TOPICS));
  return result;
}
