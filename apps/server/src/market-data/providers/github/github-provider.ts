/**
 * GitHub's REST API as the fallback developer source: stars, forks, commits in four weeks, pull requests merged
 * in 30 days and contributors of a coin's repository (`repositoryOf`, from CoinGecko's links). Built for the
 * unauthenticated 60 requests an hour: four calls a repository, at most `maxRepositoriesPerCall` fetched per
 * call, answers reused `cacheTtlMs`, a rate limit stops fetching until GitHub's reset. See README.md.
 */
import type { Capability, DeveloperSnapshot } from '@coinlens/market-model';
import { PartialProvider, ProviderError, RateLimitedError } from '@coinlens/market-model';
import { JsonHttp } from '../../http/json-http.js';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from '../../http/retry-after.js';
import {
  commitActivitySchema,
  contributorsSchema,
  repositorySchema,
  searchCountSchema,
} from './github-schemas.js';

export const GITHUB_API_URL = 'https://api.github.com';
const DAY_MS = 86_400_000;
const MERGED_WINDOW_DAYS = 30;

export interface GitHubProviderOptions {
  /** The coin's repository, `owner/name`; null: not known (that coin is skipped). */
  repositoryOf: (coinId: string) => string | null;
  baseUrl?: string;
  /** Raises the limit to 5,000 requests an hour; never logged. */
  token?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Default 1 s. */
  minIntervalMs?: number;
  /** Default 6 h. */
  cacheTtlMs?: number;
  /** Repositories fetched per call (four requests each). Default 5 without a token, 50 with one. */
  maxRepositoriesPerCall?: number;
  now?: () => number;
}

/** GitHub signals a spent quota with 403/429 and `x-ratelimit-remaining: 0` (reset in epoch seconds) or Retry-After. */
export function gitHubRateLimitDelay(status: number, headers: Headers, now: number): number | null {
  if (status !== 403 && status !== 429) return null;
  if (headers.get('retry-after') !== null)
    return parseRetryAfter(headers.get('retry-after'), now) ?? DEFAULT_RETRY_AFTER_MS;
  if (headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(headers.get('x-ratelimit-reset'));
    return Number.isFinite(reset) ? Math.max(0, reset * 1_000 - now) : DEFAULT_RETRY_AFTER_MS;
  }
  return status === 429 ? 60_000 : null;
}

/** The page number of `rel="last"` in a Link header (the count when one item is asked per page). */
function lastPage(link: string | null): number | null {
  const match = /[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

export class GitHubProvider extends PartialProvider {
  readonly name = 'github';
  readonly capabilities: ReadonlySet<Capability> = new Set<Capability>(['developer']);
  private readonly http: JsonHttp;
  private readonly now: () => number;
  private readonly cache = new Map<string, { value: DeveloperSnapshot; at: number }>();
  private readonly cacheTtlMs: number;
  private readonly maxPerCall: number;

  constructor(private readonly options: GitHubProviderOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.cacheTtlMs = options.cacheTtlMs ?? 6 * 3_600_000;
    this.maxPerCall = options.maxRepositoriesPerCall ?? (options.token ? 50 : 5);
    this.http = new JsonHttp({
      provider: this.name,
      baseUrl: options.baseUrl ?? GITHUB_API_URL,
      headers: {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      timeoutMs: options.timeoutMs ?? 10_000,
      minIntervalMs: options.minIntervalMs ?? 1_000,
      now: this.now,
      rateLimitDelay: gitHubRateLimitDelay,
    });
  }

  /**
   * Snapshots of the coins whose repository is known: cached ones as they are, up to `maxRepositoriesPerCall`
   * fetched. A rate limit stops the fetching (what was gathered is returned, or the error when nothing was);
   * a repository that is gone or answers malformed is skipped.
   */
  override async getDeveloper(coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    const results: DeveloperSnapshot[] = [];
    let fetched = 0;
    let stop: RateLimitedError | null = null;
    for (const coinId of new Set(coinIds)) {
      const repository = this.options.repositoryOf(coinId);
      if (!repository) continue;
      const cached = this.cache.get(coinId);
      if (cached && cached.value.repository === repository && this.now() - cached.at < this.cacheTtlMs) {
        results.push(cached.value);
        continue;
      }
      if (stop !== null || fetched >= this.maxPerCall) continue;
      fetched++;
      try {
        const snapshot = await this.measure(coinId, repository, signal);
        this.cache.set(coinId, { value: snapshot, at: this.now() });
        results.push(snapshot);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof RateLimitedError) stop = error;
        else if (!(error instanceof ProviderError) || error.retryable) throw error;
      }
    }
    if (results.length === 0 && stop !== null) throw stop;
    return results;
  }

  /** `/rate_limit` answers (it does not count against the quota). */
  async healthCheck(signal: AbortSignal): Promise<boolean> {
    try {
      await this.http.get('/rate_limit', {}, searchCountSchema.partial(), signal);
      return true;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ProviderError) return false;
      throw error;
    }
  }

  private async measure(coinId: string, repository: string, signal: AbortSignal): Promise<DeveloperSnapshot> {
    const path = `/repos/${repository}`;
    const { data: repo } = await this.http.get(path, {}, repositorySchema, signal);
    const { data: weeks } = await this.http.get(
      `${path}/stats/commit_activity`,
      {},
      commitActivitySchema,
      signal,
    );
    const since = new Date(this.now() - MERGED_WINDOW_DAYS * DAY_MS).toISOString().slice(0, 10);
    const { data: merged } = await this.http.get(
      '/search/issues',
      { q: `repo:${repository} is:pr is:merged merged:>=${since}`, per_page: 1 },
      searchCountSchema,
      signal,
    );
    const contributors = await this.http.get(
      `${path}/contributors`,
      { per_page: 1, anon: 'true' },
      contributorsSchema,
      signal,
    );
    return {
      coinId,
      repository: repo.full_name,
      stars: repo.stargazers_count,
      forks: repo.forks_count,
      // 202: GitHub is still computing the statistics — unknown this time.
      commits4w:
        weeks && weeks.length > 0 ? weeks.slice(-4).reduce((sum, week) => sum + week.total, 0) : null,
      mergedPullRequests: merged.total_count,
      mergedPullRequestsWindowDays: MERGED_WINDOW_DAYS,
      contributors: lastPage(contributors.headers.get('link')) ?? contributors.data?.length ?? null,
      source: 'github',
      timestamp: this.now(),
    };
  }
}
