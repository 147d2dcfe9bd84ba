#!/usr/bin/env node
// Semi-synthetic real data (issue "integrity against attackers we did not write"): every attack family of
// packages/attack-lab injected into the real public tapes beside the repository, each verdict through the audit
// command's own path (write the folder, read it, auditVenues). Run: `npm run bench:real-attacks` (no build needed:
// it runs the sources through tsx). Honest tapes are cut to their first 3,000 prints so λ = 100 stays tractable.
// Then the informed washers (flow_coherent, imitation_prints, self_copy, dilution, ticker-only) at 10× over
// `--seeds N` seeds (default 20; `--quick`: 3), each seed's washer in a window at its own offset over the whole
// tape, and detection at a 1 % false-positive rate measured on honest windows of the same tapes. The two Binance 2024 tapes trade against their real best bid/ask (bookTicker).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import {
  addRestingDepth,
  bookInProportion,
  diluteAcrossVenues,
  inflateReportedVolume,
  injectWash,
  INFORMED_WASH_FAMILIES,
  quoteTouch,
  WASH_FAMILIES,
} from '@coinlens/attack-lab';
import { auditVenues } from '@coinlens/score';

import { readVenueFolder } from '../apps/server/src/audit/venue-folder.ts';
import {
  laidOnto,
  realQuotes,
  realTapes,
  realTapesPresent,
  writeAuditFolder,
} from '../apps/server/test/support/real-tapes.ts';
import { bookAround } from '../apps/server/test/support/tape-books.ts';

if (!realTapesPresent) {
  console.log('The real tapes (../shared/external/realdata/trades) are not here: nothing to measure.');
  process.exit(0);
}

const PRINTS = 3_000;
const args = parseArgs({
  options: {
    family: { type: 'string' },
    lambda: { type: 'string' },
    seeds: { type: 'string' },
    quick: { type: 'boolean' },
  },
}).values;
const LAMBDAS = args.lambda ? [Number(args.lambda)] : [1, 2, 5, 10, 30, 100];
const INFORMED = [...INFORMED_WASH_FAMILIES, 'dilution', 'ticker_only'];
// `--family F` runs F alone: one of WASH_FAMILIES in the first table, or an informed one in the second.
const FAMILIES = args.family ? WASH_FAMILIES.filter((family) => family === args.family) : WASH_FAMILIES;
const INFORMED_RUN = args.family ? INFORMED.filter((family) => family === args.family) : INFORMED;
const SEEDS = args.quick ? 3 : Number(args.seeds ?? 20);
const INFORMED_LAMBDA = 10;
const DILUTION = { lambda: 3, venues: 5 };
const DAY_MS = 86_400_000;
const DEPTH_SHARE = 0.012;
const started = performance.now();

const fullTapes = realTapes();
const tapes = fullTapes.map((tape) => ({ ...tape, prints: tape.prints.slice(0, PRINTS) }));
/** The real best bid/ask where the feed has them (Binance 2024), for the touch and the books. */
const quotesOf = new Map(['binance-2024-btc', 'binance-2024-eth'].map((venue) => [venue, realQuotes(venue)]));
const touchOf = new Map([...quotesOf].map(([venue, quotes]) => [venue, quoteTouch(quotes)]));
/** The venue's quotes for injectWash, when it has them. */
const quoteOption = (venue) => (quotesOf.has(venue) ? { quotes: quotesOf.get(venue) } : {});
const notional = (prints) => prints.reduce((sum, print) => sum + print.price * print.amount, 0);
const spanOf = (prints) => Math.max(60_000, prints.at(-1).timestamp - prints[0].timestamp);
/** 24 h volume a tape stands for: its notional over its span, scaled to a day. */
const daily = (prints, span = spanOf(prints)) => (notional(prints) * DAY_MS) / span;

/** A book just after `prints`' last print (test/support/tape-books.ts), at the real touch where the venue has quotes. */
const bookFor = (tape, prints, depthUsd) =>
  bookAround({ ...tape, prints }, depthUsd, touchOf.get(tape.venue)?.(prints.at(-1).timestamp + 1));

/** Audits a universe of venues through the folder, as `npm run audit` does. */
async function audit(venues) {
  const root = mkdtempSync(join(tmpdir(), 'coinlens-real-attacks-'));
  try {
    writeAuditFolder(
      root,
      venues.map(({ id, tape, book }) => ({ id, tapes: [tape], books: book ? [book] : [] })),
    );
    for (const { id, reported } of venues)
      writeFileSync(join(root, id, 'venue.json'), JSON.stringify({ reported_volume_usd_24h: reported }));
    return new Map((await auditVenues(readVenueFolder(root))).map((verdict) => [verdict.id, verdict]));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const honestVenue = (tape) => ({
  id: tape.venue,
  tape,
  reported: daily(tape.prints),
  book: bookFor(tape, tape.prints, DEPTH_SHARE * daily(tape.prints)),
});
const honestUniverse = tapes.map(honestVenue);
const honest = await audit(honestUniverse);

console.log(`Real tapes, untouched (first ${PRINTS} prints each), through the audit path:`);
console.log('| venue | prints | integrity | counted | flags |');
console.log('|---|---:|---:|---:|---|');
for (const tape of tapes) {
  const verdict = honest.get(tape.venue);
  console.log(
    `| ${tape.venue} | ${tape.prints.length} | ${verdict.integrity.toFixed(3)} | ${((100 * verdict.countedUsd) / verdict.reportedUsd).toFixed(0)} % | ${verdict.flags.join(', ') || '—'} |`,
  );
}

/**
 * Audits the honest universe with `attacks` in place of their venues' honest tapes (plus `extra` venues), and
 * judges each attacked venue against its honest run: `attacks` are { tape, prints, fakeDaily, reported, book }.
 */
async function auditAttack(attacks, extra = []) {
  const ids = new Set(attacks.map((attack) => attack.tape.venue));
  const universe = [
    ...honestUniverse.filter((venue) => !ids.has(venue.id)),
    ...extra,
    ...attacks.map((attack) => ({
      id: attack.tape.venue,
      tape: { ...attack.tape, prints: attack.prints },
      reported: attack.reported,
      book: attack.book,
    })),
  ];
  const verdicts = await audit(universe);
  const untouched = [...verdicts.values()].filter(
    (entry) => !ids.has(entry.id) && !extra.some((venue) => venue.id === entry.id),
  );
  return {
    attacked: attacks.map((attack) => {
      const verdict = verdicts.get(attack.tape.venue);
      return {
        venue: attack.tape.venue,
        integrity: verdict.integrity,
        fakeCounted:
          Math.max(
            0,
            verdict.countedUsd - (attack.honestCounted ?? honest.get(attack.tape.venue).countedUsd),
          ) / attack.fakeDaily,
        detection: detectionOf(verdict),
        flags: verdict.flags,
      };
    }),
    untouchedMin: Math.min(...untouched.map((entry) => entry.integrity)),
    hurt: untouched
      .filter((entry) => entry.integrity < 0.9)
      .map((entry) => `${entry.id} ${entry.integrity.toFixed(2)} [${entry.flags.join(', ')}]`),
    untouchedCountedMin: Math.min(...untouched.map((entry) => entry.countedUsd / entry.reportedUsd)),
  };
}

/** The detection statistic of a verdict: the share of the reported volume not counted. */
const detectionOf = (verdict) => (verdict.reportedUsd > 0 ? 1 - verdict.countedUsd / verdict.reportedUsd : 0);

/** `injected` prints on `tape` as an attack, optionally with resting depth in proportion to the fake volume. */
function printAttack(tape, injected, withDepth, seed) {
  const span = spanOf(tape.prints);
  const fakeDaily = (injected.fakeNotional * DAY_MS) / span;
  let book = bookFor(tape, tape.prints, DEPTH_SHARE * daily(tape.prints, span));
  if (withDepth) book = addRestingDepth(book, DEPTH_SHARE * fakeDaily, seed);
  return { tape, prints: injected.tape, fakeDaily, reported: daily(tape.prints, span) + fakeDaily, book };
}

/** One attacked run: `family` at `lambda` on `tape`, optionally with resting depth in proportion to the fake volume. */
async function attacked(tape, family, lambda, withDepth, seed) {
  let source;
  let extra = [];
  if (family === 'copied_tape') {
    // The copier copies a venue trading the same coin at the same time: another real tape laid onto this span.
    const other =
      tapes.find(
        (candidate) => candidate !== tape && candidate.base === tape.base && candidate.prints[0].side,
      ) ?? tapes.find((candidate) => candidate !== tape && candidate.prints[0].side);
    const laid = laidOnto(other, tape, 'copied-source');
    source = laid.prints;
    extra = [honestVenue(laid)];
  }
  const injected = injectWash(family, {
    tape: tape.prints,
    lambda,
    seed,
    source,
    ...quoteOption(tape.venue),
  });
  const run = await auditAttack([printAttack(tape, injected, withDepth, seed)], extra);
  const [verdict] = run.attacked;
  return {
    ...verdict,
    untouchedMin: run.untouchedMin,
    hurt: run.hurt,
    untouchedCountedMin: run.untouchedCountedMin,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2
    ? sorted[(sorted.length - 1) / 2]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const pct = (value) => `${(100 * value).toFixed(0)} %`;
const sided = tapes.filter((tape) => tape.prints[0].side !== null);
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

// The existing families at 10× feed the detection table too (one seed per tape).
const detectionRows = [];
if (FAMILIES.length > 0) {
  console.log(
    '\nEach family injected into each real tape with sides (' +
      sided.map((tape) => tape.venue).join(', ') +
      '):',
  );
  console.log(
    '| family | λ | resting depth | integrity (median) | fake counted (median / max) | untouched venues: min integrity / min counted |',
  );
  console.log('|---|---:|---|---:|---:|---:|');
  const misses = [];
  for (const family of FAMILIES)
    for (const lambda of LAMBDAS)
      for (const withDepth of lambda === 10 ? [false, true] : [false]) {
        const runs = [];
        for (const [index, tape] of sided.entries())
          runs.push(await attacked(tape, family, lambda, withDepth, 1_000 + index));
        const counted = runs.map((run) => run.fakeCounted);
        const row = {
          integrity: median(runs.map((run) => run.integrity)),
          countedMedian: median(counted),
          countedMax: Math.max(...counted),
          untouchedMin: Math.min(...runs.map((run) => run.untouchedMin)),
          untouchedCounted: Math.min(...runs.map((run) => run.untouchedCountedMin)),
        };
        console.log(
          `| ${family} | ${lambda} | ${withDepth ? 'yes' : 'no'} | ${row.integrity.toFixed(2)} | ${(100 * row.countedMedian).toFixed(0)} % / ${(100 * row.countedMax).toFixed(0)} % | ${row.untouchedMin.toFixed(2)} / ${(100 * row.untouchedCounted).toFixed(0)} % |`,
        );
        if (lambda === 10)
          detectionRows.push({
            name: `${family}${withDepth ? ', resting depth' : ''} (first table, one seed a tape)`,
            statistics: runs.map((run) => run.detection),
          });
        for (const [index, run] of runs.entries())
          if (run.hurt.length > 0)
            misses.push(
              `${family} at ${lambda}× on ${sided[index].venue} lowered untouched venues: ${run.hurt.join('; ')}`,
            );
        if (lambda === 10 && row.countedMax > 0.2)
          misses.push(
            `${family}${withDepth ? ' with depth' : ''} at 10×: up to ${(100 * row.countedMax).toFixed(0)} % counted (${runs.map((run, index) => `${sided[index].venue} ${(100 * run.fakeCounted).toFixed(0)} %`).join(', ')})`,
          );
      }
  console.log(
    `\nMisses (≤ 20 % of fake volume counted at 10×; untouched venues ≥ 0.9): ${misses.length === 0 ? 'none' : ''}`,
  );
  for (const miss of misses) console.log(`- ${miss}`);
  console.log(`(${elapsed()})`);
}

// ---- informed washers at 10× --------------------------------------------------------------------------------
const seedOf = (run, index) => 10_000 * (run + 1) + index;

/**
 * The stretch of `tape` the washer of seed `run` prints into: the auditor picks it, at offsets spread over the whole
 * recorded tape (a tape of at most `PRINTS` prints is its one window), so a family is not measured only where the
 * tape's first minutes happen to favour the detector.
 */
function windowOf(tape, run) {
  const whole = fullTapes.find((candidate) => candidate.venue === tape.venue);
  if (whole.prints.length <= PRINTS || SEEDS === 1) return tape;
  const offset = Math.round((run * (whole.prints.length - PRINTS)) / (SEEDS - 1));
  return { ...whole, prints: whole.prints.slice(offset, offset + PRINTS) };
}

/** What the score counts of `window` untouched, beside the other honest venues: the attacked run's baseline. */
const windowKey = (window) => `${window.venue}|${window.prints[0].timestamp}`;
// A tape's first window is the honest universe's own: its audit is already done.
const honestCounted = new Map(tapes.map((tape) => [windowKey(tape), honest.get(tape.venue).countedUsd]));
async function honestCountedOf(window) {
  const key = windowKey(window);
  if (!honestCounted.has(key)) {
    const verdicts = await audit([
      ...honestUniverse.filter((venue) => venue.id !== window.venue),
      honestVenue(window),
    ]);
    honestCounted.set(key, verdicts.get(window.venue).countedUsd);
  }
  return honestCounted.get(key);
}

/** `printAttack` on the run's window of `tape`, judged against that window's own honest baseline. */
async function windowAttack(window, injected, withDepth, seed) {
  return { ...printAttack(window, injected, withDepth, seed), honestCounted: await honestCountedOf(window) };
}

/** The runs of one informed attack over every seed: each run's attacked venues and untouched venues. */
async function informedRuns(family, withDepth) {
  const runs = [];
  if (family === 'ticker_only') {
    // Reported 1 + λ times the tape, the tape untouched; without a book the attack has no seed to vary.
    for (let run = 0; run < (withDepth ? SEEDS : 1); run++)
      for (const [index, whole] of sided.entries()) {
        const tape = withDepth ? windowOf(whole, run) : whole;
        const span = spanOf(tape.prints);
        const honestDaily = daily(tape.prints, span);
        const book = withDepth
          ? bookInProportion(
              bookFor(tape, tape.prints, DEPTH_SHARE * honestDaily),
              INFORMED_LAMBDA,
              seedOf(run, index),
            )
          : null;
        runs.push(
          await auditAttack([
            {
              tape,
              prints: tape.prints,
              fakeDaily: INFORMED_LAMBDA * honestDaily,
              reported: inflateReportedVolume(honestDaily, INFORMED_LAMBDA),
              book,
              honestCounted: await honestCountedOf(tape),
            },
          ]),
        );
      }
  } else if (family === 'dilution') {
    // Five of the six tapes with sides at 3× each, the sixth (a different one each seed) left honest.
    for (let run = 0; run < SEEDS; run++) {
      const spared = sided[run % sided.length];
      const victims = sided
        .filter((tape) => tape !== spared)
        .slice(0, DILUTION.venues)
        .map((tape) => windowOf(tape, run));
      const diluted = diluteAcrossVenues(
        victims.map((tape) => tape.prints),
        DILUTION.lambda,
        seedOf(run, 0),
        victims.map((tape) => quotesOf.get(tape.venue)),
      );
      const attacks = [];
      for (const [index, tape] of victims.entries())
        attacks.push(await windowAttack(tape, diluted[index], withDepth, seedOf(run, index)));
      runs.push(await auditAttack(attacks));
    }
  } else {
    for (let run = 0; run < SEEDS; run++)
      for (const [index, whole] of sided.entries()) {
        const seed = seedOf(run, index);
        const tape = windowOf(whole, run);
        const injected = injectWash(family, {
          tape: tape.prints,
          lambda: INFORMED_LAMBDA,
          seed,
          ...quoteOption(tape.venue),
        });
        runs.push(await auditAttack([await windowAttack(tape, injected, withDepth, seed)]));
      }
  }
  return runs;
}

const informedRows = [];
if (INFORMED_RUN.length > 0) {
  console.log(
    `\nInformed washers at ${INFORMED_LAMBDA}× fake:real on each real tape with sides, ${SEEDS} seeds (dilution: ${DILUTION.lambda}× on ${DILUTION.venues} venues at once, a different one spared each seed; ticker-only: reported ${1 + INFORMED_LAMBDA}× what the tape prints, the tape untouched). Each seed's washer prints into a window of ${PRINTS} prints the auditor picks, at offsets spread over each whole tape (the shorter tapes are one window). Binance 2024 prints at the real bid/ask.`,
  );
  console.log(
    '| attack | resting depth | attacked venues | integrity (median) | fake counted (median / max) | untouched venues: min integrity / min counted |',
  );
  console.log('|---|---|---:|---:|---:|---:|');
  for (const family of INFORMED_RUN)
    for (const withDepth of [false, true]) {
      const runs = await informedRuns(family, withDepth);
      const verdicts = runs.flatMap((run) => run.attacked);
      const counted = verdicts.map((verdict) => verdict.fakeCounted);
      const row = {
        name:
          family === 'dilution'
            ? `dilution (${DILUTION.lambda}× on ${DILUTION.venues} venues)`
            : family === 'ticker_only'
              ? 'ticker-only'
              : family,
        depth:
          family === 'ticker_only'
            ? withDepth
              ? 'book in proportion'
              : 'no book'
            : withDepth
              ? 'in proportion'
              : 'no',
        integrity: median(verdicts.map((verdict) => verdict.integrity)),
        countedMedian: median(counted),
        countedMax: Math.max(...counted),
        untouchedMin: Math.min(...runs.map((run) => run.untouchedMin)),
        untouchedCounted: Math.min(...runs.map((run) => run.untouchedCountedMin)),
        hurt: runs.flatMap((run) => run.hurt),
        statistics: verdicts.map((verdict) => verdict.detection),
        deterministic: family === 'ticker_only' && !withDepth,
      };
      informedRows.push(row);
      console.log(
        `| ${row.name} | ${row.depth} | ${verdicts.length}${row.deterministic ? ' (no seed to vary)' : ''} | ${row.integrity.toFixed(2)} | ${pct(row.countedMedian)} / ${pct(row.countedMax)} | ${row.untouchedMin.toFixed(2)} / ${pct(row.untouchedCounted)} |`,
      );
    }
  console.log(`(${elapsed()})`);
}

// ---- detection at a measured 1 % false-positive rate ----------------------------------------------------------
/**
 * Honest windows: each real tape cut at `ROUNDS` offsets spread over all of it (3,000 prints, or three quarters
 * of a shorter tape), one window of every tape per universe, so each window is audited beside the others.
 */
const ROUNDS = 40;
function honestWindows(round) {
  return fullTapes.map((tape) => {
    const length = tape.prints.length > PRINTS ? PRINTS : Math.floor(0.75 * tape.prints.length);
    const offset = Math.round((round * (tape.prints.length - length)) / (ROUNDS - 1));
    const prints = tape.prints.slice(offset, offset + length);
    const window = { ...tape, prints };
    return {
      id: tape.venue,
      tape: window,
      reported: daily(prints),
      book: bookFor(tape, prints, DEPTH_SHARE * daily(prints)),
    };
  });
}

if (detectionRows.length + informedRows.length > 0) {
  const honestVerdicts = [];
  for (let round = 0; round < ROUNDS; round++) {
    const verdicts = await audit(honestWindows(round));
    for (const tape of sided) honestVerdicts.push({ round, ...verdicts.get(tape.venue) });
  }
  const statistics = honestVerdicts.map(detectionOf).sort((a, b) => a - b);
  const threshold = statistics[Math.ceil(0.99 * statistics.length) - 1];
  const falsePositives = statistics.filter((value) => value > threshold).length;
  console.log(
    `\nDetection at 1 % FPR: statistic = 1 − counted / reported per audited venue. Honest: ${honestVerdicts.length} verdicts (${sided.length} tapes with sides × ${ROUNDS} windows at offsets spread over each whole tape, audited ${sided.length + 1} venues to a universe); threshold = their 99th percentile = ${threshold.toFixed(4)}, measured FPR ${((100 * falsePositives) / statistics.length).toFixed(1)} % (honest median ${median(statistics).toFixed(4)}, max ${statistics.at(-1).toFixed(4)}).`,
  );
  if (honestVerdicts.length < 100)
    console.log(
      `Fewer than 100 honest samples (${honestVerdicts.length}): a 1 % false-positive rate cannot be measured here.`,
    );
  console.log('| attack | attacked venues | above threshold (TPR) |');
  console.log('|---|---:|---:|');
  const all = [];
  for (const row of [
    ...informedRows.map((entry) => ({
      name: `${entry.name}, ${entry.depth === 'no' ? 'no depth' : entry.depth}`,
      statistics: entry.statistics,
    })),
    ...detectionRows,
  ]) {
    const detected = row.statistics.filter((value) => value > threshold).length;
    all.push(...row.statistics);
    console.log(`| ${row.name} | ${row.statistics.length} | ${pct(detected / row.statistics.length)} |`);
  }
  const informedStatistics = informedRows.flatMap((row) => row.statistics);
  if (informedStatistics.length > 0)
    console.log(
      `| all informed attacks | ${informedStatistics.length} | ${pct(informedStatistics.filter((value) => value > threshold).length / informedStatistics.length)} |`,
    );
  console.log(
    `| all attacks above | ${all.length} | ${pct(all.filter((value) => value > threshold).length / all.length)} |`,
  );

  const misses = [];
  for (const row of informedRows) {
    if (row.countedMedian > 0.2 || row.countedMax > 0.4)
      misses.push(
        `${row.name} (${row.depth}): fake counted median ${pct(row.countedMedian)}, max ${pct(row.countedMax)}`,
      );
    if (row.untouchedMin < 0.9 || row.untouchedCounted < 0.95)
      misses.push(
        `${row.name} (${row.depth}) lowered untouched venues to ${row.untouchedMin.toFixed(2)} / ${pct(row.untouchedCounted)} counted${row.hurt.length > 0 ? `: ${[...new Set(row.hurt)].slice(0, 5).join('; ')}` : ''}`,
      );
  }
  const lowHonest = honestVerdicts.filter(
    (verdict) => verdict.integrity < 0.9 || verdict.countedUsd / verdict.reportedUsd < 0.95,
  );
  if (lowHonest.length > 0)
    misses.push(
      `${lowHonest.length} of ${honestVerdicts.length} honest windows below 0.9 integrity or 95 % counted: ${lowHonest
        .slice(0, 8)
        .map(
          (verdict) =>
            `${verdict.id} window ${verdict.round} ${verdict.integrity.toFixed(2)} / ${pct(verdict.countedUsd / verdict.reportedUsd)} [${verdict.flags.join(', ')}]`,
        )
        .join('; ')}${lowHonest.length > 8 ? '; …' : ''}`,
    );
  console.log(
    `\nMisses (informed: median counted > 20 % or any run > 40 %; honest venues < 0.9 integrity or < 95 % counted): ${misses.length === 0 ? 'none' : ''}`,
  );
  for (const miss of misses) console.log(`- ${miss}`);
}
console.log(`\n(${elapsed()})`);
