#!/usr/bin/env node
// The simulator's honest flow next to the real public tapes, on every tape test the detector uses (the same
// functions), so the calibration can be checked: `npm run bench:calibration` (runs the sources through tsx).
import { SimulatorProvider, SCENARIOS } from '@coinlens/market-simulator';
import {
  benfordMad,
  flowPriceCoherence,
  matchedLegShare,
  printImpact,
  roundSizeShare,
  signClustering,
} from '@coinlens/score';

import { realTapes, realTapesPresent } from '../apps/server/test/support/real-tapes.ts';

const AT = Date.UTC(2026, 10, 20, 12, 0);

function row(name, prints) {
  const sizes = prints.map((print) => print.amount);
  const gaps = prints.slice(1).map((print, index) => print.timestamp - prints[index].timestamp);
  const meanGap = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
  const cv = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - meanGap) ** 2, 0) / gaps.length) / meanGap;
  let changes = 0;
  for (let index = 1; index < prints.length; index++)
    if (prints[index].price !== prints[index - 1].price) changes++;
  const fmt = (value, digits = 3) =>
    value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);
  return `| ${name} | ${prints.length} | ${fmt(signClustering(prints, 50)?.autocorrelation, 2)} | ${fmt(flowPriceCoherence(prints, 10)?.correlation, 2)} | ${fmt(printImpact(prints, 50)?.correlation, 2)} | ${fmt(matchedLegShare(prints, 50))} | ${fmt(benfordMad(sizes))} | ${fmt(roundSizeShare(sizes), 2)} | ${fmt(cv, 2)} | ${fmt(prints.length / Math.max(1, changes), 2)} |`;
}

console.log(
  '| tape | prints | sign autocorrelation | flow–price | print impact | matched legs | first-digit MAD | round sizes | inter-arrival CV | prints per price change |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
if (realTapesPresent)
  for (const tape of realTapes())
    if (tape.prints[0].side !== null) console.log(row(`real: ${tape.venue}`, tape.prints.slice(0, 3_000)));
const simulator = new SimulatorProvider({ seed: 20_261_122, now: () => AT, scenario: SCENARIOS.honest });
const signal = AbortSignal.timeout(120_000);
for (const [exchangeId, coinId, quote] of [
  ['binance', 'bitcoin', 'USDT'],
  ['binance', 'ethereum', 'USDT'],
  ['kraken', 'bitcoin', 'USD'],
  ['bitstamp', 'bitcoin', 'USD'],
  ['gate', 'solana', 'USDT'],
  ['uniswap-v3', 'ethereum', 'USDC'],
]) {
  const prints = [];
  // Up to 3,000 prints of the last hours, newest call first (500 per call, as a venue's public endpoint gives).
  let until = AT;
  while (prints.length < 3_000) {
    const batch = await simulator.getTrades({ exchangeId, coinId, quote }, until - 3_600_000, signal);
    const older = batch.filter((print) => print.timestamp < until);
    if (older.length === 0) break;
    prints.unshift(...older.slice(-Math.min(older.length, 3_000 - prints.length)));
    until = older[0].timestamp;
    if (AT - until > 12 * 3_600_000) break;
  }
  if (prints.length > 0) console.log(row(`simulated: ${exchangeId} ${coinId}/${quote}`, prints));
}
