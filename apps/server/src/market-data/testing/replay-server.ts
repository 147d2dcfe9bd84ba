/**
 * A tiny loopback HTTP server for provider tests: routes (method + path) answer with scripted responses —
 * status, headers, a JSON body or raw text, an optional delay (for timeouts), sequences (first a 429 with
 * Retry-After, then a 200) — and every request is logged (path, query, headers) for assertions.
 *
 * Bounded: the request log keeps at most `maxLog` entries, request bodies are read up to `maxBodyBytes` and
 * dropped, delays are capped, and `close()` clears pending timers and destroys open sockets, so a test never
 * hangs on a keep-alive connection or a response still waiting out its delay.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One scripted answer. Exactly one of `json` / `body` is normally given; neither means an empty body. */
export interface ReplayResponse {
  /** Default 200. */
  status?: number;
  headers?: Readonly<Record<string, string>>;
  /** Serialised with JSON.stringify; content-type application/json unless `headers` says otherwise. */
  json?: unknown;
  /** Sent as is (e.g. malformed JSON, HTML error pages); content-type application/json unless overridden. */
  body?: string | Buffer;
  /** Wait this long before answering (capped at `maxDelayMs`). */
  delayMs?: number;
  /** Drop the connection without answering (a network failure as the client sees it). */
  destroySocket?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/coins/markets`. */
  path: string;
  /** Query parameters (the last value wins for repeated keys). */
  query: Record<string, string>;
  /** Raw query string without `?` (empty when none). */
  search: string;
  /** Header names are lower case. */
  headers: IncomingHttpHeaders;
  /** Whether a route answered it (false: the default 404). */
  matched: boolean;
  receivedAt: number;
}

/** What a route matches: method (default GET) and a path — exact string, RegExp, or predicate. */
export interface RouteMatcher {
  method?: string;
  path: string | RegExp | ((path: string) => boolean);
  /** Extra condition on the query; the path match alone ignores the query. */
  query?: (query: Record<string, string>) => boolean;
}

export type ReplayHandler = (request: RecordedRequest) => ReplayResponse;

interface Route {
  matcher: RouteMatcher;
  /** A sequence is served in order; the last entry repeats once the sequence is used up. */
  responses: readonly ReplayResponse[] | ReplayHandler;
  served: number;
}

export interface ReplayServerOptions {
  /** Requests kept in the log (oldest dropped first). Default 1,000. */
  maxLog?: number;
  /** Longest scripted delay honoured. Default 30 s. */
  maxDelayMs?: number;
  /** Request bodies are read and discarded up to this many bytes; beyond it the request gets 413. Default 1 MiB. */
  maxBodyBytes?: number;
}

export class ReplayServer {
  private readonly routes: Route[] = [];
  private readonly log: RecordedRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: Required<ReplayServerOptions>,
  ) {}

  /** Starts on 127.0.0.1 on a free port. */
  static async start(options: ReplayServerOptions = {}): Promise<ReplayServer> {
    const resolved = {
      maxLog: options.maxLog ?? 1_000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    };
    const server = createServer();
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const replay = new ReplayServer(server, `http://127.0.0.1:${port}`, resolved);
    server.on('connection', (socket) => {
      replay.sockets.add(socket);
      socket.once('close', () => replay.sockets.delete(socket));
    });
    server.on('request', (request, response) => replay.handle(request, response));
    return replay;
  }

  /**
   * Adds a route. A later route wins over an earlier one that matches the same request, so a test can
   * override a default set up in `beforeEach`. Returns `this` for chaining.
   */
  route(
    matcher: RouteMatcher | string,
    responses: ReplayResponse | readonly ReplayResponse[] | ReplayHandler,
  ): this {
    const resolved: RouteMatcher = typeof matcher === 'string' ? { path: matcher } : matcher;
    const list =
      typeof responses === 'function'
        ? responses
        : Array.isArray(responses)
          ? (responses as readonly ReplayResponse[])
          : [responses as ReplayResponse];
    if (Array.isArray(list) && list.length === 0) throw new Error('a route needs at least one response');
    this.routes.push({ matcher: resolved, responses: list, served: 0 });
    return this;
  }

  /** Shorthand: GET `path` answers 200 with `json` (plus `extra`). */
  json(path: string | RegExp, json: unknown, extra: Omit<ReplayResponse, 'json' | 'body'> = {}): this {
    return this.route({ path }, { ...extra, json });
  }

  /** The request log, oldest first (a copy). */
  get requests(): RecordedRequest[] {
    return [...this.log];
  }

  /** Logged requests whose path equals `path` (or matches the RegExp). */
  requestsTo(path: string | RegExp): RecordedRequest[] {
    return this.log.filter((entry) =>
      typeof path === 'string' ? entry.path === path : path.test(entry.path),
    );
  }

  /** Forgets routes and the log; the server keeps listening. */
  reset(): void {
    this.routes.length = 0;
    this.log.length = 0;
  }

  clearLog(): void {
    this.log.length = 0;
  }

  /** Stops listening, cancels delayed responses and destroys open connections. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const done = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    for (const socket of this.sockets) socket.destroy();
    await done;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://replay.local');
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = value;
    const path = url.pathname;
    const method = (request.method ?? 'GET').toUpperCase();
    const route = this.findRoute(method, path, query);
    const entry: RecordedRequest = {
      method,
      path,
      query,
      search: url.search.replace(/^\?/, ''),
      headers: request.headers,
      matched: route !== undefined,
      receivedAt: Date.now(),
    };
    this.log.push(entry);
    if (this.log.length > this.options.maxLog) this.log.splice(0, this.log.length - this.options.maxLog);

    let bodyBytes = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > this.options.maxBodyBytes) tooLarge = true;
    });
    request.on('end', () => {
      if (tooLarge) return this.send(response, { status: 413, json: { error: 'request body too large' } });
      const scripted = route
        ? this.next(route, entry)
        : { status: 404, json: { error: `no replay route for ${method} ${path}` } };
      const delay = Math.min(Math.max(0, scripted.delayMs ?? 0), this.options.maxDelayMs);
      if (delay === 0) return this.send(response, scripted);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.send(response, scripted);
      }, delay);
      this.timers.add(timer);
    });
  }

  private findRoute(method: string, path: string, query: Record<string, string>): Route | undefined {
    for (let index = this.routes.length - 1; index >= 0; index--) {
      const route = this.routes[index];
      if (!route) continue;
      const { matcher } = route;
      if ((matcher.method ?? 'GET').toUpperCase() !== method) continue;
      const pathMatches =
        typeof matcher.path === 'string'
          ? matcher.path === path
          : matcher.path instanceof RegExp
            ? matcher.path.test(path)
            : matcher.path(path);
      if (!pathMatches) continue;
      if (matcher.query && !matcher.query(query)) continue;
      return route;
    }
    return undefined;
  }

  private next(route: Route, entry: RecordedRequest): ReplayResponse {
    const { responses } = route;
    route.served++;
    if (typeof responses === 'function') return responses(entry);
    return responses[Math.min(route.served - 1, responses.length - 1)] ?? { status: 500 };
  }

  private send(response: ServerResponse, scripted: ReplayResponse): void {
    if (this.closed || response.destroyed || response.socket?.destroyed) return;
    if (scripted.destroySocket) {
      response.socket?.destroy();
      return;
    }
    const headers: Record<string, string> = { ...(scripted.headers ?? {}) };
    const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (!hasContentType) headers['content-type'] = 'application/json; charset=utf-8';
    const body = scripted.json !== undefined ? JSON.stringify(scripted.json) : (scripted.body ?? '');
    response.writeHead(scripted.status ?? 200, headers);
    response.end(body);
  }
}
