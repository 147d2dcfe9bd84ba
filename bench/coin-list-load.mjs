// coin_list (page of 100) under load — autocannon, 100 connections — as a ratio of a bare Fastify
// hello-world measured on the same machine in the same run. Target: ratio ≥ 0.5 and p99 ≤ 50 ms.
// Run: npm run build && npm run bench:coin-list
import autocannon from 'autocannon';

import { printTable, signedBody, startCoinlens, startProcess, stop } from './support.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;

function run(options) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

function summary(name, result) {
  return {
    case: name,
    req_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const hello = await startProcess(['bench/hello-server.mjs', '3001'], {}, 'http://127.0.0.1:3001/');
let coinlens;
try {
  coinlens = await startCoinlens(3002);
  const coinList = {
    url: 'http://127.0.0.1:3002/gwapi/v1/appmarket_msrv/coin_list',
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => ({ ...request, body: signedBody({ page: 1, page_size: 100 }) }),
      },
    ],
  };
  // Warm-up, then the measured rounds, interleaved so drift affects both alike.
  await run({ url: 'http://127.0.0.1:3001/', duration: 3 });
  await run({ ...coinList, duration: 3 });
  const baseline = summary('fastify hello-world', await run({ url: 'http://127.0.0.1:3001/' }));
  const measured = summary('coin_list page of 100', await run(coinList));
  const ratio = measured.req_per_s / baseline.req_per_s;
  const verdict = {
    ratio: Number(ratio.toFixed(3)),
    ratio_target: 0.5,
    p99_target_ms: 50,
    pass: ratio >= 0.5 && measured.p99_ms <= 50 && measured.non_2xx === 0,
  };
  process.stdout.write(`${JSON.stringify({ baseline, measured, ...verdict })}\n`);
  printTable([baseline, measured]);
  process.stdout.write(
    `ratio ${verdict.ratio} (target ≥ 0.5), p99 ${measured.p99_ms} ms (target ≤ 50): ${verdict.pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  await stop(hello);
  await coinlens?.stop();
}
