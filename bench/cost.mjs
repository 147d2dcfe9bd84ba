// One account against everyone else, by cost (issue 35, finding 1): /healthz latency with nobody calling, then
// while one signed-in account keeps the heaviest procedure of each module in flight (two at a time, as the
// attack did) at the rate the server allows it, honouring every 429's Retry-After. Before the cost budget one
// account holding 321 coins kept portfolio_history running back to back: /healthz p50 3 → 620 ms.
// Steps: one account per module, each from its own address (TRUST_PROXY, X-Forwarded-For), so neither the
// call count limit nor the cost budget of one phase carries into the next; each candidate procedure timed
// alone (median of BENCH_SAMPLES calls, a refusal waited out), the heaviest of each module kept;
// BENCH_REFILL_SECONDS for the budgets to refill; then BENCH_ROUNDS rounds of, per module, BENCH_SECONDS of
// /healthz unloaded, then its account calling until its burst is spent (its first 429, at most
// BENCH_WARM_UP_SECONDS) and /healthz measured BENCH_SECONDS while it goes on calling.
// Target: /healthz p95 under each module's load ≤ 2 × unloaded p95.
// Runs the server from source (tsx) by default; BENCH_SERVER=dist runs the built one (npm run build first);
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh database each run is up to you).
// Run: npm run bench:cost
import { printTable, quantile, signedBody, startCoinlens, waitUntilSettled } from './support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3019);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 2);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_SECONDS ?? 15);
const REFILL_S = Number(process.env.BENCH_REFILL_SECONDS ?? 40);
const SERVER = process.env.BENCH_SERVER ?? 'source';
const BASE = `http://127.0.0.1:${PORT}`;
const DEVICE_ID = 'bench-cost-device';
const PASSWORD = 'Correct-horse1';

/**
 * A signed call as `caller` ({ token, ip }: an account's access token, the address it calls from, through
 * X-Forwarded-For); answers status, the gateway's `{code, msg, data}` and Retry-After (seconds).
 */
async function call(procedure, payload, caller) {
  const response = await fetch(`${BASE}/gwapi/v1/${procedure}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      DeviceId: DEVICE_ID,
      'X-Forwarded-For': caller.ip,
      ...(caller.token ? { AccessToken: caller.token } : {}),
    },
    body: signedBody(payload),
    signal: AbortSignal.timeout(60_000),
  });
  const answer = await response.json();
  return { status: response.status, answer, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
}

/** `call`, waiting out every 429's Retry-After (the account's budget) and asking again. */
async function patientCall(procedure, payload, caller) {
  for (;;) {
    const startedAt = performance.now();
    const outcome = await call(procedure, payload, caller);
    if (outcome.status !== 429) return { ...outcome, ms: performance.now() - startedAt };
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, outcome.retryAfter) * 1000));
  }
}

async function expectSuccess(procedure, payload, caller) {
  const { answer } = await patientCall(procedure, payload, caller);
  if (answer.code !== 0) throw new Error(`${procedure}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/**
 * Registers an account for `module` through captcha, the dev outbox and register, from an address of its own
 * (so neither the call count limit nor the cost budget of one phase carries into another); answers the caller.
 */
async function signUp(module, index) {
  const ip = `198.51.100.${index + 1}`;
  const email = `cost-bench-${module}@example.com`;
  await expectSuccess('user_msrv/captcha', { email, purpose: 'register' }, { ip });
  let code;
  for (let attempt = 0; attempt < 200 && !code; attempt++) {
    const outbox = await fetch(`${BASE}/dev/outbox.json?to=${encodeURIComponent(email)}`).then((r) =>
      r.json(),
    );
    code = /\b(\d{6})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!code) throw new Error('no code in the dev outbox');
  const session = await expectSuccess(
    'user_msrv/register',
    {
      email,
      code,
      password: PASSWORD,
      repeat_password: PASSWORD,
      country: 'VN',
      nickname: 'Bench',
      agreement: true,
    },
    { ip },
  );
  return { token: session.AccessToken, ip };
}

/** Every coin's id (coin_list pages of 100). */
async function allCoinIds(caller) {
  const ids = [];
  for (let page = 1; ; page++) {
    const data = await expectSuccess('appmarket_msrv/coin_list', { page, page_size: 100 }, caller);
    const items = data.list ?? data.items ?? [];
    ids.push(...items.map((item) => item.id));
    if (items.length < 100) return ids;
  }
}

/** What the attack did: one buy of every coin (one import); a few alerts for the alerts account. */
async function fillAccounts(callers, coinIds) {
  const day = 86_400_000;
  const rows = coinIds.map(
    (id, index) => `${new Date(Date.now() - (index % 300) * day).toISOString()},buy,${id},1,1,0`,
  );
  await expectSuccess(
    'appportfolio_msrv/portfolio_import',
    { format: 'generic', csv: ['date,type,coin,amount,price,fee', ...rows].join('\n') },
    callers.get('portfolio'),
  );
  for (const id of coinIds.slice(0, 5))
    await call(
      'appalert_msrv/alert_create',
      { coin_id: id, kind: 'price_above', level: 1_000_000, currency: 'usd' },
      callers.get('alerts'),
    );
}

/** The heavier procedures of each module, with a payload each (the signed-in account calls them all). */
function candidates(coinIds) {
  const coin = coinIds[0];
  const exchange = 'binance';
  return [
    ['portfolio', 'appportfolio_msrv/portfolio_history', { range: 'all' }],
    ['portfolio', 'appportfolio_msrv/portfolio_summary', {}],
    ['portfolio', 'appportfolio_msrv/portfolio_export', {}],
    ['portfolio', 'appportfolio_msrv/transaction_list', { page: 1, page_size: 100 }],
    ['search', 'appsearch_msrv/search', { keyword: 'bitcoin cash', page_size: 100, type: 'coin' }],
    ['search', 'appsearch_msrv/search', { keyword: 'zz', type: 'all' }],
    ['search', 'appsearch_msrv/hot_search', {}],
    ['market', 'appmarket_msrv/coin_kline', { coin_id: coin, range: 'All' }],
    ['market', 'appmarket_msrv/coin_list', { page: 1, page_size: 100 }],
    ['market', 'appmarket_msrv/coin_tickers', { coin_id: coin, page: 1, page_size: 100 }],
    ['market', 'appmarket_msrv/exchange_tickers', { exchange_id: exchange, page: 1, page_size: 100 }],
    ['market', 'appmarket_msrv/coin_detail', { coin_id: coin }],
    ['content', 'appcontent_msrv/news_list', { page: 1, page_size: 100 }],
    ['content', 'appcontent_msrv/fastnews_list', { page: 1, page_size: 100 }],
    ['alerts', 'appalert_msrv/alert_list', {}],
    ['alerts', 'appalert_msrv/alert_firing_list', { page: 1, page_size: 100 }],
    ['inbox', 'appinbox_msrv/inbox_message_list', { page: 1, page_size: 100 }],
    ['accounts', 'user_msrv/user_info', {}],
    ['accounts', 'user_msrv/security_info', {}],
  ];
}

/** Median time of `SAMPLES` calls one after another, the server otherwise idle (refusals waited out). */
async function timeAlone(procedure, payload, caller) {
  const times = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const { answer, ms } = await patientCall(procedure, payload, caller);
    if (answer.code !== 0) return { ms: null, code: answer.code };
    times.push(ms);
  }
  return {
    ms: quantile(
      times.sort((a, b) => a - b),
      0.5,
    ),
    code: 0,
  };
}

/** GET /healthz one after another until `signal` aborts, added to `latencies` (ms). */
async function measureHealth(seconds, latencies) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const startedAt = performance.now();
    const response = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    latencies.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `IN_FLIGHT` loops calling `procedure` back to back, each waiting out a 429's Retry-After, until `tally.stop`;
 * `tally.refusedOnce` resolves at the first refusal (the caller's burst is spent).
 */
async function keepCalling(procedure, payload, caller, tally) {
  let refused;
  tally.refusedOnce = new Promise((resolve) => (refused = resolve));
  const loop = async () => {
    while (!tally.stop) {
      const { status, retryAfter } = await call(procedure, payload, caller);
      if (status === 429) {
        tally.refused++;
        refused();
        // Waits out Retry-After, or until the phase ends.
        const waitedUntil = Date.now() + Math.max(1, retryAfter) * 1000;
        while (!tally.stop && Date.now() < waitedUntil)
          await new Promise((resolve) => setTimeout(resolve, 100));
      } else tally.answered++;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
}

function summary(unsorted) {
  const latencies = [...unsorted].sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    requests: latencies.length,
    p50_ms: round(quantile(latencies, 0.5)),
    p95_ms: round(quantile(latencies, 0.95)),
    max_ms: round(latencies.at(-1) ?? null),
  };
}

const databaseEnv = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
// The server's own default rate limit: the account calls at the rate a real caller is allowed.
const coinlens = await startCoinlens(
  PORT,
  { RATE_LIMIT_PER_MINUTE: '600', DEV_OUTBOX: 'true', TRUST_PROXY: 'true', ...databaseEnv },
  SERVER === 'dist' ? 'dist' : 'source',
);
try {
  await waitUntilSettled(PORT);
  const modules = [...new Set(candidates([]).map(([module]) => module))];
  const callers = new Map();
  for (const [index, module] of modules.entries()) callers.set(module, await signUp(module, index));
  const coinIds = await allCoinIds(callers.get('market'));
  await fillAccounts(callers, coinIds);

  const costs = [];
  for (const [module, procedure, payload] of candidates(coinIds))
    costs.push({ module, procedure, payload, ...(await timeAlone(procedure, payload, callers.get(module))) });
  printTable(
    costs.map(({ module, procedure, ms, code }) => ({
      module,
      procedure: procedure.split('/')[1],
      alone_ms: ms === null ? `code ${code}` : Math.round(ms * 10) / 10,
    })),
  );
  const heaviest = new Map();
  for (const cost of costs)
    if (cost.ms !== null && cost.ms > (heaviest.get(cost.module)?.ms ?? -1)) heaviest.set(cost.module, cost);

  // Let the budgets spent while timing the candidates refill (COST_BUDGET_BURST_MS at 50 ms/s by default).
  await new Promise((resolve) => setTimeout(resolve, REFILL_S * 1000));
  const unloadedLatencies = [];
  const loaded = new Map(
    [...heaviest.keys()].map((module) => [module, { latencies: [], answered: 0, refused: 0 }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [module, { procedure, payload }] of heaviest) {
      // Unloaded before each module's phase, so drift on a busy machine weighs on both alike.
      await measureHealth(SECONDS, unloadedLatencies);
      // Measured at the sustained rate: once the account's burst is spent (its first 429), or after WARM_UP_S.
      const phase = loaded.get(module);
      phase.stop = false;
      const startedAt = Date.now();
      const calling = keepCalling(procedure, payload, callers.get(module), phase);
      await Promise.race([
        phase.refusedOnce,
        new Promise((resolve) => setTimeout(resolve, WARM_UP_S * 1000)),
      ]);
      phase.warmUpSeconds = (Date.now() - startedAt) / 1000;
      const before = phase.answered;
      await measureHealth(SECONDS, phase.latencies);
      phase.measuredAnswers = (phase.measuredAnswers ?? 0) + phase.answered - before;
      phase.stop = true;
      await calling;
    }
  }
  const unloaded = summary(unloadedLatencies);
  const rows = [...heaviest].map(([module, { procedure, ms }]) => {
    const { latencies, measuredAnswers, refused, warmUpSeconds } = loaded.get(module);
    const health = summary(latencies);
    return {
      module,
      procedure: procedure.split('/')[1],
      alone_ms: Math.round(ms * 10) / 10,
      burst_s: Math.round(warmUpSeconds * 10) / 10,
      answered_per_s: Math.round((measuredAnswers / (SECONDS * ROUNDS)) * 10) / 10,
      refused,
      healthz_p50_ms: health.p50_ms,
      healthz_p95_ms: health.p95_ms,
      healthz_max_ms: health.max_ms,
      pass: health.p95_ms !== null && health.p95_ms <= 2 * unloaded.p95_ms,
    };
  });
  const pass = rows.every((row) => row.pass);
  process.stdout.write(
    `${JSON.stringify({ server: SERVER, database: databaseEnv.DATABASE_URL ? 'postgres' : 'sqlite', unloaded, rows, pass })}\n`,
  );
  printTable(rows);
  process.stdout.write(
    `/healthz p95 ${unloaded.p95_ms} ms unloaded (p50 ${unloaded.p50_ms}); worst under one account's load ${Math.max(...rows.map((row) => row.healthz_p95_ms))} ms: ${pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  await coinlens.stop();
}
