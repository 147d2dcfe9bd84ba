// Alert evaluation per tick (issue 25): 100,000 alerts over 321 coins — price above/below in USD and 38 other
// display currencies, 1 h / 24 h change, score and integrity-flag alerts, once or repeating — evaluated once per
// tick by the server's index (apps/server/src/modules/alerts/alert-index.ts: by coin and watched value, levels
// sorted, binary search of the crossed range; rates move once a minute), against a baseline in the same run that checks every alert each
// tick. Prices take a random walk (σ 0.05 % a one-second tick, fat-tailed jumps), so alerts fire throughout; both
// must find the same firings. Reports median and p95 per tick. Target: index ≤ 5 ms a tick.
// Run: npm run bench:alerts (BENCH_TICKS, default 2,000; BENCH_ALERTS, default 100,000).
import { performance } from 'node:perf_hooks';

import { DISPLAY_CURRENCIES } from '@coinlens/contract';

import { printTable, quantile } from './support.mjs';

const { AlertIndex } = await import('../apps/server/src/modules/alerts/alert-index.ts');

const COINS = 321;
const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 2_000);
const TICK_MS = 1_000;
const SCORE_EVERY = 300;

let seed = 25;
function random() {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
}
function gaussian() {
  return Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
}
const pick = (list) => list[Math.floor(random() * list.length)];

// The market: prices from 1e-5 to 1e5 USD, rates for every display currency, changes, scores, flags.
const coinIds = Array.from({ length: COINS }, (_, index) => `coin-${index}`);
const state = new Map(
  coinIds.map((id) => {
    const price = 10 ** (random() * 10 - 5);
    return [
      id,
      {
        price,
        hourAgo: price * (1 + gaussian() * 0.01),
        dayAgo: price * (1 + gaussian() * 0.04),
        score: 20 + random() * 70,
        flags: [],
      },
    ];
  }),
);
const currencies = DISPLAY_CURRENCIES.map((entry) => entry.currency_code);
const rates = new Map(currencies.map((code) => [code, code === 'usd' ? 1 : 10 ** (random() * 4.5 - 0.5)]));
const FLAG_KINDS = [
  'suspicious_volume',
  'unconfirmed_social_spike',
  'price_outlier_excluded',
  'concentrated_holders',
];
const market = {
  price: (id) => state.get(id)?.price ?? null,
  change(id, window) {
    const coin = state.get(id);
    return coin ? (coin.price / (window === '1h' ? coin.hourAgo : coin.dayAgo) - 1) * 100 : null;
  },
  score: (id) => state.get(id)?.score ?? null,
  flags: (id) => state.get(id)?.flags ?? null,
  rate: (code) => rates.get(code) ?? null,
};

const RATES_EVERY = 60;

function step(tick) {
  // The rates job runs once a minute: every rate moves a little.
  if (tick % RATES_EVERY === 0)
    for (const [code, rate] of rates)
      if (code !== 'usd') rates.set(code, rate * Math.exp(gaussian() * 0.001));
  for (const coin of state.values()) {
    const jump = random() < 0.002 ? gaussian() * 0.03 : 0;
    coin.price *= Math.exp(gaussian() * 0.0005 + jump);
    coin.hourAgo *= Math.exp(gaussian() * 0.0002);
    coin.dayAgo *= Math.exp(gaussian() * 0.00005);
    if (tick % SCORE_EVERY === 0) {
      coin.score = Math.min(99, Math.max(1, coin.score + gaussian() * 1.5));
      if (random() < 0.05) coin.flags = random() < 0.5 ? [] : [pick(FLAG_KINDS)];
    }
  }
}

// Alerts with levels near the values they watch (0.2–5 % away), so moves cross some of them.
let nextId = 1;
function makeAlert() {
  const coinId = pick(coinIds);
  const coin = state.get(coinId);
  const roll = random();
  const near = (value) => value * (1 + (random() < 0.5 ? -1 : 1) * (0.002 + random() * 0.048));
  const repeat = random() < 0.5 ? 'repeat' : 'once';
  const base = {
    id: nextId++,
    userId: Math.floor(random() * 20_000),
    coinId,
    currency: null,
    window: null,
    repeat,
    cooldownMs: repeat === 'repeat' ? pick([5, 15, 60]) * 60_000 : 0,
    lastFiredAt: null,
    firedCount: 0,
  };
  if (roll < 0.6) {
    const currency = random() < 0.6 ? 'usd' : pick(currencies);
    const level = near(coin.price * rates.get(currency));
    return { ...base, kind: random() < 0.5 ? 'price_above' : 'price_below', level, currency };
  }
  if (roll < 0.8) {
    return {
      ...base,
      kind: random() < 0.5 ? 'change_up' : 'change_down',
      level: 0.5 + random() * 6,
      window: random() < 0.5 ? '1h' : '24h',
    };
  }
  if (roll < 0.95)
    return { ...base, kind: random() < 0.5 ? 'score_above' : 'score_below', level: near(coin.score) };
  return { ...base, kind: 'integrity_flag', level: null };
}
const alerts = Array.from({ length: ALERTS }, makeAlert);

/** The baseline: every alert, every tick, its own previous value. */
class NaiveAlerts {
  constructor(list) {
    this.alerts = list.map((alert) => ({ ...alert, last: Number.NaN, lastFlags: null, done: false }));
  }
  value(alert) {
    switch (alert.kind) {
      case 'price_above':
      case 'price_below': {
        const price = market.price(alert.coinId);
        const rate = alert.currency === 'usd' ? 1 : market.rate(alert.currency);
        return price === null || rate === null ? null : price * rate;
      }
      case 'change_up':
        return market.change(alert.coinId, alert.window);
      case 'change_down': {
        const change = market.change(alert.coinId, alert.window);
        return change === null ? null : change;
      }
      default:
        return market.score(alert.coinId);
    }
  }
  evaluate(now) {
    const hits = [];
    for (const alert of this.alerts) {
      if (alert.done) continue;
      let fired;
      if (alert.kind === 'integrity_flag') {
        const flags = market.flags(alert.coinId);
        const before = alert.lastFlags;
        alert.lastFlags = flags;
        fired = before !== null && flags !== null && flags.some((flag) => !before.includes(flag));
      } else {
        const value = this.value(alert);
        const last = alert.last;
        alert.last = value;
        if (value === null || Number.isNaN(last)) continue;
        const level = alert.kind === 'change_down' ? -alert.level : alert.level;
        const above =
          alert.kind === 'price_above' || alert.kind === 'change_up' || alert.kind === 'score_above';
        fired = above ? last <= level && value > level : last >= level && value < level;
      }
      if (!fired) continue;
      if (
        alert.repeat === 'repeat' &&
        alert.lastFiredAt !== null &&
        now - alert.lastFiredAt < alert.cooldownMs
      )
        continue;
      alert.lastFiredAt = now;
      alert.firedCount += 1;
      if (alert.repeat === 'once') alert.done = true;
      hits.push(alert.id);
    }
    return hits;
  }
}

const index = new AlertIndex();
const loadStart = performance.now();
index.load(alerts.map((alert) => ({ ...alert })));
const loadMs = performance.now() - loadStart;
const naive = new NaiveAlerts(alerts);

const times = { index: [], naive: [] };
const cpu = { index: [], naive: [] };
let fired = 0;
let mismatches = 0;
for (let tick = 0; tick <= TICKS; tick++) {
  if (tick > 0) step(tick);
  const now = tick * TICK_MS;
  // Alternate which runs first, so neither always meets a warmer cache.
  const order = tick % 2 === 0 ? ['index', 'naive'] : ['naive', 'index'];
  const found = {};
  for (const name of order) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    found[name] =
      name === 'index' ? index.evaluate(market, now).map((hit) => hit.alert.id) : naive.evaluate(now);
    const elapsed = performance.now() - start;
    const cpuUsed = process.cpuUsage(cpuStart);
    if (tick > 0) {
      times[name].push(elapsed);
      cpu[name].push((cpuUsed.user + cpuUsed.system) / 1000);
    }
  }
  if (tick === 0) continue;
  fired += found.index.length;
  const a = found.index.sort((x, y) => x - y).join();
  const b = found.naive.sort((x, y) => x - y).join();
  if (a !== b) mismatches += 1;
}

const sortedOf = (list) => [...list].sort((a, b) => a - b);
const figures = (name) => {
  const wall = sortedOf(times[name]);
  const used = sortedOf(cpu[name]);
  return {
    evaluation: name === 'index' ? 'index (by coin, sorted levels)' : 'baseline (every alert)',
    wall_median_ms: quantile(wall, 0.5).toFixed(3),
    wall_p95_ms: quantile(wall, 0.95).toFixed(3),
    cpu_median_ms: quantile(used, 0.5).toFixed(3),
    cpu_p95_ms: quantile(used, 0.95).toFixed(3),
  };
};
process.stdout.write(
  `${ALERTS.toLocaleString('en')} alerts over ${COINS} coins, ${TICKS.toLocaleString('en')} ticks; ` +
    `index loaded in ${loadMs.toFixed(0)} ms; ${fired.toLocaleString('en')} firings ` +
    `(${(fired / TICKS).toFixed(1)} a tick); ticks where the two disagree: ${mismatches}\n`,
);
printTable([figures('index'), figures('naive')]);
const median = quantile(sortedOf(times.index), 0.5);
const p95 = quantile(sortedOf(times.index), 0.95);
process.stdout.write(
  `target: index ≤ 5 ms a tick — median ${median <= 5 ? 'met' : 'MISSED'}, p95 ${p95 <= 5 ? 'met' : 'MISSED'}; ` +
    `baseline / index (median wall): ${(quantile(sortedOf(times.naive), 0.5) / median).toFixed(1)}×\n`,
);
if (mismatches > 0) process.exitCode = 1;
