import type { AppLanguage, ProcedureName } from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { AppConfig } from './config/config.js';
import type { Database } from './db/schema.js';
import type { HandlersFor } from './gateway/procedure-registry.js';
import type { MarketSnapshot } from './market-store/market-snapshot.js';
import type { MarketDataProvider } from '@coinlens/market-model';
import { ANY_ADDRESS, PUBLIC_ADDRESSES_ONLY } from './news/address-guard.js';
import { newsSources } from './news/default-sources.js';
import { createCoinTagger } from './news/coin-tagger.js';
import type { AccountService } from './modules/accounts/accounts.service.js';
import { AdRepository } from './modules/ads/ad.repository.js';
import { adsProcedures } from './modules/ads/ads.procedures.js';
import { AdsService } from './modules/ads/ads.service.js';
import { ArticleRepository } from './modules/content/article.repository.js';
import { ArticlePublisher, type CoinTagger } from './modules/content/article-publisher.js';
import { ContentJobs } from './modules/content/content-jobs.js';
import { contentProcedures } from './modules/content/content.procedures.js';
import { ContentService, type CoinNamer } from './modules/content/content.service.js';
import { FeedIngest } from './modules/content/feed-ingest.js';
import { FollowedSourceRepository } from './modules/content/followed-source.repository.js';
import { InboxRepository } from './modules/inbox/inbox.repository.js';
import { inboxProcedures } from './modules/inbox/inbox.procedures.js';
import { InboxService } from './modules/inbox/inbox.service.js';
import { accountEventMessage } from './modules/inbox/system-messages.js';
import type { WatchlistRepository } from './modules/market/watchlist.repository.js';
import { connectPushTriggers } from './modules/push/push-triggers.js';
import { PushRepository } from './modules/push/push.repository.js';
import { pushProcedures } from './modules/push/push.procedures.js';
import { PushService } from './modules/push/push.service.js';
import { loadOrCreateVapidKeys } from './modules/push/vapid-keys.js';
import { WebPushSender, type PushSender } from './modules/push/web-push-sender.js';
import type { NewsSearch } from './modules/search/search.service.js';
import type { AttemptLimiter } from './security/attempt-limiter.js';
import { loadOrCreateValue } from './security/server-secrets.js';

export interface ContentDependencies {
  config: AppConfig;
  db: Kysely<Database>;
  snapshot: MarketSnapshot;
  provider: MarketDataProvider;
  accounts: AccountService;
  watchedCoins: WatchlistRepository;
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  now: () => number;
  /** Real market sources are in use (the machine is online): the default news and official sources apply. */
  live: boolean;
  /** Replaces the Web Push sender (tests). */
  pushSender?: PushSender;
}

export interface ContentRuntime {
  handlers: HandlersFor<
    Extract<
      ProcedureName,
      | `appcontent_msrv/${string}`
      | `appinbox_msrv/${string}`
      | `appadvert_msrv/${string}`
      | `appsys_msrv/push_${string}`
    >
  >;
  newsSearch: NewsSearch;
  publisher: ArticlePublisher;
  jobs: ContentJobs;
  inbox: InboxService;
  push: PushService;
  ads: AdsService;
}

function coinNamer(snapshot: MarketSnapshot): CoinNamer {
  return (coinId: string, language: AppLanguage) => {
    const coin = snapshot.coins.get(coinId);
    if (!coin) return null;
    const { profile } = coin;
    const local = language === 'en' ? undefined : profile.localNames[language];
    return { id: profile.id, symbol: profile.symbol, name: local ?? profile.name };
  };
}

/** The tagger over the current universe, rebuilt only when the set of coins changes. */
function coinTaggerOf(snapshot: MarketSnapshot): () => CoinTagger {
  let built: { size: number; tag: CoinTagger } | null = null;
  return () => {
    if (built?.size !== snapshot.coins.size) {
      const coins = [...snapshot.coins.values()].map(({ profile }) => ({
        id: profile.id,
        symbol: profile.symbol,
        names: [
          profile.name,
          ...Object.values(profile.localNames).filter((name): name is string => Boolean(name)),
        ],
      }));
      built = { size: snapshot.coins.size, tag: createCoinTagger(coins) };
    }
    return built.tag;
  };
}

/** Flashes and news, the inbox, ads and push: built once, wired to each other and to account events. */
export async function createContentServices(deps: ContentDependencies): Promise<ContentRuntime> {
  const { config, db, snapshot, log, now } = deps;
  const articles = new ArticleRepository(db);
  const publisher = new ArticlePublisher(articles, coinTaggerOf(snapshot), now);
  const content = new ContentService(articles, coinNamer(snapshot), deps.limiter, now);
  const feeds = new FeedIngest(new FollowedSourceRepository(db), publisher, log, {
    ...newsSources({ newsFeeds: config.NEWS_FEEDS, officialSources: config.OFFICIAL_SOURCES }, deps.live),
    pollMs: config.NEWS_POLL_MS,
    addressGuard: config.FEEDS_ALLOW_PRIVATE_ADDRESSES ? ANY_ADDRESS : PUBLIC_ADDRESSES_ONLY,
    fetchTimeoutMs: config.NEWS_FETCH_TIMEOUT_MS,
    now,
  });
  const jobs = new ContentJobs(publisher, feeds, snapshot, deps.provider, log, {
    marketMs: 60_000,
    feedCheckMs: 30_000,
    now,
  });

  const inbox = new InboxService(new InboxRepository(db), now);
  const ads = new AdsService(new AdRepository(db), now);
  await ads.seedHouseAds();

  const vapid = await loadOrCreateVapidKeys({
    getOrCreate: (name, create) => loadOrCreateValue(db, name, create),
  });
  const push = new PushService(
    new PushRepository(db),
    deps.pushSender ?? new WebPushSender(vapid, config.PUSH_SUBJECT),
    vapid,
    log,
    now,
    deps.limiter,
  );
  const triggers = connectPushTriggers(push, log);

  inbox.onDelivered((message) => triggers.inboxMessage(message));
  deps.accounts.onEvent((event) => {
    inbox
      .send(accountEventMessage(event))
      .catch((error: unknown) => log.warn({ err: error }, 'inbox message not stored'));
  });
  publisher.onPublished((article) => {
    triggers.breakingFlash(article);
    inbox
      .alertCoinFollowers(article, deps.watchedCoins)
      .catch((error: unknown) => log.warn({ err: error }, 'coin alerts not stored'));
  });

  return {
    handlers: {
      ...contentProcedures(content),
      ...inboxProcedures(inbox),
      ...adsProcedures(ads),
      ...pushProcedures(push),
    },
    newsSearch: (keyword, coinIds, paging, language) => content.search(keyword, coinIds, paging, language),
    publisher,
    jobs,
    inbox,
    push,
    ads,
  };
}
