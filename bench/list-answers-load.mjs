// coin_list (page of 100) and exchange_list under autocannon (100 connections, freshly signed calls), with and
// without `Accept-Encoding: br, gzip`, each as a ratio of a bare Fastify answering the same signed calls with
// the identical bytes and headers captured from Coinlens in the same run (bench/identical-bytes-server.mjs).
// Targets: ratio ≥ 0.9 and p99 ≤ 50 ms in every case, and the server's RSS ≤ 300 MB once the load is over (it
// started at least a minute before: the first start, settling, then ~100 s of load). Run: npm run build && npm
// run bench:lists (BENCH_MODE=production: on PostgreSQL and Redis, see bench/support.mjs `productionMode`)
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  BENCH_ENCODINGS,
  benchMode,
  cpuMs,
  loadSummary,
  repeatableHeaders,
  printTable,
  rssMb,
  runAutocannon,
  signedBody,
  signedCallLoad,
  startCoinlens,
  startProcess,
  stop,
  waitUntilSettled,
} from './support.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const RATIO_TARGET = 0.9;
const P99_TARGET_MS = 50;
const RSS_TARGET_MB = 300;
const MINIMUM_AGE_MS = 60_000;
const LISTS = {
  coin_list: { page: 1, page_size: 100 },
  exchange_list: { page: 1, page_size: 100 },
};
const ENCODINGS = BENCH_ENCODINGS;

function run(options) {
  return runAutocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
}

/**
 * One measured round as a table row, with the CPU time the server process spent per call: unlike calls a second,
 * it does not move with what else the machine runs, so it tells the two servers' work apart on a noisy machine.
 */
async function measuredRound(name, pid, options) {
  const before = cpuMs(pid);
  const result = await run(options);
  const cpuPerCall = ((cpuMs(pid) - before) * 1000) / Math.max(1, result.requests.total);
  return { ...loadSummary(name, result), cpu_us_per_call: Math.round(cpuPerCall) };
}

function loadOf(port, procedure, acceptEncoding) {
  return signedCallLoad(port, `appmarket_msrv/${procedure}`, LISTS[procedure], acceptEncoding);
}

/** One signed call over node:http, which (unlike fetch) hands over the body exactly as it came on the wire. */
function rawCall(port, procedure, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const call = request(
      `http://127.0.0.1:${port}/gwapi/v1/appmarket_msrv/${procedure}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      },
      (reply) => {
        const chunks = [];
        reply.on('data', (chunk) => chunks.push(chunk));
        reply.on('end', () => resolve({ headers: reply.headers, body: Buffer.concat(chunks) }));
      },
    );
    call.on('error', reject);
    call.end(signedBody(LISTS[procedure]));
  });
}

async function capture(port) {
  const captured = {};
  for (const procedure of Object.keys(LISTS)) {
    captured[procedure] = {};
    for (const [encoding, acceptEncoding] of Object.entries(ENCODINGS)) {
      const { headers, body } = await rawCall(port, procedure, acceptEncoding);
      if (encoding === 'identity' && JSON.parse(body.toString()).code !== 0) {
        throw new Error(`${procedure} answered ${body.toString()}`);
      }
      captured[procedure][encoding] = {
        headers: repeatableHeaders(headers),
        body: body.toString('base64'),
        bytes: body.length,
      };
    }
  }
  return captured;
}

let coinlens;
let baseline;
const mode = await benchMode();
try {
  const startedAt = Date.now();
  coinlens = await startCoinlens(3002, mode.env);
  // Steady state, as the goal is stated: the first start's back-fill is measured by bench:start.
  const settled = await waitUntilSettled(3002);
  const captured = await capture(3002);
  const captureFile = path.join(tmpdir(), `coinlens-bench-capture-${process.pid}.json`);
  writeFileSync(captureFile, JSON.stringify(captured));
  baseline = await startProcess(
    ['bench/identical-bytes-server.mjs', '3001', captureFile],
    {},
    'http://127.0.0.1:3001/healthz',
  );
  const rows = [];
  const cases = [];
  for (const procedure of Object.keys(LISTS)) {
    for (const [encoding, acceptEncoding] of Object.entries(ENCODINGS)) {
      const bytes = captured[procedure][encoding].bytes;
      // Warm-up, then the measured rounds back to back so drift affects both alike.
      await run({ ...loadOf(3001, procedure, acceptEncoding), duration: 2 });
      await run({ ...loadOf(3002, procedure, acceptEncoding), duration: 2 });
      const bare = await measuredRound(
        `bare ${procedure} ${encoding} (${bytes} B)`,
        baseline.pid,
        loadOf(3001, procedure, acceptEncoding),
      );
      const measured = await measuredRound(
        `coinlens ${procedure} ${encoding}`,
        coinlens.child.pid,
        loadOf(3002, procedure, acceptEncoding),
      );
      const ratio = Number((measured.req_per_s / bare.req_per_s).toFixed(3));
      // The bare server's CPU per call over Coinlens': the same ratio, measured in work instead of throughput.
      const cpuRatio = Number((bare.cpu_us_per_call / measured.cpu_us_per_call).toFixed(3));
      rows.push(bare, { ...measured, ratio, cpu_ratio: cpuRatio });
      cases.push({
        procedure,
        encoding,
        bytes,
        bare,
        measured,
        ratio,
        cpu_ratio: cpuRatio,
        pass: ratio >= RATIO_TARGET && measured.p99_ms <= P99_TARGET_MS && measured.non_2xx === 0,
      });
    }
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + MINIMUM_AGE_MS - Date.now())));
  const rss = {
    after_load_mb: Math.round(rssMb(coinlens.child.pid)),
    age_s: Math.round((Date.now() - startedAt) / 1000),
  };
  const pass = cases.every((entry) => entry.pass) && rss.after_load_mb <= RSS_TARGET_MB;
  process.stdout.write(
    `${JSON.stringify({ mode: mode.name, settled, cases, rss, ratio_target: RATIO_TARGET, p99_target_ms: P99_TARGET_MS, rss_target_mb: RSS_TARGET_MB, pass })}\n`,
  );
  printTable(rows);
  process.stdout.write(
    `${mode.name} mode: ${cases.map((entry) => `${entry.procedure}/${entry.encoding}: ratio ${entry.ratio} (CPU ${entry.cpu_ratio}), p99 ${entry.measured.p99_ms} ms`).join('; ')} ; RSS ${rss.after_load_mb} MB at ${rss.age_s} s (targets ≥ ${RATIO_TARGET}, ≤ ${P99_TARGET_MS} ms, ≤ ${RSS_TARGET_MB} MB): ${pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  if (baseline) await stop(baseline);
  await coinlens?.stop();
  await mode.remove();
}
