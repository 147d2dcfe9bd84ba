// `npm run bench:score -- --compute`: the score run's compute alone, in seconds instead of the full benchmark's
// half hour. Each seed's honest market is scored `runs` times over (the first run generates and caches the market,
// the later ones read the cache, as a server's later runs find their code warm); each run prints its compute, its
// parts, and the collections that came during it. An A/B of two builds alternates this command between them.
import { PerformanceObserver } from 'node:perf_hooks';

import { CachedProvider } from './cached-provider.mjs';
import { median } from './measures.mjs';
import { scoredMarket } from './market-run.mjs';

/** Scores each of `seeds` `runs` times at `at`; answers the warm runs' compute (every run after a seed's first). */
export async function computeRuns({ seeds, runs, at, makeSimulator }) {
  let collections = { count: 0, ms: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      collections.count++;
      collections.ms += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const warm = [];
  try {
    for (const seed of seeds) {
      const clock = { now: at };
      const provider = new CachedProvider(makeSimulator(seed, clock), clock);
      for (let run = 0; run < runs; run++) {
        collections = { count: 0, ms: 0 };
        const { computeMs, parts } = (await scoredMarket(provider, clock, [at])).scorer.lastRun;
        if (run > 0) warm.push({ computeMs, parts });
        const partsText = Object.entries(parts)
          .map(([name, ms]) => `${name.replace(/Ms$/, '')} ${ms.toFixed(0)}`)
          .join(', ');
        console.log(
          `seed ${seed} run ${run + 1}${run === 0 ? ' (cold)' : ''}: compute ${computeMs.toFixed(0)} ms (${partsText}); ${collections.count} collections, ${collections.ms.toFixed(0)} ms in the run`,
        );
      }
    }
  } finally {
    observer.disconnect();
  }
  const names = Object.keys(warm[0]?.parts ?? {});
  console.log(
    `warm runs: compute median ${median(warm.map((entry) => entry.computeMs)).toFixed(0)} ms over ${warm.length} (target ≤ 150 ms); parts (medians): ${names.map((name) => `${name.replace(/Ms$/, '')} ${median(warm.map((entry) => entry.parts[name])).toFixed(0)}`).join(', ')} ms`,
  );
  return warm;
}
