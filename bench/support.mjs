// Shared helpers of the benchmarks: start the built server or a baseline on a pinned core, sign calls.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_ID = process.env.APP_ID ?? 'coinlens-web';
const APP_SECRET = process.env.APP_SECRET ?? 'coinlens-dev-secret';

/** The core the servers run on when taskset exists (the load generators' npm scripts take the other one). */
export const SERVER_CPU = existsSync('/usr/bin/taskset') ? '0' : null;

/** The server on SERVER_CPU (when taskset exists), the load generator stays on the other core. */
function pinned(command, args) {
  return SERVER_CPU === null ? [command, args] : ['taskset', ['-c', SERVER_CPU, command, ...args]];
}

/** The CPUs this process may run on (`Cpus_allowed_list` from /proc, e.g. `1`); null where it cannot be read. */
export function allowedCpus() {
  try {
    return /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

export async function startProcess(args, env, readyUrl) {
  const [command, finalArgs] = pinned(process.execPath, args);
  const child = spawn(command, finalArgs, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not become ready`);
}

/** How to run the server: the build (`npm run build` first), or its source through tsx as `bench:real-attacks` does. */
const SERVER_ENTRY = {
  dist: ['apps/server/dist/main.js'],
  source: ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'],
};

/** The Coinlens server with the simulator, on a fresh data folder; `from` 'dist' (the build) or 'source'. */
export async function startCoinlens(port, extraEnv = {}, from = 'dist') {
  if (from === 'dist' && !existsSync(path.join(ROOT, 'apps/server/dist/main.js')))
    throw new Error('run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-bench-'));
  const child = await startProcess(
    SERVER_ENTRY[from],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // Never the network: `auto` would probe CoinGecko.
      MARKET_SOURCE: 'simulator',
      ...extraEnv,
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  return { child, stop: () => stop(child).then(() => rmSync(dataDir, { recursive: true, force: true })) };
}

export function stop(child) {
  return new Promise((resolve) => {
    // A child killed by a signal has no exit code, only a signal code: it is gone all the same.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** A signed, form-encoded gateway body for `payload` (fresh nonce: never a replay). */
export function signedBody(payload) {
  const fields = {
    data: JSON.stringify(payload),
    app_id: APP_ID,
    dev_id: '0',
    timestamp: String(Math.floor(Date.now() / 1000)),
    v: 'v1',
    nonce: randomBytes(12).toString('hex'),
  };
  const canonical = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  const signature = createHash('md5')
    .update(APP_SECRET + canonical + APP_SECRET)
    .digest('hex');
  return new URLSearchParams({ ...fields, signature }).toString();
}

/** Least-squares slope of y over x ([x, y] points); null with fewer than two distinct x. */
export function slope(points) {
  const n = points.length;
  if (n < 2) return null;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return variance > 0 ? covariance / variance : null;
}

export function quantile(sorted, q) {
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

export function printTable(rows) {
  const keys = Object.keys(rows[0] ?? {});
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(
    `${line(keys)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map((row) => line(keys.map((key) => row[key]))).join('\n')}\n`,
  );
}

/**
 * The built server with bench/event-loop-probe.mjs loaded, on a fresh SQLite folder, returned as soon as it is
 * spawned (the caller times the start). `probe()` asks for the delay since the last call and the memory figures;
 * `lines` collects its JSON log lines (LOG_LEVEL info unless given).
 */
export function spawnProbedCoinlens(port, extraEnv = {}) {
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-bench-'));
  const probeFile = path.join(dataDir, 'probe.json');
  const [command, args] = pinned(process.execPath, [
    ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
    '--import',
    path.join(ROOT, 'bench/event-loop-probe.mjs'),
    'apps/server/dist/main.js',
  ]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // Never the network: `auto` would probe CoinGecko.
      MARKET_SOURCE: 'simulator',
      BENCH_PROBE_FILE: probeFile,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  let partial = '';
  child.stdout.on('data', (chunk) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push({ at: Date.now(), ...JSON.parse(line) });
      } catch {
        // not a log line
      }
    }
  });
  const probe = async () => {
    rmSync(probeFile, { force: true });
    child.kill('SIGUSR2');
    for (let attempt = 0; attempt < 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      try {
        return JSON.parse(readFileSync(probeFile, 'utf8'));
      } catch {
        // not written yet
      }
    }
    throw new Error('the probe did not answer');
  };
  return {
    child,
    dataDir,
    lines,
    probe,
    stop: () => stop(child).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat (Linux, 100 clock ticks a second). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * A process's resident memory by kind of mapping, in MB, from /proc/<pid>/smaps (Linux): `files` (the node
 * binary, shared libraries, SQLite's mapped files), `malloc_heap` (glibc's main arena: array buffers, SQLite's
 * page cache, compression, native modules) and `anonymous` (every other private mapping: V8's heap pages,
 * thread stacks, glibc's other arenas).
 */
export function residentByKind(pid) {
  const kinds = { files: 0, malloc_heap: 0, anonymous: 0 };
  let kind = 'anonymous';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1];
      kind = name === '[heap]' ? 'malloc_heap' : name.startsWith('/') ? 'files' : 'anonymous';
    } else if (line.startsWith('Rss:')) {
      kinds[kind] += Number(line.split(/\s+/)[1]) / 1024;
    }
  }
  return Object.fromEntries(Object.entries(kinds).map(([key, mb]) => [key, Math.round(mb)]));
}

/** Total size in MB of the files directly in a folder (the SQLite file and its WAL). */
export function folderMb(folder) {
  return (
    readdirSync(folder).reduce((sum, name) => {
      const stats = statSync(path.join(folder, name));
      return sum + (stats.isFile() ? stats.size : 0);
    }, 0) / 1e6
  );
}

/** Polls `url` until it answers 2xx; the time it took in ms. */
export async function waitUntilOk(url, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer in time`);
}

/** An autocannon run; its result. */
export function runAutocannon(options) {
  return new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** autocannon options for signed gateway calls of `procedure` (e.g. `appmarket_msrv/coin_list`), each signed afresh. */
export function signedCallLoad(port, procedure, payload, acceptEncoding) {
  return {
    url: `http://127.0.0.1:${port}/gwapi/v1/${procedure}`,
    requests: [
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        setupRequest: (request) => ({ ...request, body: signedBody(payload) }),
      },
    ],
  };
}

/** The abusive socket of issue 24, finding 1: this many subscribe messages of this many distinct list topics. */
export const ABUSIVE_SOCKET = { messages: 20, topicsPerMessage: 120 };

/**
 * The abusive socket's topics for its message number `message`: every (sort, order) pair of `sortKeys` (the
 * contract's COIN_SORT_KEYS) in turn, each on its own page, so the topics of messages 0, 1, 2, … are all
 * distinct and all within what coin_list allows (pages wrap at 10,000).
 */
export function abusiveListTopics(sortKeys, message) {
  const pairs = sortKeys.flatMap((sort) => ['asc', 'desc'].map((order) => `${sort}:${order}`));
  return Array.from({ length: ABUSIVE_SOCKET.topicsPerMessage }, (_, index) => {
    const n = message * ABUSIVE_SOCKET.topicsPerMessage + index;
    return `list:${pairs[n % pairs.length]}:${1 + (Math.floor(n / pairs.length) % 10_000)}:${1 + (n % 100)}`;
  });
}

/** A signed gateway call; the parsed answer. */
export async function callProcedure(port, procedure, payload) {
  const response = await fetch(`http://127.0.0.1:${port}/gwapi/v1/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: signedBody(payload),
  });
  return response.json();
}

/**
 * Waits (at most `limitMs`) until the server's first-start work is over: /healthz saying the back-filled history
 * is stored (`history: stored`), then answering within 20 ms forty times in a row. Answers whether it settled;
 * the steady-state benchmarks report it. (Quick answers alone are no sign: the start's work runs in short slices,
 * so health answers quickly while the back-fill is still being written.)
 */
export async function waitUntilSettled(port, limitMs = 180_000) {
  const deadline = Date.now() + limitMs;
  let stored = false;
  while (!stored && Date.now() < deadline) {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.json());
    stored = health.history === 'stored';
    if (!stored) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  let quickInARow = 0;
  while (quickInARow < 40 && Date.now() < deadline) {
    const startedAt = performance.now();
    await fetch(`http://127.0.0.1:${port}/healthz`);
    quickInARow = performance.now() - startedAt < 20 ? quickInARow + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return stored && quickInARow >= 40;
}

/** A logger that says nothing, for ingest run inside a benchmark. */
export const silentLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLog };

/** A candle store that stores nothing: a tick never reads it. */
export const noCandleStore = {
  latestTimes: async () => new Map(),
  range: async () => [],
  upsert: async () => {},
  deleteOlderThan: async () => 0,
};

/** MarketIngest's options for a benchmark that drives the ticks itself: the production intervals, a given clock. */
export function benchIngestOptions(backfillMs, now) {
  return {
    tickMs: 1_000,
    prices: 'tickers',
    candleMs: 60_000,
    ratesMs: 60_000,
    signalsMs: 300_000,
    scoreMs: 300_000,
    backfillMs,
    now,
  };
}

/** A browser context as the app's phone screenshots take it: 390 × 844, touch, one device pixel per CSS pixel. */
export function phoneContext(browser) {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
}

/**
 * Production mode (PostgreSQL and Redis) for one run: a fresh database and a Redis key prefix of its own, on the
 * local services unless DATABASE_URL / REDIS_URL name others. `env` is what an instance needs; `remove` drops the
 * database and the run's keys.
 */
export async function productionMode() {
  const { randomBytes } = await import('node:crypto');
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const name = `coinlens_bench_${randomBytes(5).toString('hex')}`;
  const keyPrefix = `coinlens-bench-${randomBytes(5).toString('hex')}:`;
  await admin(`CREATE DATABASE ${name}`);
  return {
    env: {
      DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
    },
    async remove() {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // The stream's full copy alone is a few MB in the shared Redis.
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1_000);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

/**
 * The live default a connected `npm start` runs (MARKET_SOURCE=live, SQLite), its sources replayed on loopback
 * in this process from ../shared/external (the live soak's universe: 250 coins, 25 venues, Binance and Kraken
 * through ccxt on real tapes and books). The replays are TypeScript of the server's tests, loaded through tsx.
 */
async function liveMode() {
  const { tsImport } = await import('tsx/esm/api');
  const replaysModule = path.join(ROOT, 'apps/server/test/support/universe-replays.ts');
  const { startUniverseReplays, universeMaterialPresent } = await tsImport(replaysModule, import.meta.url);
  if (!universeMaterialPresent)
    throw new Error('BENCH_MODE=live replays ../shared/external, which is absent');
  const replays = await startUniverseReplays();
  return { env: replays.env, remove: () => replays.close() };
}

/**
 * BENCH_MODE=production runs the server on PostgreSQL and Redis, BENCH_MODE=live on replays of the live sources;
 * anything else, the embedded default (the simulator).
 */
export async function benchMode() {
  if (process.env.BENCH_MODE === 'production') return { name: 'production', ...(await productionMode()) };
  if (process.env.BENCH_MODE === 'live') return { name: 'live', ...(await liveMode()) };
  return { name: 'embedded', env: {}, remove: async () => {} };
}

/** The identity-vs-brotli pair the answer benches measure: no Accept-Encoding, and a browser's. */
export const BENCH_ENCODINGS = { identity: undefined, br: 'br, gzip' };

/** Headers that differ per response by nature; a baseline repeats every other captured header byte for byte. */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** A captured response's headers without those that differ per response. */
export function repeatableHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name)));
}

/** One autocannon run as a table row. */
export function loadSummary(name, result) {
  return {
    case: name,
    req_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
