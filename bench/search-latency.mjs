// Search latency: the search index over ENTITIES synthetic coins and exchanges (default 20,000), queried with
// a mix of exact symbols, prefixes, Chinese names, Vietnamese names without accents and typos. Baseline in the
// same run: a plain loop testing `includes` on the same pre-normalised names — the least any search must do.
// Target: p99 ≤ 5 ms. Run: npm run build && npm run bench:search
import { performance } from 'node:perf_hooks';

import { SearchIndex } from '../apps/server/dist/modules/search/search-index.js';
import { searchText } from '../apps/server/dist/modules/search/search-text.js';
import { printTable, quantile } from './support.mjs';

const ENTITIES = Number(process.env.BENCH_ENTITIES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000);
const SYLLABLES = [
  'bit',
  'coin',
  'eth',
  'sol',
  'doge',
  'link',
  'chain',
  'ai',
  'meta',
  'verse',
  'swap',
  'fi',
  'moon',
  'lay',
  'er',
  'zen',
  'nova',
  'quant',
  'ter',
  'ra',
];
const HAN = ['比', '特', '币', '以', '太', '坊', '链', '狗', '网', '元', '宇', '宙', '金', '交', '易'];
const VIET = ['Đồng', 'Việt', 'Tiền', 'Số', 'Mạng', 'Chuỗi', 'Khối', 'Vàng'];

function pick(list, n) {
  return list[n % list.length];
}

const entries = [];
for (let i = 0; i < ENTITIES; i += 1) {
  const name = `${pick(SYLLABLES, i)}${pick(SYLLABLES, Math.floor(i / 20))}${pick(SYLLABLES, Math.floor(i / 400))} ${i}`;
  const isExchange = i % 10 === 0;
  entries.push({
    id: `entity-${i}`,
    kind: isExchange ? 'exchange' : 'coin',
    symbol: isExchange ? undefined : `${pick(SYLLABLES, i).toUpperCase()}${i}`,
    names: [
      name,
      `${pick(HAN, i)}${pick(HAN, Math.floor(i / 15))}${pick(HAN, Math.floor(i / 225))}`,
      `${pick(VIET, i)} ${pick(VIET, Math.floor(i / 8))}`,
    ],
  });
}
const queries = [
  'BIT7',
  'coin',
  'ethsol',
  'bitcoinmoon 4',
  '比特',
  '以太坊',
  'dong viet',
  'tien so',
  'moonverze',
  'quantzen',
  'swapfi 12',
  'nothing-here',
  'ai',
  'chainlay',
];

const buildStart = performance.now();
const index = new SearchIndex(entries);
const buildMs = performance.now() - buildStart;
const kinds = new Set(['coin', 'exchange']);
const weight = (id) => -Number(id.slice(7));
const plain = entries.map((entry) => [
  entry.symbol ? searchText(entry.symbol) : '',
  ...entry.names.map(searchText),
]);

function measure(run) {
  const times = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const query = queries[round % queries.length];
    const start = performance.now();
    found += run(query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), found };
}

// Warm both paths before measuring.
for (const query of queries) {
  index.search(query, kinds, weight);
}
const indexed = measure((query) => index.search(query, kinds, weight).length);
const baseline = measure((query) => {
  const needle = searchText(query);
  let hits = 0;
  for (const names of plain) if (names.some((name) => name.includes(needle))) hits += 1;
  return hits;
});

const result = {
  bench: 'search-latency',
  entities: ENTITIES,
  build_ms: Number(buildMs.toFixed(1)),
  p50_ms: Number(indexed.p50.toFixed(3)),
  p99_ms: Number(indexed.p99.toFixed(3)),
  baseline_p50_ms: Number(baseline.p50.toFixed(3)),
  baseline_p99_ms: Number(baseline.p99.toFixed(3)),
  p99_vs_baseline: Number((indexed.p99 / baseline.p99).toFixed(2)),
  target_p99_ms: 5,
  pass: indexed.p99 <= 5,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
printTable([
  { what: 'search index (tiers, typos, ranked)', p50: indexed.p50.toFixed(3), p99: indexed.p99.toFixed(3) },
  { what: 'plain includes loop (baseline)', p50: baseline.p50.toFixed(3), p99: baseline.p99.toFixed(3) },
]);
