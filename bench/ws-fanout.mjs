// WebSocket fan-out: CLIENTS clients (default 10,000) subscribed to the top-20 list and global stats while the
// simulator ticks at 1 Hz. Delivery latency = receive time − the frame's server send time (same clock).
// Target: p99 ≤ 250 ms. Run: npm run build && npm run bench:ws
import { WebSocket } from 'ws';

import { printTable, quantile, startCoinlens, waitUntilSettled } from './support.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
/** Frames open with their send time; reading just that keeps the load generator from becoming the bottleneck. */
const SEND_TIME = /^\{"t":(\d+),/;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
// Every client comes from 127.0.0.1: lift the per-address live budgets out of the way.
const coinlens = await startCoinlens(3003, {
  LIVE_CONNECTIONS_PER_ADDRESS: '20000',
  LIVE_COINS_PER_ADDRESS: '10000000',
  LIVE_BYTES_PER_SECOND_PER_ADDRESS: '1073741824',
});
const settled = await waitUntilSettled(3003);
const latencies = [];
let frames = 0;
let bytes = 0;
let opened = 0;
let closed = 0;
let measuring = false;
const sockets = [];
try {
  for (let i = 0; i < CLIENTS; i++) {
    const socket = new WebSocket('ws://127.0.0.1:3003/gwapi/ws', { perMessageDeflate: false });
    sockets.push(socket);
    socket.on('open', () => {
      opened++;
      socket.send(JSON.stringify({ op: 'subscribe', topics: ['list:rank:asc:1:20', 'global'] }));
    });
    socket.on('message', (data) => {
      if (!measuring) return;
      const sentAt = SEND_TIME.exec(data.toString('latin1', 0, 24))?.[1];
      if (sentAt === undefined)
        throw new Error(`a frame without its send time: ${data.toString().slice(0, 80)}`);
      latencies.push(Date.now() - Number(sentAt));
      frames++;
      bytes += data.length;
    });
    socket.on('close', () => closed++);
    socket.on('error', () => undefined);
    if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const deadline = Date.now() + 60_000;
  while (opened < CLIENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  measuring = false;
  latencies.sort((a, b) => a - b);
  const result = {
    settled,
    clients: CLIENTS,
    connected: opened,
    dropped: closed,
    frames,
    frames_per_s: Math.round(frames / SECONDS),
    avg_frame_bytes: frames ? Math.round(bytes / frames) : 0,
    p50_ms: quantile(latencies, 0.5),
    p99_ms: quantile(latencies, 0.99),
    max_ms: latencies.at(-1) ?? null,
  };
  const pass =
    result.connected === CLIENTS &&
    result.p99_ms !== null &&
    result.p99_ms <= 250 &&
    result.frames_per_s >= CLIENTS * 0.9;
  process.stdout.write(`${JSON.stringify({ ...result, p99_target_ms: 250, pass })}\n`);
  printTable([result]);
  process.stdout.write(`p99 delivery ${result.p99_ms} ms (target ≤ 250): ${pass ? 'PASS' : 'FAIL'}\n`);
} finally {
  for (const socket of sockets) socket.terminate();
  await coinlens.stop();
}
