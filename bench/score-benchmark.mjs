#!/usr/bin/env node
// The score's manipulation-resistance benchmark (docs/score-methodology.md §7): the production MarketScorer over
// the simulator's honest market of ≥ 20 seeds, attacked by the independent attack lab (packages/attack-lab) as a
// parameter of the market it sees, against a latent truth none of its inputs equals. Deterministic.
// `npm run build` first; `npm run bench:score [-- --seeds N]` (default 20); `-- --compute [--runs R]`: the score
// run's compute alone, on two seeds unless --seeds says (bench/score/compute-runs.mjs); `-- --steady`: the families
// with depth against a server that has rotated for 8 hours (bench/score/steady-state.mjs).
import { parseArgs } from 'node:util';

import { auc, interval, kendall, median, methods, ranking, rankingOf, spearman } from './score/measures.mjs';
import { AttackedProvider } from './score/attacked-provider.mjs';
import { CachedProvider } from './score/cached-provider.mjs';
import { computeRuns } from './score/compute-runs.mjs';
import { scoredMarket } from './score/market-run.mjs';
import { scaleReport } from './score/scale.mjs';
import { steadyState } from './score/steady-state.mjs';
import { attackTargets, DILUTION, fakeCounted, LAMBDA, touchQuotes } from './score/attack-targets.mjs';

const { SimulatorProvider, SCENARIOS } = await import(
  new URL('../packages/market-simulator/dist/index.js', import.meta.url).href
);
const { EventLoopSlices } = await import(
  new URL('../apps/server/dist/runtime/event-loop-slices.js', import.meta.url).href
);
const { INFORMED_WASH_FAMILIES, WASH_FAMILIES } = await import('@coinlens/attack-lab');

const args = parseArgs({
  options: {
    seeds: { type: 'string' },
    compute: { type: 'boolean' },
    runs: { type: 'string' },
    steady: { type: 'boolean' },
  },
}).values;
const SEEDS = Array.from({ length: Number(args.seeds ?? 20) }, (_, index) => 20_261_122 + index);
const AT = Date.UTC(2026, 10, 20, 12, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SWEEP = [1, 2, 5, 30, 100];
const SWEEP_SEEDS = 3;
const started = performance.now();

const honestSimulator = (seed, clock) =>
  new SimulatorProvider({
    seed,
    now: () => clock.now,
    scenario: SCENARIOS.honest,
    slices: (ms) => new EventLoopSlices(ms),
  });

if (args.compute) {
  // `--compute [--seeds N] [--runs R]`: only the score run's compute (bench/score/compute-runs.mjs).
  await computeRuns({
    seeds: SEEDS.slice(0, args.seeds ? SEEDS.length : 2),
    runs: Number(args.runs ?? 4),
    at: AT,
    makeSimulator: honestSimulator,
  });
  process.exit(0);
}

if (args.steady) {
  // `--steady [--seeds N]`: the informed families against a server that has rotated for 8 hours, on two seeds unless
  // --seeds says (bench/score/steady-state.mjs).
  await steadyState({
    seeds: SEEDS.slice(0, args.seeds ? SEEDS.length : 2),
    at: AT,
    makeSimulator: honestSimulator,
  });
  process.exit(0);
}

const pct = (value) => (Number.isFinite(value) ? `${(100 * value).toFixed(0)} %` : '—');
const ci = ({ mean, low, high }, format = (v) => v.toFixed(2)) =>
  Number.isFinite(mean) ? `${format(mean)} [${format(low)}, ${format(high)}]` : '—';

/** Everything measured on one seed. */
async function measureSeed(seed, index) {
  const clock = { now: AT };
  const simulator = honestSimulator(seed, clock);
  const cached = new CachedProvider(simulator, clock);
  const quotesFor = touchQuotes((quoteClock) => honestSimulator(seed, quoteClock));
  const run = (plan, times = [AT]) => {
    const provider = new AttackedProvider(cached, clock, plan, seed);
    return scoredMarket(provider, clock, times).then((state) => ({ state, provider }));
  };
  const { state: clean } = await run({});
  const { computeMs, parts: computeParts } = clean.scorer.lastRun;
  const cleanRank = ranking(clean, methods(clean).coinlens);
  const truth = rankingOf(simulator.latentActivity());
  const quality = Object.fromEntries(
    Object.entries(methods(clean)).map(([name, measure]) => {
      const ranks = ranking(clean, measure);
      return [name, { spearman: spearman(ranks, truth), kendall: kendall(ranks, truth) }];
    }),
  );
  const honestIntegrity = clean.exchanges
    .map((exchange) => clean.scorer.integrityOf(exchange.id)?.integrity)
    .filter((value) => value !== undefined);

  const { venues, diluted, targets, sources, usdPerQuote, pairsOn } = attackTargets(clean);

  const outcome = (state, provider, attackedVenues) => {
    const ranks = ranking(state, methods(state).coinlens);
    const lifts = targets.map((coin) => cleanRank.get(coin) - ranks.get(coin));
    const fake = provider.fakeVolumeUsd();
    return {
      fakeCounted: fakeCounted(state, clean, provider, targets),
      liftMedian: median(lifts),
      liftMax: Math.max(...lifts),
      integrity: attackedVenues.map((venue) => state.scorer.integrityOf(venue)?.integrity ?? 1),
      fake,
      ranks,
    };
  };
  const wash = (family, lambda, depth, on) => ({
    wash: { family, lambda, depth, pairs: pairsOn(on), sources, usdPerQuote, quotes: quotesFor },
  });

  const results = {};
  for (const family of WASH_FAMILIES)
    for (const depth of [false, true]) {
      const { state, provider } = await run(wash(family, LAMBDA, depth, [venues[0]]));
      results[`${family}|${depth ? 'depth' : 'no depth'}|one venue`] = outcome(state, provider, [venues[0]]);
    }
  for (const family of ['single_print', 'lagged_legs']) {
    const { state, provider } = await run(wash(family, LAMBDA, true, venues));
    results[`${family}|depth|three venues`] = outcome(state, provider, venues);
  }
  {
    const { state, provider } = await run({ inflate: { lambda: LAMBDA, pairs: pairsOn([venues[0]]) } });
    results['inflated reported volume|tickers only|one venue'] = outcome(state, provider, [venues[0]]);
  }
  // Informed washers, kept apart from the results above so the tables of the four families keep their meaning.
  const informed = {};
  for (const family of INFORMED_WASH_FAMILIES)
    for (const depth of [false, true]) {
      const { state, provider } = await run(wash(family, LAMBDA, depth, [venues[0]]));
      informed[`${family}|${depth ? 'depth' : 'no depth'}|one venue`] = outcome(state, provider, [venues[0]]);
    }
  for (const depth of [false, true]) {
    const { state, provider } = await run(wash('imitation_prints', DILUTION.lambda, depth, diluted));
    informed[
      `dilution (imitation_prints ${DILUTION.lambda}× each)|${depth ? 'depth' : 'no depth'}|${diluted.length} venues`
    ] = outcome(state, provider, diluted);
  }
  {
    const { state, provider } = await run({
      inflate: { lambda: LAMBDA, pairs: pairsOn([venues[0]]), depth: true },
    });
    informed['inflated reported volume|book in proportion|one venue'] = outcome(state, provider, [venues[0]]);
  }
  {
    const { state, provider } = await run({ spoof: { factor: 25, venues: new Set([venues[0]]) } });
    results['spoofed depth (25× walls)|books only|one venue'] = outcome(state, provider, [venues[0]]);
  }
  // The collateral attack: a third party washes the targets on the venue, without depth; innocent coins are ranked
  // among themselves (the targets' own moves taken out).
  {
    const { state } = await run(wash('single_print', LAMBDA, false, [venues[0]]));
    const innocents = (ranks) =>
      rankingOf(
        new Map(
          [...ranks.entries()].filter(([id]) => !targets.includes(id)).map(([id, rank]) => [id, -rank]),
        ),
      );
    const before = innocents(cleanRank);
    const after = innocents(ranking(state, methods(state).coinlens));
    const moves = [...before.keys()].map((id) => Math.abs(before.get(id) - after.get(id)));
    results.collateral = { max: Math.max(...moves), median: median(moves) };
  }
  // Social, no bot label anywhere: bought at once a day before the reading, and bought engagement; the scorer
  // has read the market 5, 3 and 1 days before (the day-old reading already carries the purchase).
  const week = [AT - 5 * DAY, AT - 3 * DAY, AT - DAY, AT];
  const { state: cleanWeek } = await run({}, week);
  const cleanWeekRank = ranking(cleanWeek, methods(cleanWeek).coinlens);
  for (const [name, mode] of [
    ['10× followers bought at once', 'instant'],
    ['10× engagement bought', 'engagement'],
  ]) {
    const { state } = await run(
      { social: { coins: new Set(targets), multiple: LAMBDA, mode, at: AT - DAY } },
      week,
    );
    const ranks = ranking(state, methods(state).coinlens);
    const lifts = targets.map((coin) => cleanWeekRank.get(coin) - ranks.get(coin));
    results[name] = { liftMedian: median(lifts), liftMax: Math.max(...lifts) };
  }
  if (index === 0) {
    const month = Array.from({ length: 11 }, (_, step) => AT - 30 * DAY + step * 3 * DAY);
    const { state: cleanMonth } = await run({}, month);
    const { state } = await run(
      { social: { coins: new Set(targets), multiple: LAMBDA, mode: 'drip', at: AT } },
      month,
    );
    const before = ranking(cleanMonth, methods(cleanMonth).coinlens);
    const ranks = ranking(state, methods(state).coinlens);
    const lifts = targets.map((coin) => before.get(coin) - ranks.get(coin));
    results['10× followers drip-fed over 30 days'] = {
      liftMedian: median(lifts),
      liftMax: Math.max(...lifts),
    };
  }
  const sweep = {};
  if (index < SWEEP_SEEDS)
    for (const family of ['single_print', 'lagged_legs'])
      for (const lambda of SWEEP) {
        const { state, provider } = await run(wash(family, lambda, true, [venues[0]]));
        sweep[`${family}|${lambda}`] = outcome(state, provider, [venues[0]]);
      }
  return {
    seed,
    computeMs,
    computeParts,
    quality,
    honestIntegrity,
    results,
    informed,
    sweep,
    venues,
    targets,
  };
}

const seeds = [];
for (const [index, seed] of SEEDS.entries()) {
  seeds.push(await measureSeed(seed, index));
  process.stderr.write(`seed ${seed} done (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

// ---- report ---------------------------------------------------------------------------------------------------
const honest = seeds.flatMap((entry) => entry.honestIntegrity).sort((a, b) => a - b);
const threshold = honest[Math.floor(0.01 * honest.length)];
const flagged = (value) => value < threshold;
const fpr = honest.filter(flagged).length / honest.length;

console.log(
  `# Coinlens score benchmark — ${SEEDS.length} seeds (${SEEDS[0]}…), market at ${new Date(AT).toISOString()}\n`,
);
console.log(
  `Attacks from packages/attack-lab at λ = ${LAMBDA} × the targets' honest volume on the attacked venue(s), aimed at ten mid-caps (market-cap ranks 51–200); no bot label anywhere. Mean [95 % bootstrap interval over seeds].\n`,
);
console.log(
  '| attack | depth | venues | fake volume counted | target lift median | target lift max | attacked venue integrity | detected at 1 % FPR |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|');
const keys = Object.keys(seeds[0].results).filter((key) => key.includes('|'));
const misses = [];
for (const key of keys) {
  const [name, depth, where] = key.split('|');
  const rows = seeds.map((entry) => entry.results[key]);
  const counted = interval(rows.map((row) => row.fakeCounted));
  const liftMedian = interval(rows.map((row) => row.liftMedian));
  const liftMax = interval(rows.map((row) => row.liftMax));
  const integrity = interval(rows.map((row) => Math.min(...row.integrity)));
  const detected = rows.filter((row) => row.integrity.some(flagged)).length / rows.length;
  console.log(
    `| ${name} | ${depth} | ${where} | ${ci(counted, pct)} | ${ci(liftMedian, (v) => v.toFixed(1))} | ${ci(liftMax, (v) => v.toFixed(1))} | ${ci(integrity)} | ${pct(detected)} |`,
  );
  if (name !== 'spoofed depth (25× walls)' && counted.mean > 0.2)
    misses.push(
      `${name} (${depth}, ${where}): ${pct(counted.mean)} of the fake volume counted (target ≤ 20 %)`,
    );
  if (liftMedian.mean > 3)
    misses.push(
      `${name} (${depth}, ${where}): target lift median ${liftMedian.mean.toFixed(1)} (target ≤ 3)`,
    );
}
const attackedIntegrity = seeds.flatMap((entry) =>
  keys
    .filter((key) => !key.startsWith('spoofed') && !key.startsWith('inflated'))
    .flatMap((key) => entry.results[key].integrity),
);
const tpr = attackedIntegrity.filter(flagged).length / attackedIntegrity.length;
console.log(
  `\nDetection (wash families, every attacked venue of every seed): TPR ${pct(tpr)} at a measured FPR of ${pct(fpr)} (threshold: integrity < ${threshold.toFixed(3)}, the 1st percentile of ${honest.length} honest venue readings); ROC AUC ${auc(attackedIntegrity, honest).toFixed(3)}.`,
);
if (tpr < 0.8) misses.push(`detection TPR ${pct(tpr)} at 1 % FPR (target ≥ 80 %)`);

console.log(
  `\nInformed washers (packages/attack-lab INFORMED_WASH_FAMILIES at λ = ${LAMBDA}, trading against the simulator's books' best bid/ask once a second; dilution: imitation prints at ${DILUTION.lambda}× on each of the ${DILUTION.venues} venues listing most mid-caps after the first; ticker-only inflation with the book scaled in proportion). Mean [95 % bootstrap interval over seeds].\n`,
);
console.log(
  '| attack | depth | venues | fake volume counted | target lift median | target lift max | attacked venue integrity | detected at 1 % FPR |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|');
const informedKeys = Object.keys(seeds[0].informed);
for (const key of informedKeys) {
  const [name, depth, where] = key.split('|');
  const rows = seeds.map((entry) => entry.informed[key]);
  const counted = interval(rows.map((row) => row.fakeCounted));
  const liftMedian = interval(rows.map((row) => row.liftMedian));
  const liftMax = interval(rows.map((row) => row.liftMax));
  const integrity = interval(rows.map((row) => Math.min(...row.integrity)));
  const detected = rows.filter((row) => row.integrity.some(flagged)).length / rows.length;
  console.log(
    `| ${name} | ${depth} | ${where} | ${ci(counted, pct)} | ${ci(liftMedian, (v) => v.toFixed(1))} | ${ci(liftMax, (v) => v.toFixed(1))} | ${ci(integrity)} | ${pct(detected)} |`,
  );
  if (counted.mean > 0.2)
    misses.push(
      `${name} (${depth}, ${where}): ${pct(counted.mean)} of the fake volume counted (target ≤ 20 %)`,
    );
  if (liftMedian.mean > 3)
    misses.push(
      `${name} (${depth}, ${where}): target lift median ${liftMedian.mean.toFixed(1)} (target ≤ 3)`,
    );
}
const informedIntegrity = seeds.flatMap((entry) =>
  informedKeys.filter((key) => !key.startsWith('inflated')).flatMap((key) => entry.informed[key].integrity),
);
console.log(
  `\nDetection (informed wash families and dilution, every attacked venue of every seed, the same threshold): TPR ${pct(informedIntegrity.filter(flagged).length / informedIntegrity.length)}; ROC AUC ${auc(informedIntegrity, honest).toFixed(3)}.`,
);

console.log(`\nFake volume counted per family, median / max over the ${SEEDS.length} seeds:`);
console.log('| attack | depth | venues | median | max |');
console.log('|---|---|---|---:|---:|');
for (const [source, key] of [
  ...keys.map((key) => ['results', key]),
  ...informedKeys.map((key) => ['informed', key]),
]) {
  const [name, depth, where] = key.split('|');
  const counted = seeds.map((entry) => entry[source][key].fakeCounted).filter(Number.isFinite);
  if (counted.length === 0) continue;
  console.log(`| ${name} | ${depth} | ${where} | ${pct(median(counted))} | ${pct(Math.max(...counted))} |`);
}

const collateral = seeds.map((entry) => entry.results.collateral);
console.log(
  `\nCollateral attack (a third party washes the ten targets on their venue, no depth): innocent coins ranked among themselves move at most ${Math.max(...collateral.map((c) => c.max))} places over all seeds (median of per-seed maxima ${median(collateral.map((c) => c.max))}; target ≤ 5).`,
);
if (Math.max(...collateral.map((c) => c.max)) > 5)
  misses.push('collateral: an innocent coin moved more than 5 places');

console.log('\n| social attack (no bot label) | target lift median | target lift max |');
console.log('|---|---:|---:|');
for (const name of [
  '10× followers bought at once',
  '10× engagement bought',
  '10× followers drip-fed over 30 days',
]) {
  const rows = seeds.map((entry) => entry.results[name]).filter(Boolean);
  const median_ = interval(rows.map((row) => row.liftMedian));
  const max_ = interval(rows.map((row) => row.liftMax));
  console.log(
    `| ${name}${rows.length === 1 ? ' (one seed, readings every 3 days)' : ''} | ${ci(median_, (v) => v.toFixed(1))} | ${ci(max_, (v) => v.toFixed(1))} |`,
  );
  if (max_.mean > 3) misses.push(`${name}: lifts a coin up to ${max_.mean.toFixed(1)} places (target ≤ 3)`);
}

console.log(
  `\nλ sweep (resting depth in proportion; ${SWEEP_SEEDS} seeds): fake volume counted · target lift median/max`,
);
console.log(
  '| family | ' + [...SWEEP.slice(0, 3), LAMBDA, ...SWEEP.slice(3)].map((l) => `${l}×`).join(' | ') + ' |',
);
console.log('|---|' + '---:|'.repeat(SWEEP.length + 1));
for (const family of ['single_print', 'lagged_legs']) {
  const cells = [...SWEEP.slice(0, 3), LAMBDA, ...SWEEP.slice(3)].map((lambda) => {
    const rows = seeds
      .slice(0, SWEEP_SEEDS)
      .map((entry) =>
        lambda === LAMBDA ? entry.results[`${family}|depth|one venue`] : entry.sweep[`${family}|${lambda}`],
      );
    return `${pct(median(rows.map((r) => r.fakeCounted)))} · ${median(rows.map((r) => r.liftMedian))}/${Math.max(...rows.map((r) => r.liftMax))}`;
  });
  console.log(`| ${family} | ${cells.join(' | ')} |`);
}

console.log(
  '\nCost of the attacks at 10× with depth (per day, per target): taker fees 0.1 % of the fake notional + the resting depth (1.2 % of it) as capital',
);
for (const family of WASH_FAMILIES) {
  const rows = seeds.map((entry) => entry.results[`${family}|depth|one venue`]);
  const perTarget = median(rows.map((row) => row.fake / 10));
  const lift = median(rows.map((row) => row.liftMedian));
  console.log(
    `- ${family}: $${Math.round(0.001 * perTarget).toLocaleString('en-US')} fees + $${Math.round(0.012 * perTarget).toLocaleString('en-US')} depth per target and day for a median lift of ${lift} places${lift >= 10 ? '' : ' (K = 10 places not reached at 10×)'}`,
  );
}

console.log(
  "\nHonest ranking quality against the latent activity (not one of the score's inputs): mean [95 % interval over seeds]",
);
console.log('| method | Spearman | Kendall |');
console.log('|---|---:|---:|');
for (const name of Object.keys(seeds[0].quality)) {
  const s = interval(seeds.map((entry) => entry.quality[name].spearman));
  const k = interval(seeds.map((entry) => entry.quality[name].kendall));
  console.log(`| ${name} | ${ci(s, (v) => v.toFixed(3))} | ${ci(k, (v) => v.toFixed(3))} |`);
  if (name === 'coinlens' && s.mean < 0.9)
    misses.push(`honest Spearman with the latent truth ${s.mean.toFixed(3)} (target ≥ 0.9)`);
}

const compute = seeds.map((entry) => entry.computeMs);
console.log(
  `\nCompute per full run of the default universe (MarketScorer, sampling excluded): median ${median(compute).toFixed(0)} ms over ${compute.length} seeds (target ≤ 150 ms)`,
);
const partNames = Object.keys(seeds[0].computeParts);
console.log(
  `  its parts (medians): ${partNames.map((name) => `${name.replace(/Ms$/, '')} ${median(seeds.map((entry) => entry.computeParts[name])).toFixed(0)}`).join(', ')} ms`,
);
if (median(compute) > 150) misses.push(`compute ${median(compute).toFixed(0)} ms per run (target ≤ 150 ms)`);
console.log('Synthetic universes (pure computation: venue integrity, coin factors, ranks, aggregation):');
for (const row of scaleReport())
  console.log(`- ${row.coins} coins × ${row.venues} venues: ${row.ms.toFixed(0)} ms`);

console.log(`\nMisses: ${misses.length === 0 ? 'none' : ''}`);
for (const miss of misses) console.log(`- ${miss}`);
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
