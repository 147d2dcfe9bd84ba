// Soak (issue 24): the built server (simulator, a fresh DATA_DIR, SQLite unless DATABASE_URL is set) under
// BENCH_SOAK_MINUTES (10) of coin_list calls at 80 % of its measured maximum throughput, arriving at a fixed rate
// (open loop), with BENCH_WS_CLIENTS (2,000) live clients and the abusive socket of finding 1 connected.
// Phases: settle; coin_list latency one call at a time (the unloaded p99) and the maximum throughput (autocannon,
// 100 connections, BENCH_SOAK_MAX_SECONDS = 20), alone and again once the live clients are connected (the soak's
// 80 % is of the second); the soak. Reported: calls, errors (non-zero codes, 5xx, socket
// errors, live clients refused or dropped, error frames to them), p50/p95/p99 against the unloaded p99, /healthz
// latency, live delivery latency, RSS every 10 s and its least-squares slope, the event-loop delay (through
// bench/event-loop-probe.mjs). PASS: zero errors and p99 ≤ 2 × the unloaded p99. What the server does to the
// abusive socket (error frames, policy closes) is counted apart and is no error.
// Run: npm run build && npm run bench:soak (the server on CPU 0, this generator on CPU 1).
import { rmSync } from 'node:fs';

import { connectCrowd, startAbusiveSocket } from './soak/live-crowd.mjs';
import { gatewayCaller, openLoop, sequentialLatencies } from './soak/http-load.mjs';
import {
  allowedCpus,
  callProcedure,
  printTable,
  quantile,
  rssMb,
  runAutocannon,
  SERVER_CPU,
  signedCallLoad,
  slope,
  spawnProbedCoinlens,
  waitUntilOk,
  waitUntilSettled,
} from './support.mjs';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WS_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2_000);
/**
 * Live clients sharing one loopback source address (127.1.x.y): the server caps connections per address, and
 * 2,000 visitors do not share one. 0 puts them all on 127.0.0.1.
 */
const WS_PER_ADDRESS = Number(process.env.BENCH_WS_PER_ADDRESS ?? 10);
const MAX_SECONDS = Number(process.env.BENCH_SOAK_MAX_SECONDS ?? 20);
const UNLOADED_SECONDS = Number(process.env.BENCH_SOAK_UNLOADED_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3014);
/** The soak's rate as a share of the maximum: the issue asks 0.8; lower it to see the server where this
 * machine's one generator core can keep the schedule. */
const LOAD_SHARE = Number(process.env.BENCH_SOAK_SHARE ?? 0.8);
const P99_FACTOR = 2;
/** As bench:lists: enough to saturate the server's core from the other one. */
const MAX_CONNECTIONS = 100;
/**
 * Connections of the open loop; calls beyond them wait for one, and the wait counts in their latency. At 80 % of
 * ~17,000 calls/s and ~6 ms a call, about 85 calls are in flight on average: 100 connections left no room for a
 * hiccup, and every pause grew a queue that never drained (the first 10-minute run), so there are four times as many.
 */
const OPEN_LOOP_CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 400);
const CALL_TIMEOUT_MS = 10_000;
/**
 * Latency counts from the scheduled time, so a generator that sends late adds its own delay to the server's:
 * past this p99 lateness the output says the figures are the generator's as much as the server's.
 */
const GENERATOR_LATE_LIMIT_MS = 10;
const SAMPLE_MS = 10_000;
const HEALTH_EVERY_MS = 250;
const COIN_LIST = 'appmarket_msrv/coin_list';
const COIN_LIST_PAGE = { page: 1, page_size: 100 };
const round = (value, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (counts) => Object.values(counts).reduce((total, value) => total + value, 0);

/** /healthz every HEALTH_EVERY_MS on its own schedule (a slow answer does not delay the next probe). */
function probeHealth(port) {
  const probes = [];
  const errors = {};
  const timer = setInterval(() => {
    const startedAt = performance.now();
    fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) errors[`http ${response.status}`] = (errors[`http ${response.status}`] ?? 0) + 1;
      })
      .catch((error) => (errors[error.name] = (errors[error.name] ?? 0) + 1))
      .finally(() => probes.push({ at: startedAt, ms: performance.now() - startedAt }));
  }, HEALTH_EVERY_MS);
  return { probes, errors, stop: () => clearInterval(timer) };
}

const generatorCpus = allowedCpus();
const placement =
  SERVER_CPU === null
    ? 'no taskset: server and load generator share the cores'
    : `server on CPU ${SERVER_CPU} (taskset), load generator on CPU ${generatorCpus ?? '?'}${generatorCpus === '1' ? '' : ' (not pinned away from the server: run it through npm run bench:soak)'}`;
process.stderr.write(`${placement}\n`);

// Another server on the port would answer the readiness poll in this one's place.
if (
  await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
    () => true,
    () => false,
  )
) {
  throw new Error(`port ${PORT} is taken: stop what listens there or set BENCH_PORT`);
}
const server = spawnProbedCoinlens(PORT, {
  LOG_LEVEL: 'warn',
  // Never the network: `auto` would probe CoinGecko.
  MARKET_SOURCE: 'simulator',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
});
// Interrupted (Ctrl-C, a timeout), the server must not outlive the bench.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.child.kill('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}
const loadCaller = gatewayCaller(PORT, COIN_LIST, COIN_LIST_PAGE, {
  connections: OPEN_LOOP_CONNECTIONS,
  timeoutMs: CALL_TIMEOUT_MS,
});
const oneAtATime = gatewayCaller(PORT, COIN_LIST, COIN_LIST_PAGE, {
  connections: 1,
  timeoutMs: CALL_TIMEOUT_MS,
});
let crowd = null;
let abuser = null;
let health = null;
let sampling = true;
try {
  await waitUntilOk(`http://127.0.0.1:${PORT}/healthz`, server.child);
  const settled = await waitUntilSettled(PORT);
  const firstPage = await callProcedure(PORT, COIN_LIST, COIN_LIST_PAGE);
  const coinIds = firstPage.data?.list?.map((coin) => coin.id) ?? [];
  if (firstPage.code !== 0 || coinIds.length === 0)
    throw new Error(`coin_list answered ${JSON.stringify(firstPage)}`);

  // Phase 2: warm up, the unloaded latency, the maximum throughput.
  await runAutocannon({ ...signedCallLoad(PORT, COIN_LIST, COIN_LIST_PAGE), connections: 10, duration: 3 });
  process.stderr.write(`unloaded latency, one call at a time for ${UNLOADED_SECONDS} s\n`);
  const unloaded = await sequentialLatencies(oneAtATime.call, UNLOADED_SECONDS);
  oneAtATime.close();
  process.stderr.write(`maximum throughput, ${MAX_CONNECTIONS} connections for ${MAX_SECONDS} s\n`);
  const saturated = await runAutocannon({
    ...signedCallLoad(PORT, COIN_LIST, COIN_LIST_PAGE),
    connections: MAX_CONNECTIONS,
    duration: MAX_SECONDS,
  });
  const maxAlonePerSecond = saturated.requests.average;
  const unloadedP99 = quantile(unloaded.latencies, 0.99);

  // Phase 3: the crowd and the abuser connect; the maximum is measured again beside them, since the soak's 80 %
  // is of what the server can give coin_list while it also feeds its live clients; then the open loop runs while
  // RSS and the loop are sampled.
  process.stderr.write(`connecting ${WS_CLIENTS} live clients\n`);
  crowd = await connectCrowd({ port: PORT, clients: WS_CLIENTS, coinIds, perAddress: WS_PER_ADDRESS });
  abuser = startAbusiveSocket({ port: PORT });
  await wait(2_000);
  process.stderr.write(
    `maximum throughput beside the live clients, ${MAX_CONNECTIONS} connections for ${MAX_SECONDS} s\n`,
  );
  const besideCrowd = await runAutocannon({
    ...signedCallLoad(PORT, COIN_LIST, COIN_LIST_PAGE),
    connections: MAX_CONNECTIONS,
    duration: MAX_SECONDS,
  });
  const maxPerSecond = besideCrowd.requests.average;
  const rate = Math.round(maxPerSecond * LOAD_SHARE);
  await wait(2_000);
  crowd.startMeasuring();
  await server.probe(); // starts a fresh event-loop window
  health = probeHealth(PORT);
  const samples = [];
  const started = performance.now();
  const sampler = (async () => {
    while (sampling) {
      await wait(SAMPLE_MS);
      if (!sampling) break;
      // A loop blocked for more than the probe's 5 s answers no probe: that window's delay stays null.
      const probe = await server.probe().catch(() => null);
      const sample = {
        minute: round((performance.now() - started) / 60_000, 2),
        rss_mb: Math.round(rssMb(server.child.pid)),
        heap_used_mb: probe && Math.round(probe.heap_used_mb),
        loop_p50_ms: probe?.delay.p50_ms ?? null,
        loop_p99_ms: probe?.delay.p99_ms ?? null,
        loop_max_ms: probe?.delay.max_ms ?? null,
        live_clients_open: crowd.stats.opened - sum(crowd.stats.closedByServer),
        abusive_closes: sum(abuser.stats.closes),
      };
      samples.push(sample);
      process.stderr.write(`${JSON.stringify(sample)}\n`);
    }
  })().catch((error) => process.stderr.write(`sampling stopped: ${error.message}\n`));
  process.stderr.write(`soak: ${rate} coin_list calls/s for ${MINUTES} min\n`);
  const load = await openLoop(loadCaller.call, rate, MINUTES * 60, {
    timeoutMs: CALL_TIMEOUT_MS,
    cancelled: () => server.child.exitCode !== null,
  });
  sampling = false;
  await sampler;
  health.stop();
  abuser.stop();
  crowd.stopMeasuring();
  crowd.close();

  // Phase 4: the report.
  const latencies = Float64Array.from(load.latencies).sort();
  const lateness = Float64Array.from(load.lateness).sort();
  const healthMs = health.probes.map((probe) => probe.ms).sort((a, b) => a - b);
  const delivery = crowd.stats.deliveryMs.sort((a, b) => a - b);
  const httpErrors = sum(load.errors);
  const crowdErrors = crowd.stats.clientsInTrouble;
  const healthErrors = sum(health.errors);
  const errors =
    httpErrors + crowdErrors + healthErrors + sum(unloaded.errors) + saturated.non2xx + saturated.errors;
  const p99 = quantile(latencies, 0.99);
  const p99Pass = p99 !== null && p99 <= P99_FACTOR * unloadedP99;
  const rssSlope = slope(samples.map((sample) => [sample.minute, sample.rss_mb]));
  let call = 0; // calls are scheduled in order: one pass over them for all windows
  const windows = samples.map((sample, index) => {
    const from = index === 0 ? 0 : samples[index - 1].minute * 60_000;
    const to = sample.minute * 60_000;
    const inWindow = [];
    for (; call < load.sent && load.scheduledAt[call] < to; call++) inWindow.push(load.latencies[call]);
    inWindow.sort((a, b) => a - b);
    const healthInWindow = health.probes
      .filter((probe) => probe.at - started >= from && probe.at - started < to)
      .map((probe) => probe.ms);
    return {
      minute: sample.minute,
      calls_per_s: Math.round(inWindow.length / ((to - from) / 1000)),
      p99_ms: round(quantile(inWindow, 0.99)),
      healthz_max_ms: healthInWindow.length ? round(Math.max(...healthInWindow)) : null,
      rss_mb: sample.rss_mb,
      loop_p99_ms: sample.loop_p99_ms,
      live_open: sample.live_clients_open,
    };
  });
  const probed = samples.filter((sample) => sample.loop_p99_ms !== null);
  const loopP99s = probed.map((sample) => sample.loop_p99_ms).sort((a, b) => a - b);
  const result = {
    placement,
    settled,
    database: process.env.DATABASE_URL ? 'postgresql' : 'sqlite',
    minutes: MINUTES,
    unloaded: {
      calls: unloaded.latencies.length,
      p50_ms: round(quantile(unloaded.latencies, 0.5), 2),
      p99_ms: round(unloadedP99, 2),
      errors: unloaded.errors,
    },
    max_throughput: {
      connections: MAX_CONNECTIONS,
      seconds: MAX_SECONDS,
      calls_per_s: Math.round(maxPerSecond),
      p99_ms: besideCrowd.latency.p99,
      non_2xx: besideCrowd.non2xx,
      errors: besideCrowd.errors + besideCrowd.timeouts,
      alone_calls_per_s: Math.round(maxAlonePerSecond),
      alone_p99_ms: saturated.latency.p99,
    },
    load: {
      target_calls_per_s: rate,
      share: LOAD_SHARE,
      connections: OPEN_LOOP_CONNECTIONS,
      sent: load.sent,
      achieved_calls_per_s: Math.round(load.sent / load.scheduleSeconds),
      p50_ms: round(quantile(latencies, 0.5)),
      p95_ms: round(quantile(latencies, 0.95)),
      p99_ms: round(p99),
      max_ms: round(latencies.at(-1) ?? null),
      errors: load.errors,
      generator_late_p99_ms: round(quantile(lateness, 0.99)),
      generator_late_max_ms: round(lateness.at(-1) ?? null),
      generator_kept_up: (quantile(lateness, 0.99) ?? 0) <= GENERATOR_LATE_LIMIT_MS,
    },
    healthz: {
      probes: healthMs.length,
      p50_ms: round(quantile(healthMs, 0.5)),
      p95_ms: round(quantile(healthMs, 0.95)),
      max_ms: round(healthMs.at(-1) ?? null),
      errors: health.errors,
    },
    live_crowd: {
      clients: WS_CLIENTS,
      source_addresses: crowd.stats.addresses,
      opened: crowd.stats.opened,
      clients_in_trouble: crowd.stats.clientsInTrouble,
      failed_to_open: crowd.stats.failedToOpen,
      closed_by_server: crowd.stats.closedByServer,
      socket_errors: crowd.stats.socketErrors,
      error_frames: crowd.stats.errorFrames,
      error_frame_sample: crowd.stats.errorFrameSample,
      frames: crowd.stats.frames,
      delivery_p50_ms: quantile(delivery, 0.5),
      delivery_p99_ms: quantile(delivery, 0.99),
    },
    abusive_socket: abuser.stats,
    rss: {
      first_mb: samples[0]?.rss_mb ?? null,
      last_mb: samples.at(-1)?.rss_mb ?? null,
      max_mb: samples.length ? Math.max(...samples.map((sample) => sample.rss_mb)) : null,
      slope_mb_per_min: round(rssSlope, 2),
    },
    event_loop: {
      window_s: SAMPLE_MS / 1000,
      p99_median_ms: quantile(loopP99s, 0.5),
      p99_worst_ms: loopP99s.at(-1) ?? null,
      max_ms: probed.length ? Math.max(...probed.map((sample) => sample.loop_max_ms)) : null,
      windows_unprobed: samples.length - probed.length,
    },
    errors,
    zero_errors: errors === 0,
    p99_within: { factor: P99_FACTOR, limit_ms: round(P99_FACTOR * unloadedP99, 2), pass: p99Pass },
    pass: errors === 0 && p99Pass,
    samples,
  };
  printTable(
    windows.filter((_, index) => index % 6 === 5 || index === windows.length - 1 || windows.length <= 12),
  );
  const lines = [
    placement,
    `coin_list: max ${result.max_throughput.calls_per_s}/s beside the live clients (${result.max_throughput.alone_calls_per_s}/s alone; ${MAX_CONNECTIONS} connections), soak at ${rate}/s (${Math.round(LOAD_SHARE * 100)} %, ${OPEN_LOOP_CONNECTIONS} connections), achieved ${result.load.achieved_calls_per_s}/s, ${load.sent} calls; generator late p99 ${result.load.generator_late_p99_ms} ms${result.load.generator_kept_up ? '' : ` (over ${GENERATOR_LATE_LIMIT_MS} ms: the load generator could not keep the schedule, and its delay is in the latencies below)`}`,
    `latency under load p50 ${result.load.p50_ms} / p95 ${result.load.p95_ms} / p99 ${result.load.p99_ms} ms vs unloaded p99 ${result.unloaded.p99_ms} ms (limit ${result.p99_within.limit_ms} ms): ${p99Pass ? 'PASS' : 'FAIL'}`,
    `errors ${errors} (calls ${httpErrors}, live clients refused, dropped or sent an error ${crowdErrors}, /healthz ${healthErrors}): ${errors === 0 ? 'PASS' : 'FAIL'}`,
    `/healthz p50 ${result.healthz.p50_ms} / p95 ${result.healthz.p95_ms} / max ${result.healthz.max_ms} ms; live delivery p99 ${result.live_crowd.delivery_p99_ms} ms to ${crowd.stats.opened} clients from ${crowd.stats.addresses} addresses`,
    `abusive socket: ${abuser.stats.messagesSent} messages, ${abuser.stats.topicsSent} topics, ${abuser.stats.errorFrames} error frames back (by code ${JSON.stringify(abuser.stats.errorCodes)}), closes ${JSON.stringify(abuser.stats.closes)}, ${abuser.stats.connections} connections (not errors)`,
    `RSS ${result.rss.first_mb} → ${result.rss.last_mb} MB, max ${result.rss.max_mb} MB, slope ${result.rss.slope_mb_per_min} MB/min over ${samples.length} samples ${SAMPLE_MS / 1000} s apart; event-loop p99 median ${result.event_loop.p99_median_ms} ms, worst 10 s window ${result.event_loop.p99_worst_ms} ms, max ${result.event_loop.max_ms} ms${probed.length < samples.length ? `, ${samples.length - probed.length} windows unprobed (loop blocked > 5 s)` : ''}`,
    `soak: ${result.pass ? 'PASS' : 'FAIL'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n${JSON.stringify(result)}\n`);
} finally {
  sampling = false;
  health?.stop();
  abuser?.stop();
  crowd?.close();
  loadCaller.close();
  oneAtATime.close();
  await server.stop();
}
