/**
 * A TCP proxy on loopback that stands between the server and one external source and breaks the connection on
 * demand, for outage tests. Modes, switchable at any time:
 * - `pass`: bytes flow both ways untouched;
 * - `latency`: every chunk, both ways, is held `ms` before it is passed on (order kept);
 * - `reset`: new connections are reset at once, and so is every open one when the mode is set;
 * - `blackhole`: new connections are accepted and never answered or forwarded; open ones go silent too. A
 *   connection that went silent stays silent after the mode changes (its bytes were dropped, as in a real
 *   partition); only new connections see the next mode.
 */
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export type FaultMode =
  { kind: 'pass' } | { kind: 'latency'; ms: number } | { kind: 'reset' } | { kind: 'blackhole' };

interface ProxiedConnection {
  client: Socket;
  upstream: Socket | null;
  silenced: boolean;
}

export class FaultProxy {
  private mode: FaultMode = { kind: 'pass' };
  private readonly connections = new Set<ProxiedConnection>();

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  /** A proxy on a free loopback port forwarding to `target`, starting in `pass`. */
  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    // Half-open both ways: an end is passed on by the relay, after any bytes still held back.
    const server = net.createServer({ allowHalfOpen: true });
    const proxy = new FaultProxy(server, target);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** `http://127.0.0.1:port` plus `path`, for HTTP sources. */
  url(path = ''): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Connections currently open through the proxy (silent ones included). */
  get openConnections(): number {
    return this.connections.size;
  }

  set(mode: FaultMode): void {
    this.mode = mode;
    if (mode.kind === 'reset') for (const connection of this.connections) this.reset(connection);
    if (mode.kind === 'blackhole') for (const connection of this.connections) connection.silenced = true;
  }

  async close(): Promise<void> {
    for (const connection of this.connections) this.reset(connection);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    client.on('error', () => undefined);
    if (this.mode.kind === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const connection: ProxiedConnection = { client, upstream: null, silenced: false };
    this.connections.add(connection);
    client.on('close', () => {
      this.connections.delete(connection);
      connection.upstream?.destroy();
    });
    if (this.mode.kind === 'blackhole') {
      connection.silenced = true;
      // Read and drop whatever arrives, so the caller's writes succeed and nothing ever answers.
      client.resume();
      return;
    }
    const upstream = net.connect({ port: this.target.port, host: this.target.host, allowHalfOpen: true });
    connection.upstream = upstream;
    upstream.on('error', () => client.destroy());
    this.relay(connection, client, upstream);
    this.relay(connection, upstream, client);
  }

  /**
   * Passes `from`'s chunks and its end to `to`: dropped once the connection is silenced, held back in latency
   * (never before an earlier chunk, so a latency changed mid-stream does not reorder bytes).
   */
  private relay(connection: ProxiedConnection, from: Socket, to: Socket): void {
    let lastDueAt = 0;
    const inOrder = (action: () => void) => {
      const latency = this.mode.kind === 'latency' ? this.mode.ms : 0;
      lastDueAt = Math.max(Date.now() + latency, lastDueAt);
      const wait = lastDueAt - Date.now();
      const guarded = () => {
        if (!connection.silenced && !to.destroyed) action();
      };
      if (wait > 0) setTimeout(guarded, wait);
      else guarded();
    };
    from.on('data', (chunk: Buffer) => {
      if (!connection.silenced) inOrder(() => to.write(chunk));
    });
    from.on('end', () => inOrder(() => to.end()));
  }

  private reset(connection: ProxiedConnection): void {
    this.connections.delete(connection);
    if (!connection.client.destroyed) connection.client.resetAndDestroy();
    if (connection.upstream && !connection.upstream.destroyed) connection.upstream.resetAndDestroy();
  }
}
