#!/usr/bin/env node
// Semi-synthetic real data (issue "integrity against attackers we did not write"): every attack family of
// packages/attack-lab injected into the real public tapes beside the repository, each verdict through the audit
// command's own path (write the folder, read it, auditVenues). Run: `npm run bench:real-attacks` (no build needed:
// it runs the sources through tsx). Honest tapes are cut to their first 3,000 prints so λ = 100 stays tractable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { addRestingDepth, injectWash, WASH_FAMILIES } from '@coinlens/attack-lab';

import { readVenueFolder } from '../apps/server/src/audit/venue-folder.ts';
import { auditVenues } from '../apps/server/src/scoring/venue-integrity/judge-venues.ts';
import {
  laidOnto,
  realTapes,
  realTapesPresent,
  writeAuditFolder,
} from '../apps/server/test/support/real-tapes.ts';

if (!realTapesPresent) {
  console.log('The real tapes (../shared/external/realdata/trades) are not here: nothing to measure.');
  process.exit(0);
}

const PRINTS = 3_000;
const args = parseArgs({ options: { family: { type: 'string' }, lambda: { type: 'string' } } }).values;
const LAMBDAS = args.lambda ? [Number(args.lambda)] : [1, 2, 5, 10, 30, 100];
const FAMILIES = args.family ? [args.family] : WASH_FAMILIES;
const DAY_MS = 86_400_000;
const DEPTH_SHARE = 0.012;
const started = performance.now();

const tapes = realTapes().map((tape) => ({ ...tape, prints: tape.prints.slice(0, PRINTS) }));
const notional = (prints) => prints.reduce((sum, print) => sum + print.price * print.amount, 0);
const spanOf = (prints) => Math.max(60_000, prints.at(-1).timestamp - prints[0].timestamp);
/** 24 h volume a tape stands for: its notional over its span, scaled to a day. */
const daily = (prints, span = spanOf(prints)) => (notional(prints) * DAY_MS) / span;

/** A book around the tape's last price: levels every 0.05 % to ±2 %, `depthUsd` in all. */
function bookFor(tape, prints, depthUsd) {
  const last = prints.at(-1);
  const mid = last.price;
  const level = depthUsd / 80 / mid;
  const levels = (sign) =>
    Array.from({ length: 40 }, (_, index) => [mid * (1 + sign * 0.0005 * (index + 1)), level]);
  return {
    exchangeId: tape.venue,
    coinId: tape.base.toLowerCase(),
    base: tape.base,
    quote: tape.quote,
    bids: levels(-1),
    asks: levels(1),
    timestamp: last.timestamp + 1,
  };
}

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

/** One attacked run: `family` at `lambda` on `tape`, optionally with resting depth in proportion to the fake volume. */
async function attacked(tape, family, lambda, withDepth, seed) {
  const span = spanOf(tape.prints);
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
  const injected = injectWash(family, { tape: tape.prints, lambda, seed, source });
  const fakeDaily = (injected.fakeNotional * DAY_MS) / span;
  let book = bookFor(tape, tape.prints, DEPTH_SHARE * daily(tape.prints, span));
  if (withDepth) book = addRestingDepth(book, DEPTH_SHARE * fakeDaily, seed);
  const universe = [
    ...honestUniverse.filter((venue) => venue.id !== tape.venue),
    ...extra,
    {
      id: tape.venue,
      tape: { ...tape, prints: injected.tape },
      reported: daily(tape.prints, span) + fakeDaily,
      book,
    },
  ];
  const verdicts = await audit(universe);
  const verdict = verdicts.get(tape.venue);
  const honestCounted = honest.get(tape.venue).countedUsd;
  const untouched = [...verdicts.values()].filter(
    (entry) => entry.id !== tape.venue && entry.id !== 'copied-source',
  );
  return {
    integrity: verdict.integrity,
    fakeCounted: Math.max(0, verdict.countedUsd - honestCounted) / fakeDaily,
    flags: verdict.flags,
    untouchedMin: Math.min(...untouched.map((entry) => entry.integrity)),
    hurt: untouched
      .filter((entry) => entry.integrity < 0.9)
      .map((entry) => `${entry.id} ${entry.integrity.toFixed(2)} [${entry.flags.join(', ')}]`),
    untouchedCountedMin: Math.min(...untouched.map((entry) => entry.countedUsd / entry.reportedUsd)),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2
    ? sorted[(sorted.length - 1) / 2]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const sided = tapes.filter((tape) => tape.prints[0].side !== null);

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
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
