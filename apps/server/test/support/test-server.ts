import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  createGatewayClient,
  DEV_APP_ID,
  DEV_APP_SECRET,
  procedurePath,
  signPayload,
} from '@coinlens/contract';
import type { GatewayClient } from '@coinlens/contract';

import { buildApp } from '../../src/app.js';
import type { BuildOptions, BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import type { DialectName } from '../../src/db/database.js';
import { FakeMarketProvider } from './fake-market-provider.js';
import { createTestDatabase } from './test-databases.js';

export interface TestServer {
  baseUrl: string;
  /** Runs one market tick now (prices, metrics, live frames). */
  tick(): Promise<void>;
  built: BuiltApp;
  client: GatewayClient;
  /** POSTs a raw form body to a procedure and returns status, headers and parsed JSON. */
  postForm(
    procedure: string,
    body: string | Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<RawAnswer>;
  /** Signs `payload` with the test app secret at the server's clock. */
  sign(payload: unknown, timestamp?: number): Record<string, string>;
  close(): Promise<void>;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: { code: number; msg: string; data: unknown } | null;
}

export async function readRaw(response: Response): Promise<RawAnswer> {
  const text = await response.text();
  let json: RawAnswer['json'];
  try {
    json = JSON.parse(text) as RawAnswer['json'];
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface TestServerOptions {
  /** Answer before the daily history (loaded in the background after start) is in memory; default false. */
  whileBackfilling?: boolean;
}

/**
 * Starts the real server on a free loopback port with its own data folder (SQLite unless env says otherwise),
 * by default once its daily history is loaded, so every metric is there.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: BuildOptions = {},
  { whileBackfilling = false }: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-server-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests drive market ticks themselves (tick()); the timer only keeps a heartbeat going.
    MARKET_TICK_MS: '3600000',
    MARKET_HEARTBEAT_MS: '30000',
    DEV_OUTBOX: env.SMTP_URL ? '' : 'true',
    // Never the network: `auto` would probe CoinGecko.
    MARKET_SOURCE: 'simulator',
    // Test feeds and replays are served on loopback, which feed fetches refuse by default.
    FEEDS_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...env,
  });
  // The fake market unless the test asks for a real source (MARKET_SOURCE=live against replays).
  const marketProvider =
    options.marketProvider ??
    (config.MARKET_SOURCE === 'simulator' ? new FakeMarketProvider(options.now ?? Date.now) : undefined);
  const built = await buildApp(config, { ...options, ...(marketProvider ? { marketProvider } : {}) });
  if (!whileBackfilling) await built.services.market.ingest.historyLoaded;
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server did not bind');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const now = options.now ?? Date.now;
  return {
    baseUrl,
    built,
    tick: () => built.services.market.ingest.tick(AbortSignal.timeout(10_000)),
    client: createGatewayClient({ baseUrl, appId: config.APP_ID, appSecret: config.APP_SECRET, now }),
    sign: (payload, timestamp) => ({
      ...signPayload(payload, {
        appId: DEV_APP_ID,
        appSecret: DEV_APP_SECRET,
        timestamp: timestamp ?? Math.floor(now() / 1000),
      }),
    }),
    async postForm(procedure, body, headers = {}) {
      const response = await fetch(baseUrl + procedurePath(procedure), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
      });
      return readRaw(response);
    },
    async close() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server on a fresh database of `dialect`; closing it also drops the database. */
export async function startTestServerOn(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: BuildOptions = {},
  testOptions: TestServerOptions = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const server = await startTestServer({ ...database.env, ...env }, options, testOptions);
  return {
    ...server,
    async close() {
      await server.close();
      await database.dispose();
    },
  };
}
