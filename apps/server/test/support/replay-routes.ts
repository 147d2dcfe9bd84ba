/**
 * Routes shared by the live replays (live-replays.ts) and the whole-universe replays (universe-replays.ts):
 * DefiLlama, Coin Metrics and GitHub answering from their provider fixtures.
 */
import { readFileSync } from 'node:fs';

import type { ReplayServer } from '../../src/market-data/testing/replay-server.js';

const PROVIDERS = new URL('../../src/market-data/providers/', import.meta.url);

/** A provider's hand-written fixture, e.g. `fixture('defillama', 'protocols.json')`. */
export function fixture(provider: string, name: string): unknown {
  return JSON.parse(readFileSync(new URL(`${provider}/__fixtures__/${name}`, PROVIDERS), 'utf8'));
}

/** DefiLlama's protocols, chains, and fees and revenue overviews. */
export function routeDefiLlama(server: ReplayServer): ReplayServer {
  return server
    .json('/protocols', fixture('defillama', 'protocols.json'))
    .json('/v2/chains', fixture('defillama', 'chains.json'))
    .route(
      { path: '/overview/fees', query: (q) => q.dataType !== 'dailyRevenue' },
      { json: fixture('defillama', 'fees-daily.json') },
    )
    .route(
      { path: '/overview/fees', query: (q) => q.dataType === 'dailyRevenue' },
      { json: fixture('defillama', 'fees-revenue.json') },
    );
}

/** Coin Metrics' community API: `/timeseries/asset-metrics` answers its fixture whatever the assets asked. */
export function routeCoinMetrics(server: ReplayServer): ReplayServer {
  return server.json('/timeseries/asset-metrics', fixture('coinmetrics', 'asset-metrics.json'));
}

/** GitHub's REST API: one repository's figures for any repository asked. */
export function routeGitHub(server: ReplayServer): ReplayServer {
  return server
    .json('/rate_limit', { resources: {} })
    .json(/^\/repos\/[^/]+\/[^/]+$/, fixture('github', 'repo.json'))
    .json(/\/stats\/commit_activity$/, fixture('github', 'commit-activity.json'))
    .json('/search/issues', fixture('github', 'search-merged.json'))
    .json(/\/contributors$/, fixture('github', 'contributors.json'));
}
