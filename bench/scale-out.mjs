// Scale-out on PostgreSQL + Redis (production mode) with the built server:
//   1. coin_list and exchange_list (page of 100, freshly signed calls, 100 connections) through HAProxy with one
//      instance behind it, then with two: requests/s, p99 and the ratio two/one;
//   2. WebSocket fan-out: BENCH_CLIENTS clients (default 10,000) spread over the two instances (straight to them:
//      through HAProxy they would need more open files than this machine allows one process), subscribed to the top-20 list and global stats; delivery p99 (target ≤ 250 ms, as for one instance);
//   3. kill -9 of the ingest leader: time until the other instance is elected and until a live client on it
//      receives a tick again;
//   4. the instances' resident memory under that load (target ≤ 400 MB, so one fits a 512 MB container).
// The instances run with the Dockerfile's NODE_OPTIONS, if it sets any (since issue 37 it sets none: the server
// tunes its own heap).
// Needs PostgreSQL (DATABASE_URL, default the local cluster), Redis (REDIS_URL, default 127.0.0.1:6379) and
// haproxy (Debian: apt-get install -y haproxy). Nothing is pinned: two instances need both cores, and the load
// generator and HAProxy share them, so on a 2-core machine the ratio measures how the instances share one
// machine, not how they scale over machines. Run: npm run build && npm run bench:scale-out
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { WebSocket } from 'ws';

import {
  printTable,
  productionMode,
  quantile,
  ROOT,
  rssMb,
  runAutocannon,
  signedCallLoad,
  stop,
} from './support.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const WS_SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 15);
const LISTS = { coin_list: { page: 1, page_size: 100 }, exchange_list: { page: 1, page_size: 100 } };
const PORTS = { a: 3201, b: 3202, oneBehind: 3210, twoBehind: 3211 };
const SEND_TIME = /^\{"t":(\d+),/;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The Node options the container image runs with, read from the Dockerfile so the two never disagree. */
const NODE_OPTIONS =
  /\bNODE_OPTIONS=("[^"]+"|\S+)/
    .exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1]
    ?.replace(/^"|"$/g, '') ?? '';
/** BENCH_NODE_OPTIONS tries another setting (to choose the Dockerfile's); the report names the one used. */
const INSTANCE_NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS ?? NODE_OPTIONS;

/** One production-mode instance; its log lines (time, message) are kept for the takeover measure. */
function startInstance(port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-scale-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: INSTANCE_NODE_OPTIONS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...production.env,
      MARKET_SOURCE: 'simulator',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // Every bench client comes from one loopback address: lift the per-address live budgets out of the way.
      LIVE_CONNECTIONS_PER_ADDRESS: '20000',
      LIVE_COINS_PER_ADDRESS: '10000000',
      LIVE_BYTES_PER_SECOND_PER_ADDRESS: '1073741824',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  let partial = '';
  child.stdout.on('data', (chunk) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push({ at: Date.now(), msg: JSON.parse(line).msg });
      } catch {
        // not a log line
      }
    }
  });
  return {
    port,
    child,
    lines,
    stop: () => stop(child).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

async function ready({ port, child }, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    try {
      const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok && health.market === 'ready') return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`instance on ${port} never became ready`);
}

/** HAProxy in front of `backends`, as deploy/haproxy.cfg runs it (round robin here, WebSocket tunnels). */
function startBalancer(port, backends) {
  const folder = mkdtempSync(path.join(tmpdir(), 'coinlens-haproxy-'));
  const config = path.join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      // Two descriptors a connection: 9,000 fits the machine's limit of 20,000 open files a process.
      'global',
      '  maxconn 9000',
      'defaults',
      '  mode http',
      '  maxconn 9000',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      'frontend coinlens',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      ...backends.map((backend, index) => `  server i${index} 127.0.0.1:${backend} maxconn 4000`),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, stop: () => stop(child).then(() => rmSync(folder, { recursive: true, force: true })) };
}

/** Samples the instances' RSS every 250 ms while `work` runs; the maximum per instance. */
async function withMemory(instances, work) {
  const peaks = instances.map(() => 0);
  const timer = setInterval(() => {
    instances.forEach((instance, index) => {
      if (instance.child.exitCode === null) peaks[index] = Math.max(peaks[index], rssMb(instance.child.pid));
    });
  }, 250);
  try {
    return { result: await work(), peaks };
  } finally {
    clearInterval(timer);
  }
}

async function listLoad(port, label, instances) {
  const rows = [];
  for (const [procedure, payload] of Object.entries(LISTS)) {
    const { result, peaks } = await withMemory(instances, () =>
      runAutocannon({
        connections: 100,
        duration: DURATION,
        ...signedCallLoad(port, `appmarket_msrv/${procedure}`, payload, 'br, gzip'),
      }),
    );
    rows.push({
      setup: label,
      procedure,
      requests_per_s: Math.round(result.requests.average),
      p99_ms: result.latency.p99,
      errors: result.errors + result.non2xx,
      peak_rss_mb: peaks.map((mb) => Math.round(mb)).join(' / '),
    });
  }
  return rows;
}

async function fanOut(instances) {
  const latencies = [];
  let opened = 0;
  let measuring = false;
  const sockets = [];
  const { peaks } = await withMemory(instances, async () => {
    for (let i = 0; i < CLIENTS; i++) {
      const { port } = instances[i % instances.length];
      const socket = new WebSocket(`ws://127.0.0.1:${port}/gwapi/ws`, { perMessageDeflate: false });
      sockets.push(socket);
      socket.on('open', () => {
        opened++;
        socket.send(JSON.stringify({ op: 'subscribe', topics: ['list:rank:asc:1:20', 'global'] }));
      });
      socket.on('message', (data) => {
        if (!measuring) return;
        const sentAt = SEND_TIME.exec(data.toString('latin1', 0, 24))?.[1];
        if (sentAt !== undefined) latencies.push(Date.now() - Number(sentAt));
      });
      socket.on('error', () => undefined);
      if (i % 500 === 499) await sleep(50);
    }
    const deadline = Date.now() + 90_000;
    while (opened < CLIENTS && Date.now() < deadline) await sleep(100);
    await sleep(2_000);
    measuring = true;
    await sleep(WS_SECONDS * 1000);
    measuring = false;
  });
  for (const socket of sockets) socket.terminate();
  latencies.sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    connected: opened,
    frames_per_s: Math.round(latencies.length / WS_SECONDS),
    p50_ms: quantile(latencies, 0.5),
    p99_ms: quantile(latencies, 0.99),
    max_ms: latencies.at(-1) ?? null,
    peak_rss_mb: peaks.map((mb) => Math.round(mb)).join(' / '),
  };
}

/** kill -9 of the leader; when the survivor is elected, and when a live client on it sees a tick again. */
async function takeover(leader, survivor) {
  const socket = new WebSocket(`ws://127.0.0.1:${survivor.port}/gwapi/ws`, { perMessageDeflate: false });
  let lastTickAt = 0;
  socket.on('message', (data) => {
    if (data.toString().includes('"price"')) lastTickAt = Date.now();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ op: 'subscribe', topics: ['coin:bitcoin'] }));
  await sleep(3_000);
  const killedAt = Date.now();
  leader.child.kill('SIGKILL');
  const deadline = killedAt + 120_000;
  let electedAt = null;
  while (Date.now() < deadline) {
    electedAt ??=
      survivor.lines.find((line) => line.msg === 'elected ingest leader' && line.at >= killedAt)?.at ?? null;
    if (electedAt !== null && lastTickAt > electedAt) break;
    await sleep(20);
  }
  socket.terminate();
  return {
    elected_after_ms: electedAt === null ? null : electedAt - killedAt,
    ticks_back_after_ms: lastTickAt > killedAt ? lastTickAt - killedAt : null,
  };
}

const production = await productionMode();
const started = [];
try {
  const a = startInstance(PORTS.a);
  started.push(a);
  await ready(a);
  const oneBehind = startBalancer(PORTS.oneBehind, [PORTS.a]);
  started.push(oneBehind);
  await sleep(500);
  const one = await listLoad(PORTS.oneBehind, 'one instance', [a]);

  const b = startInstance(PORTS.b);
  started.push(b);
  await ready(b);
  const twoBehind = startBalancer(PORTS.twoBehind, [PORTS.a, PORTS.b]);
  started.push(twoBehind);
  await sleep(500);
  const two = await listLoad(PORTS.twoBehind, 'two instances', [a, b]);

  const lists = [...one, ...two];
  printTable(lists);
  const ratios = Object.keys(LISTS).map((procedure) => {
    const [single, double] = [one, two].map((rows) => rows.find((row) => row.procedure === procedure));
    return {
      procedure,
      ratio_two_over_one: Number((double.requests_per_s / single.requests_per_s).toFixed(2)),
    };
  });
  printTable(ratios);

  const fan = await fanOut([a, b]);
  printTable([fan]);
  const leader = a.lines.some((line) => line.msg === 'elected ingest leader') ? a : b;
  const survivor = leader === a ? b : a;
  const handover = await takeover(leader, survivor);
  printTable([handover]);

  const peakRss = Math.max(
    ...[...lists.map((row) => row.peak_rss_mb), fan.peak_rss_mb].flatMap((cell) =>
      cell.split(' / ').map(Number),
    ),
  );
  const pass = fan.connected === CLIENTS && fan.p99_ms !== null && fan.p99_ms <= 250 && peakRss <= 400;
  process.stdout.write(
    `${JSON.stringify({ node_options: INSTANCE_NODE_OPTIONS, lists, ratios, fan_out: fan, takeover: handover, peak_rss_mb: peakRss, pass })}\n`,
  );
  process.stdout.write(
    `fan-out p99 ${fan.p99_ms} ms (≤ 250), peak RSS ${peakRss} MB (≤ 400), takeover ${handover.elected_after_ms} ms ` +
      `(ticks back after ${handover.ticks_back_after_ms} ms): ${pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  for (const part of started.reverse()) await part.stop();
  await production.remove();
}
