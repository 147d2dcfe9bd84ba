// `npm run bench:score -- --steady`: the score as a server that has run for hours judges the attacks. A run reads
// each venue's 18 largest and most influential pairs; the rotation after each run reads 6 more a venue, and since
// methodology 1.9.0 a coin outside a run's sample is judged by its own tape's last reading (coin-readings.ts). The
// one-moment tables of the benchmark see only the first run; here each market is scored once 8 hours before the
// moment, its rotations read every 5 minutes in between (96, the runs themselves left out: they read the same
// pairs each time), then scored at the moment. Rotation reads are generated at their own times and not cached.
import { AttackedProvider } from './attacked-provider.mjs';
import { attackTargets, DILUTION, fakeCounted, LAMBDA, touchQuotes, verifiedOf } from './attack-targets.mjs';
import { CachedProvider } from './cached-provider.mjs';
import { interval, median, methods, ranking, rankingOf, spearman } from './measures.mjs';
import { scoredMarket } from './market-run.mjs';

const HOURS = 8;
const STEP_MS = 300_000;

/** The families measured, with resting depth (or the book) in proportion: the misses of the one-moment tables. */
const FAMILIES = [
  ['single_print', 'one venue'],
  ['copied_tape', 'one venue'],
  ['flow_coherent', 'one venue'],
  ['imitation_prints', 'one venue'],
  ['self_copy', 'one venue'],
  ['imitation_prints', 'dilution'],
  ['inflated tickers', 'one venue'],
];

export async function steadyState({ seeds, at, makeSimulator }) {
  const early = at - HOURS * 3_600_000;
  const between = { rotations: (HOURS * 3_600_000) / STEP_MS, stepMs: STEP_MS };
  const rows = [];
  for (const seed of seeds) {
    const started = performance.now();
    const clock = { now: at };
    const simulator = makeSimulator(seed, clock);
    const cached = new CachedProvider(simulator, clock, new Set([at, early]));
    const quotes = touchQuotes((quoteClock) => makeSimulator(seed, quoteClock));
    const scored = (plan, steady) => {
      const provider = new AttackedProvider(cached, clock, plan, seed);
      return scoredMarket(provider, clock, steady ? [early, at] : [at], () => {}, between).then((state) => ({
        state,
        provider,
      }));
    };
    const clean = { moment: (await scored({}, false)).state, steady: (await scored({}, true)).state };
    const { venues, diluted, targets, sources, usdPerQuote, pairsOn } = attackTargets(clean.moment);
    const truth = rankingOf(simulator.latentActivity());
    const honest = honestCost(clean.moment, clean.steady, truth);
    const families = {};
    for (const [family, where] of FAMILIES) {
      const on = where === 'dilution' ? diluted : [venues[0]];
      const lambda = where === 'dilution' ? DILUTION.lambda : LAMBDA;
      // Inflated tickers: the tape untouched, the book scaled in proportion to what the tickers report.
      const plan =
        family === 'inflated tickers'
          ? { inflate: { lambda, pairs: pairsOn(on), depth: true } }
          : { wash: { family, lambda, depth: true, pairs: pairsOn(on), sources, usdPerQuote, quotes } };
      const counted = {};
      for (const steady of [false, true]) {
        const { state, provider } = await scored(plan, steady);
        counted[steady ? 'steady' : 'moment'] = fakeCounted(
          state,
          steady ? clean.steady : clean.moment,
          provider,
          targets,
        );
      }
      families[`${family}|${where}`] = counted;
    }
    rows.push({ seed, honest, families });
    process.stderr.write(
      `steady state, seed ${seed}: ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
  }
  report(rows);
}

/** What the steady state costs the honest market: verified volume lost, coins losing a tenth, ranking quality. */
function honestCost(moment, steady, truth) {
  let total = 0;
  let lost = 0;
  let coinsCut = 0;
  for (const coin of moment.snapshot.coins.keys()) {
    const before = verifiedOf(moment, coin);
    const after = verifiedOf(steady, coin);
    total += before;
    lost += Math.max(0, before - after);
    if (after < 0.9 * before) coinsCut++;
  }
  return {
    lostShare: total > 0 ? lost / total : 0,
    coinsCut,
    spearmanMoment: spearman(ranking(moment, methods(moment).coinlens), truth),
    spearmanSteady: spearman(ranking(steady, methods(steady).coinlens), truth),
  };
}

function report(rows) {
  const pct = (value) => `${(100 * value).toFixed(0)} %`;
  console.log(
    `# Steady state — ${rows.length} seeds; scored once, ${HOURS} h of rotations every ${STEP_MS / 60_000} min, scored again\n`,
  );
  console.log(
    `Fake volume counted at λ = ${LAMBDA} (dilution ${DILUTION.lambda}× on ${DILUTION.venues} venues), resting depth in proportion: median / max over seeds.\n`,
  );
  console.log('| attack | venues | first run | after 8 h of rotations |');
  console.log('|---|---|---:|---:|');
  for (const key of Object.keys(rows[0].families)) {
    const [family, where] = key.split('|');
    const cell = (name) => {
      const values = rows.map((row) => row.families[key][name]);
      return `${pct(median(values))} / ${pct(Math.max(...values))}`;
    };
    console.log(`| ${family} | ${where} | ${cell('moment')} | ${cell('steady')} |`);
  }
  const honest = rows.map((row) => row.honest);
  const show = (values, format) => `${format(interval(values).mean)} (${values.map(format).join(', ')})`;
  console.log('\nHonest market, the same seeds (mean (each seed)):\n');
  console.log(
    `- verified volume the steady state no longer counts: ${show(
      honest.map((entry) => entry.lostShare),
      (value) => `${(100 * value).toFixed(2)} %`,
    )}`,
  );
  console.log(
    `- coins losing more than a tenth of their verified volume: ${show(
      honest.map((entry) => entry.coinsCut),
      (value) => value.toFixed(0),
    )}`,
  );
  console.log(
    `- Spearman against the latent activity, first run → steady: ${show(
      honest.map((entry) => entry.spearmanMoment),
      (value) => value.toFixed(3),
    )} → ${show(
      honest.map((entry) => entry.spearmanSteady),
      (value) => value.toFixed(3),
    )}`,
  );
}
