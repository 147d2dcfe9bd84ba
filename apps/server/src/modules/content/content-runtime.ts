import type { AppLanguage } from '@coinlens/contract';
import type { MarketDataProvider } from '@coinlens/market-model';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { ANY_ADDRESS, PUBLIC_ADDRESSES_ONLY } from '../../news/address-guard.js';
import { createCoinTagger } from '../../news/coin-tagger.js';
import { newsSources } from '../../news/default-sources.js';
import type { ServerEventSink } from '../../runtime/server-events.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import { ArticleRepository } from './article.repository.js';
import { ArticlePublisher, type CoinTagger } from './article-publisher.js';
import { ContentJobs } from './content-jobs.js';
import { contentProcedures } from './content.procedures.js';
import { ContentService, type CoinNamer } from './content.service.js';
import { FeedIngest } from './feed-ingest.js';
import { FollowedSourceRepository } from './followed-source.repository.js';

export interface ContentDependencies {
  config: AppConfig;
  db: Kysely<Database>;
  snapshot: MarketSnapshot;
  provider: MarketDataProvider;
  limiter: AttemptLimiter;
  /** Where each newly stored article is announced (`article.published`). */
  events: ServerEventSink<'article.published'>;
  log: FastifyBaseLogger;
  now: () => number;
  /** Real market sources are in use (the machine is online): the default news and official sources apply. */
  live: boolean;
}

export interface ContentRuntime {
  service: ContentService;
  handlers: ReturnType<typeof contentProcedures>;
  publisher: ArticlePublisher;
  /** Market flashes and feed polls: the ingest leader's work. */
  jobs: ContentJobs;
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

/** Flashes and news, built once by the composition root: the publisher announces what it stores. */
export function createContentRuntime(deps: ContentDependencies): ContentRuntime {
  const { config, db, snapshot, log, now } = deps;
  const articles = new ArticleRepository(db);
  const publisher = new ArticlePublisher(articles, coinTaggerOf(snapshot), deps.events, now);
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
  return {
    service: content,
    handlers: contentProcedures(content),
    publisher,
    jobs,
  };
}
