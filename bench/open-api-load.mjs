// The open API under autocannon (100 connections): /api/v3/simple/price for 50 ids and /api/v3/coins/markets
// (250 a page), with and without `Accept-Encoding: br, gzip`, each as a ratio of a bare Fastify answering the
// same GET with the identical bytes and headers captured from Coinlens in the same run
// (bench/identical-get-server.mjs). Target (issue 38): ratio ≥ 0.9 in every case.
// Run: npm run build && npm run bench:open-api (BENCH_MODE=production: on PostgreSQL and Redis)
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  BENCH_ENCODINGS,
  benchMode,
  loadSummary,
  repeatableHeaders,
  printTable,
  runAutocannon,
  startCoinlens,
  startProcess,
  stop,
  waitUntilSettled,
} from './support.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const RATIO_TARGET = 0.9;
const ENCODINGS = BENCH_ENCODINGS;

/** The 50 largest coins' ids, as a caller of /simple/price would list them. */
async function fiftyIds(port) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v3/coins/markets?vs_currency=usd&per_page=50`);
  return (await response.json()).map((coin) => coin.id).join(',');
}

function get(port, url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const call = request(
      `http://127.0.0.1:${port}${url}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (reply) => {
        const chunks = [];
        reply.on('data', (chunk) => chunks.push(chunk));
        reply.on('end', () =>
          resolve({ status: reply.statusCode, headers: reply.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

let coinlens;
let baseline;
const mode = await benchMode();
try {
  coinlens = await startCoinlens(3002, { ...mode.env, OPEN_API_CALLS_PER_MINUTE: '1000000000' });
  const settled = await waitUntilSettled(3002);
  const cases = {
    simple_price_50: `/api/v3/simple/price?ids=${await fiftyIds(3002)}&vs_currencies=usd&include_24hr_change=true`,
    coins_markets_250: '/api/v3/coins/markets?vs_currency=usd&per_page=250',
  };
  const captured = {};
  for (const [name, url] of Object.entries(cases)) {
    captured[url] = {};
    for (const [encoding, acceptEncoding] of Object.entries(ENCODINGS)) {
      const { status, headers, body } = await get(3002, url, acceptEncoding);
      if (status !== 200) throw new Error(`${name} answered ${status}: ${body.toString()}`);
      captured[url][encoding] = {
        headers: repeatableHeaders(headers),
        body: body.toString('base64'),
        bytes: body.length,
      };
    }
  }
  const captureFile = path.join(tmpdir(), `coinlens-open-api-capture-${process.pid}.json`);
  writeFileSync(captureFile, JSON.stringify(captured));
  baseline = await startProcess(
    ['bench/identical-get-server.mjs', '3001', captureFile],
    {},
    'http://127.0.0.1:3001/healthz',
  );
  const rows = [];
  const results = [];
  const load = (port, url, acceptEncoding, duration = DURATION) =>
    runAutocannon({
      url: `http://127.0.0.1:${port}${url}`,
      connections: CONNECTIONS,
      duration,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  for (const [name, url] of Object.entries(cases)) {
    for (const [encoding, acceptEncoding] of Object.entries(ENCODINGS)) {
      const bytes = captured[url][encoding].bytes;
      await load(3001, url, acceptEncoding, 2);
      await load(3002, url, acceptEncoding, 2);
      const bare = loadSummary(
        `bare ${name} ${encoding} (${bytes} B)`,
        await load(3001, url, acceptEncoding),
      );
      const measured = loadSummary(`coinlens ${name} ${encoding}`, await load(3002, url, acceptEncoding));
      const ratio = Number((measured.req_per_s / bare.req_per_s).toFixed(3));
      rows.push(bare, { ...measured, ratio });
      results.push({
        name,
        encoding,
        bytes,
        bare,
        measured,
        ratio,
        pass: ratio >= RATIO_TARGET && measured.non_2xx === 0,
      });
    }
  }
  const pass = results.every((entry) => entry.pass);
  process.stdout.write(
    `${JSON.stringify({ mode: mode.name, settled, results, ratio_target: RATIO_TARGET, pass })}\n`,
  );
  printTable(rows);
  process.stdout.write(
    `${mode.name} mode: ${results.map((entry) => `${entry.name}/${entry.encoding}: ratio ${entry.ratio}`).join('; ')} (target ≥ ${RATIO_TARGET}): ${pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  if (baseline) await stop(baseline);
  await coinlens?.stop();
  await mode.remove();
}
