// Memory over time with the live hub and ticks running: the built server on a fresh SQLite folder (simulator,
// realistic scenario: the `npm start` defaults), BENCH_CLIENTS WebSocket clients on the top-20 list and the
// global stats, and a light request load (a coin_list and a coin_detail call a second). RSS (from /proc) and V8
// heap (from bench/event-loop-probe.mjs) every 10 s; the slope is a least-squares fit over the samples after
// the warm-up (BENCH_WARMUP_MINUTES, default 3: the start's back-fill). Target: steady RSS ≤ 300 MB, flat slope.
// Run: npm run build && npm run bench:memory (BENCH_MINUTES, default 30; BENCH_MODE=production: on PostgreSQL and
// Redis, see bench/support.mjs `productionMode`).
import { WebSocket } from 'ws';

import {
  benchMode,
  callProcedure,
  printTable,
  residentByKind,
  rssMb,
  slope,
  spawnProbedCoinlens,
  waitUntilOk,
} from './support.mjs';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 30);
const WARMUP_MINUTES = Number(process.env.BENCH_WARMUP_MINUTES ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SAMPLE_MS = 10_000;
const PORT = 3012;

const mode = await benchMode();
const server = spawnProbedCoinlens(PORT, { LOG_LEVEL: 'warn', ...mode.env });
const sockets = [];
let frames = 0;
let running = true;
try {
  await waitUntilOk(`http://127.0.0.1:${PORT}/healthz`, server.child);
  for (let i = 0; i < CLIENTS; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/gwapi/ws`, { perMessageDeflate: false });
    socket.on('open', () =>
      socket.send(JSON.stringify({ op: 'subscribe', topics: ['list:rank:asc:1:20', 'global'] })),
    );
    socket.on('message', () => frames++);
    socket.on('error', () => undefined);
    sockets.push(socket);
  }
  const load = (async () => {
    while (running) {
      await callProcedure(PORT, 'appmarket_msrv/coin_list', { page: 1, page_size: 100 }).catch(() => null);
      await callProcedure(PORT, 'appmarket_msrv/coin_detail', { coin_id: 'bitcoin' }).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  const started = Date.now();
  const samples = [];
  /** What each sample's RSS is made of: mappings by kind, V8's spaces (resident) and the array buffers. */
  const breakdowns = [];
  while (Date.now() - started < MINUTES * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const probe = await server.probe();
    const sample = {
      minute: Number(((Date.now() - started) / 60_000).toFixed(2)),
      rss_mb: Math.round(rssMb(server.child.pid)),
      heap_used_mb: Math.round(probe.heap_used_mb),
      heap_total_mb: Math.round(probe.heap_total_mb),
      array_buffers_mb: Math.round(probe.array_buffers_mb),
      loop_p99_ms: probe.delay.p99_ms,
    };
    const spaces = probe.heap_spaces_mb;
    breakdowns.push({
      ...residentByKind(server.child.pid),
      v8_new_space: spaces.new_space,
      v8_old_space: spaces.old_space,
      v8_code_space: spaces.code_space,
      v8_large_objects: spaces.large_object_space + spaces.new_large_object_space,
      array_buffers: sample.array_buffers_mb,
    });
    samples.push(sample);
    process.stderr.write(`${JSON.stringify(sample)}\n`);
  }
  running = false;
  await load;
  const steady = samples.filter((sample) => sample.minute >= WARMUP_MINUTES);
  const fit = (key) => slope(steady.map((sample) => [sample.minute, sample[key]]));
  const median = (key) =>
    [...steady.map((sample) => sample[key])].sort((a, b) => a - b)[Math.floor(steady.length / 2)];
  const summary = {
    mode: mode.name,
    minutes: MINUTES,
    clients: CLIENTS,
    frames_received: frames,
    steady_rss_median_mb: median('rss_mb'),
    steady_rss_max_mb: Math.max(...steady.map((sample) => sample.rss_mb)),
    rss_slope_mb_per_min: Number(fit('rss_mb')?.toFixed(2)),
    heap_used_median_mb: median('heap_used_mb'),
    heap_used_slope_mb_per_min: Number(fit('heap_used_mb')?.toFixed(2)),
    peak_rss_mb: Math.max(...samples.map((sample) => sample.rss_mb)),
  };
  const steadyBreakdowns = breakdowns.filter((_, index) => samples[index].minute >= WARMUP_MINUTES);
  const breakdown = Object.fromEntries(
    Object.keys(steadyBreakdowns[0] ?? {}).map((key) => {
      const values = steadyBreakdowns.map((entry) => entry[key]).sort((a, b) => a - b);
      return [key, Number(values[Math.floor(values.length / 2)].toFixed(1))];
    }),
  );
  summary.pass = summary.steady_rss_max_mb <= 300 && Math.abs(summary.rss_slope_mb_per_min) <= 1;
  process.stdout.write(`${JSON.stringify({ ...summary, breakdown, samples })}\n`);
  printTable(samples.filter((_, index) => index % 6 === 5 || index === samples.length - 1));
  process.stdout.write('steady-state medians, MB:\n');
  printTable([breakdown]);
  process.stdout.write(
    `${mode.name} mode: steady RSS median ${summary.steady_rss_median_mb} MB, max ${summary.steady_rss_max_mb} MB (target ≤ 300), slope ${summary.rss_slope_mb_per_min} MB/min (target flat, |slope| ≤ 1): ${summary.pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  running = false;
  for (const socket of sockets) socket.terminate();
  await server.stop();
  await mode.remove();
}
