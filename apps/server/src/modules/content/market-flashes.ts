import { coinFlagText, type LocalisedText } from '@coinlens/contract';

import type { CoinState, MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { Announcement } from '@coinlens/market-model';
import type { CoinFlag } from '@coinlens/score';
import { APP_NAME } from '../app/app-name.js';
import type { ArticleDraft, ArticlePublisher } from './article-publisher.js';
import { utc8Date } from './article-views.js';
import {
  allTimeHighTexts,
  announcementSummary,
  announcementTitle,
  bigMoveTexts,
  scoreFlagTitle,
  volumeSpikeTexts,
  type FlashCoin,
} from './market-flash-texts.js';

/** What makes a market event worth a flash; documented in docs/content.md. */
export const FLASH_RULES = {
  /** Coins ranked this high or better are watched. */
  maxRank: 200,
  /** |24 h change| in percent for a move flash… */
  bigMove: 10,
  /** …and for a breaking one (also any top-10 coin past `bigMove`). */
  breakingMove: 20,
  breakingRank: 10,
  /** Today's volume over the 7-day average. */
  volumeSpike: 3,
  /** A record counts as new when it was set within this window. */
  athFreshMs: 15 * 60_000,
  /** Flags of the score that make news (holder concentration is a state, not an event). */
  flagKinds: new Set<CoinFlag['kind']>([
    'suspicious_volume',
    'unconfirmed_social_spike',
    'price_outlier_excluded',
  ]),
} as const;

export function flashCoinOf(coin: CoinState): FlashCoin {
  const { profile } = coin;
  return {
    symbol: profile.symbol,
    names: {
      en: profile.name,
      ...(profile.localNames.vi ? { vi: profile.localNames.vi } : {}),
      ...(profile.localNames['zh-Hans'] ? { 'zh-Hans': profile.localNames['zh-Hans'] } : {}),
    },
  };
}

/** How the origin key of a score-flag flash begins. */
const SCORE_FLAG_ORIGIN = 'flag:';

/** Whether the article is a score-flag flash: one about a coin the score has just flagged. */
export function isScoreFlagFlash(draft: ArticleDraft): boolean {
  return draft.originKey.startsWith(SCORE_FLAG_ORIGIN);
}

function flash(
  coin: CoinState,
  key: string,
  texts: { title: LocalisedText; summary: LocalisedText },
  important: boolean,
  publishedAt: number,
): ArticleDraft {
  return {
    kind: 'fastnews',
    origin: 'market',
    originKey: key,
    title: texts.title,
    summary: texts.summary,
    body: {},
    sourceName: APP_NAME.en,
    sourceUrl: null,
    imageUrl: null,
    important,
    publishedAt,
    coinIds: [coin.profile.id],
  };
}

function flagSummary(flag: CoinFlag, coin: CoinState, snapshot: MarketSnapshot): LocalisedText {
  const places =
    'exchangeIds' in flag ? flag.exchangeIds.map((id) => snapshot.exchanges.get(id)?.profile.name ?? id) : [];
  const value =
    flag.kind === 'unconfirmed_social_spike'
      ? flag.followerGrowth
      : flag.kind === 'concentrated_holders'
        ? flag.top10Share
        : null;
  return {
    en: coinFlagText(flag.kind, places, value, 'en'),
    vi: coinFlagText(flag.kind, places, value, 'vi'),
    'zh-Hans': coinFlagText(flag.kind, places, value, 'zh-Hans'),
  };
}

/**
 * The flashes the market itself writes: big moves, new all-time highs, volume spikes, score flags. Each
 * event has a key per coin and UTC+8 day, so a move that lasts all day is told once.
 */
export function marketEventFlashes(snapshot: MarketSnapshot, now: number): ArticleDraft[] {
  const day = utc8Date(now);
  const drafts: ArticleDraft[] = [];
  for (const coin of snapshot.ranked) {
    if (coin.rank > FLASH_RULES.maxRank || coin.price === null || !coin.metrics) continue;
    const { metrics } = coin;
    const who = flashCoinOf(coin);
    const id = coin.profile.id;
    const change = metrics.change24h;
    if (change !== null && Math.abs(change) >= FLASH_RULES.bigMove) {
      const important = Math.abs(change) >= FLASH_RULES.breakingMove || coin.rank <= FLASH_RULES.breakingRank;
      drafts.push(
        flash(
          coin,
          `move:${id}:${day}:${change > 0 ? 'up' : 'down'}`,
          bigMoveTexts(who, change, coin.price),
          important,
          now,
        ),
      );
    }
    // A record is news only against a known one: until the source's record or the whole history is in, ath is null.
    const { ath } = metrics;
    if (ath !== null && ath.at >= now - FLASH_RULES.athFreshMs && ath.price <= coin.price * 1.0001)
      drafts.push(flash(coin, `ath:${id}:${day}`, allTimeHighTexts(who, coin.price), coin.rank <= 20, now));
    if (metrics.volumeRatio !== null && metrics.volumeRatio >= FLASH_RULES.volumeSpike)
      drafts.push(flash(coin, `volume:${id}:${day}`, volumeSpikeTexts(who, metrics.volumeRatio), false, now));
    for (const flag of coin.score?.detail.flags ?? []) {
      if (!FLASH_RULES.flagKinds.has(flag.kind)) continue;
      drafts.push(
        flash(
          coin,
          `${SCORE_FLAG_ORIGIN}${id}:${flag.kind}:${day}`,
          { title: scoreFlagTitle(who), summary: flagSummary(flag, coin, snapshot) },
          false,
          now,
        ),
      );
    }
  }
  return drafts;
}

/** An official announcement as a flash on the coin (decision D31). */
export function announcementFlash(announcement: Announcement, coin: CoinState): ArticleDraft {
  const who = flashCoinOf(coin);
  return {
    kind: 'fastnews',
    origin: 'announcement',
    originKey: `announcement:${announcement.id}`,
    title: announcementTitle(who, announcement.title),
    summary: announcementSummary(who, announcement.source),
    body: {},
    sourceName: announcement.source,
    sourceUrl: announcement.url,
    imageUrl: null,
    important: false,
    publishedAt: announcement.publishedAt,
    coinIds: [coin.profile.id],
  };
}

/** Publishes every draft in turn; answers how many were new. */
export async function publishAll(
  publisher: ArticlePublisher,
  drafts: readonly ArticleDraft[],
): Promise<number> {
  let added = 0;
  for (const draft of drafts) if (await publisher.publish(draft)) added += 1;
  return added;
}
