/**
 * Community and developer data of `/coins/{id}` → SocialSnapshot and DeveloperSnapshot. CoinGecko answers 0
 * where it follows nothing (no subreddit, no repository), so a 0 without the matching link is "unknown", and a
 * coin whose repository CoinGecko does not measure (every figure 0 or absent) has no developer snapshot: the
 * GitHub fallback can measure it.
 */
import type { DeveloperSnapshot, SocialSnapshot } from '@coinlens/market-model';
import { githubRepositoryOf } from '../github/github-repository.js';
import { nonNegativeOrNull } from './coingecko-mapping.js';
import type { CoinDetail } from './coingecko-schemas.js';

/** A count that is only meaningful when the coin lists the place it counts. */
function countWhereListed(value: number | null | undefined, listed: boolean): number | null {
  const count = nonNegativeOrNull(value);
  return count === 0 && !listed ? null : count;
}

/** The coin's first GitHub repository (`owner/name`) CoinGecko lists, if any. */
export function repositoryOf(detail: CoinDetail): string | null {
  for (const url of detail.links.repos_url?.github ?? []) {
    const repository = githubRepositoryOf(url);
    if (repository) return repository;
  }
  return null;
}

export function toSocialSnapshot(detail: CoinDetail, now: number): SocialSnapshot | null {
  const community = detail.community_data;
  if (!community) return null;
  const links = detail.links;
  const followers = {
    x: countWhereListed(community.twitter_followers, Boolean(links.twitter_screen_name?.trim())),
    reddit: countWhereListed(community.reddit_subscribers, Boolean(links.subreddit_url?.trim())),
    telegram: countWhereListed(
      community.telegram_channel_user_count,
      Boolean(links.telegram_channel_identifier?.trim()),
    ),
  };
  if (followers.x === null && followers.reddit === null && followers.telegram === null) return null;
  return {
    coinId: detail.id,
    followers,
    engagement24h: null,
    suspectedBotShare: null,
    redditActiveAccounts48h:
      followers.reddit === null ? null : nonNegativeOrNull(community.reddit_accounts_active_48h),
    timestamp: now,
  };
}

export function toDeveloperSnapshot(detail: CoinDetail, now: number): DeveloperSnapshot | null {
  const repository = repositoryOf(detail);
  const data = detail.developer_data;
  if (!repository || !data) return null;
  const figures = {
    stars: nonNegativeOrNull(data.stars),
    forks: nonNegativeOrNull(data.forks),
    commits4w: nonNegativeOrNull(data.commit_count_4_weeks),
    mergedPullRequests: nonNegativeOrNull(data.pull_requests_merged),
    contributors: nonNegativeOrNull(data.pull_request_contributors),
  };
  if (Object.values(figures).every((value) => value === null || value === 0)) return null;
  return {
    coinId: detail.id,
    repository,
    ...figures,
    mergedPullRequestsWindowDays: null,
    source: 'coingecko',
    timestamp: now,
  };
}
