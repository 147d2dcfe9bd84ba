import { readFileSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { RateLimitedError, UnavailableError } from '@coinlens/market-model';
import { ReplayServer } from '../../testing/replay-server.js';
import { githubRepositoryOf } from './github-repository.js';
import type { GitHubProviderOptions } from './github-provider.js';
import { GitHubProvider } from './github-provider.js';

const NOW = Date.parse('2026-05-18T12:00:00Z');
const signal = () => AbortSignal.timeout(10_000);
const REPOS: Record<string, string> = { bitcoin: 'bitcoin/bitcoin', ethereum: 'ethereum/go-ethereum' };

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
}

let server: ReplayServer;
let clock = NOW;

beforeEach(async () => {
  clock = NOW;
  server = await ReplayServer.start();
  server.json(/^\/repos\/[^/]+\/[^/]+$/, fixture('repo.json'));
  server.json(/\/stats\/commit_activity$/, fixture('commit-activity.json'));
  server.json('/search/issues', fixture('search-merged.json'));
  server.json(/\/contributors$/, fixture('contributors.json'), {
    headers: {
      link: '<https://api.github.com/repositories/1181927/contributors?per_page=1&anon=true&page=2>; rel="next", <https://api.github.com/repositories/1181927/contributors?per_page=1&anon=true&page=1234>; rel="last"',
    },
  });
});

afterEach(() => server.close());

function provider(options: Partial<GitHubProviderOptions> = {}): GitHubProvider {
  return new GitHubProvider({
    repositoryOf: (id) => REPOS[id] ?? null,
    baseUrl: server.url,
    minIntervalMs: 0,
    now: () => clock,
    ...options,
  });
}

describe('githubRepositoryOf', () => {
  it('reads owner/name from the URL forms projects list', () => {
    expect(githubRepositoryOf('https://github.com/bitcoin/bitcoin')).toBe('bitcoin/bitcoin');
    expect(githubRepositoryOf('https://github.com/ethereum/go-ethereum.git')).toBe('ethereum/go-ethereum');
    expect(githubRepositoryOf('http://www.github.com/a-b/c.d/tree/main')).toBe('a-b/c.d');
    expect(githubRepositoryOf('https://github.com/only-an-org')).toBeNull();
    expect(githubRepositoryOf('https://gitlab.com/a/b')).toBeNull();
  });
});

describe('GitHubProvider', () => {
  it('measures a known repository: stars, forks, commits of the last four weeks, merged PRs in 30 days, contributors', async () => {
    const snapshots = await provider().getDeveloper(['bitcoin', 'no-repo'], signal());
    expect(snapshots).toEqual([
      {
        coinId: 'bitcoin',
        repository: 'bitcoin/bitcoin',
        stars: 80000,
        forks: 37000,
        commits4w: 58 + 59 + 60 + 61,
        mergedPullRequests: 123,
        mergedPullRequestsWindowDays: 30,
        contributors: 1234,
        source: 'github',
        timestamp: NOW,
      },
    ]);
    const [search] = server.requestsTo('/search/issues');
    expect(search?.query.q).toBe('repo:bitcoin/bitcoin is:pr is:merged merged:>=2026-04-18');
    expect(server.requestsTo('/repos/bitcoin/bitcoin')[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the token when given, and reads 202 (statistics still computing) as unknown commits', async () => {
    server.route({ path: /\/stats\/commit_activity$/ }, { status: 202, json: {} });
    const [snapshot] = await provider({ token: 'ghp_secret' }).getDeveloper(['bitcoin'], signal());
    expect(snapshot?.commits4w).toBeNull();
    expect(server.requestsTo('/repos/bitcoin/bitcoin')[0]?.headers.authorization).toBe('Bearer ghp_secret');
  });

  it('reuses a measurement for cacheTtlMs and fetches at most maxRepositoriesPerCall per call', async () => {
    const github = provider({ maxRepositoriesPerCall: 1 });
    expect((await github.getDeveloper(['bitcoin', 'ethereum'], signal())).map((s) => s.coinId)).toEqual([
      'bitcoin',
    ]);
    expect((await github.getDeveloper(['bitcoin', 'ethereum'], signal())).map((s) => s.coinId)).toEqual([
      'bitcoin',
      'ethereum',
    ]);
    expect(server.requestsTo('/repos/bitcoin/bitcoin')).toHaveLength(1);
    clock += 6 * 3_600_000;
    await github.getDeveloper(['bitcoin'], signal());
    expect(server.requestsTo('/repos/bitcoin/bitcoin')).toHaveLength(2);
  });

  it('stops at a spent quota (403, x-ratelimit-remaining 0) until the reset, keeping what it had', async () => {
    const github = provider();
    await github.getDeveloper(['bitcoin'], signal());
    const reset = Math.floor(NOW / 1_000) + 600;
    server.route('/repos/ethereum/go-ethereum', {
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      json: { message: 'API rate limit exceeded' },
    });
    const kept = await github.getDeveloper(['ethereum', 'bitcoin'], signal());
    expect(kept.map((s) => s.coinId)).toEqual(['bitcoin']);
    const error = await provider()
      .getDeveloper(['ethereum'], signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(600_000);
  });

  it('skips a repository that is gone and reports an outage', async () => {
    server.route('/repos/bitcoin/bitcoin', { status: 404, json: { message: 'Not Found' } });
    await expect(provider().getDeveloper(['bitcoin'], signal())).resolves.toEqual([]);
    server.route('/repos/bitcoin/bitcoin', { status: 502, body: 'bad gateway' });
    await expect(provider().getDeveloper(['bitcoin'], signal())).rejects.toBeInstanceOf(UnavailableError);
  });
});
