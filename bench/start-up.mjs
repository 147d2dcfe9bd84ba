// Start on a fresh data folder: time to /healthz and to the first coin_list and coin_detail answers, the
// event-loop delay (perf_hooks.monitorEventLoopDelay, from bench/event-loop-probe.mjs) and coin_list latency
// while the history is back-filled, and the database size once it is stored.
// Targets: /healthz and market procedures ≤ 5 s, event-loop p99 ≤ 20 ms during back-fill.
// Run: npm run build && npm run bench:start (BENCH_RUNS, default 2).
import {
  callProcedure,
  folderMb,
  printTable,
  quantile,
  spawnProbedCoinlens,
  waitUntilOk,
} from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const PORT = 3011;
const STORED_MESSAGE = 'back-filled history stored';

async function once() {
  const started = Date.now();
  const server = spawnProbedCoinlens(PORT);
  try {
    const healthMs = await waitUntilOk(`http://127.0.0.1:${PORT}/healthz`, server.child);
    const list = await callProcedure(PORT, 'appmarket_msrv/coin_list', { page: 1, page_size: 100 });
    const listMs = Date.now() - started;
    const detail = await callProcedure(PORT, 'appmarket_msrv/coin_detail', { coin_id: 'bitcoin' });
    const detailMs = Date.now() - started;
    if (list.code !== 0 || detail.code !== 0) throw new Error(`market answers ${list.code} / ${detail.code}`);
    await server.probe(); // the delay window starts now: serving while back-filling
    const latencies = [];
    while (!server.lines.some((line) => line.msg === STORED_MESSAGE)) {
      if (Date.now() - started > 600_000) throw new Error('back-fill did not finish in 10 minutes');
      const callStarted = performance.now();
      const answer = await callProcedure(PORT, 'appmarket_msrv/coin_list', { page: 1, page_size: 100 });
      if (answer.code !== 0) throw new Error(`coin_list answered ${answer.code} while back-filling`);
      latencies.push(performance.now() - callStarted);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const during = await server.probe();
    const storedMs = server.lines.find((line) => line.msg === STORED_MESSAGE).at - started;
    latencies.sort((a, b) => a - b);
    return {
      healthz_ms: healthMs,
      coin_list_ms: listMs,
      coin_detail_ms: detailMs,
      backfill_stored_s: Number((storedMs / 1000).toFixed(1)),
      loop_p50_ms: during.delay.p50_ms,
      loop_p99_ms: during.delay.p99_ms,
      loop_max_ms: during.delay.max_ms,
      list_calls: latencies.length,
      list_p99_ms: Number(quantile(latencies, 0.99)?.toFixed(1)),
      db_mb: Number(folderMb(server.dataDir).toFixed(1)),
      rss_mb: Math.round(during.rss_mb),
    };
  } finally {
    await server.stop();
  }
}

const rows = [];
for (let run = 0; run < RUNS; run++) rows.push(await once());
const worst = (key) => Math.max(...rows.map((row) => row[key]));
const verdict = {
  healthz_ms: worst('healthz_ms'),
  market_ms: Math.max(worst('coin_list_ms'), worst('coin_detail_ms')),
  loop_p99_ms: worst('loop_p99_ms'),
  db_mb: worst('db_mb'),
};
verdict.pass = verdict.healthz_ms <= 5_000 && verdict.market_ms <= 5_000 && verdict.loop_p99_ms <= 20;
process.stdout.write(`${JSON.stringify({ runs: rows, ...verdict })}\n`);
printTable(rows);
process.stdout.write(
  `worst of ${RUNS}: /healthz ${verdict.healthz_ms} ms, market answers ${verdict.market_ms} ms (target ≤ 5,000), event-loop p99 during back-fill ${verdict.loop_p99_ms} ms (target ≤ 20), database ${verdict.db_mb} MB: ${verdict.pass ? 'PASS' : 'FAIL'}\n`,
);
