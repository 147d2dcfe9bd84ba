import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config/config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Authenticator } from './gateway/authenticator.js';
import type { UploadEndpoint } from './gateway/gateway-plugin.js';
import { callerIdOf } from './gateway/procedure-registry.js';
import type { ProcedureHandlers } from './gateway/procedure-registry.js';
import { createAccountsRuntime } from './modules/accounts/accounts-runtime.js';
import { alertProcedures } from './modules/alerts/alerts.procedures.js';
import { createAlertRuntime, type AlertRuntime } from './modules/alerts/alert-runtime.js';
import { appProcedures } from './modules/app/app.procedures.js';
import { AppRepository } from './modules/app/app.repository.js';
import { AppService } from './modules/app/app.service.js';
import { createAdsRuntime, type AdsRuntime } from './modules/ads/ads-runtime.js';
import { createContentRuntime, type ContentRuntime } from './modules/content/content-runtime.js';
import { createInboxRuntime, type InboxRuntime } from './modules/inbox/inbox-runtime.js';
import { createPushRuntime, type PushRuntime } from './modules/push/push-runtime.js';
import { ownOrigin } from './modules/app/own-origin.js';
import { createMailRuntime } from './modules/mail/mail-runtime.js';
import type { OutboxRepository } from './modules/mail/outbox.repository.js';
import { AvatarUploadService } from './modules/uploads/avatar-upload.service.js';
import { createImageStorage } from './modules/uploads/create-image-storage.js';
import { scheduleUploadSweep } from './modules/uploads/upload-sweep.js';
import { scheduleRowPruning } from './modules/maintenance/prune-schedule.js';
import { RowPruner } from './modules/maintenance/row-pruner.js';
import { UploadedImageRepository } from './modules/uploads/uploaded-image.repository.js';
import { CandleRepository } from './market-store/candle.repository.js';
import { ScoreReadingRepository } from './market-store/score-reading.repository.js';
import { DEFAULT_BACKFILL_MS, MarketIngest } from './ingest/market-ingest.js';
import { MarketSnapshot } from './market-store/market-snapshot.js';
import { LiveHub } from './live/live-hub.js';
import { createLiveRuntime } from './live/live-runtime.js';
import type { MarketRole } from './scale-out/market-role.js';
import { openMarketRole } from './scale-out/open-market-role.js';
import type { PubSub } from './live/pub-sub.js';
import type { MarketDataProvider } from '@coinlens/market-model';
import { openMarketSource } from './market-data/provider-registry.js';
import { CurrencyService } from './modules/market/currency.service.js';
import { marketProcedures } from './modules/market/market.procedures.js';
import { MarketService } from './modules/market/market.service.js';
import { portfolioProcedures } from './modules/portfolio/portfolio.procedures.js';
import { PortfolioRepository } from './modules/portfolio/portfolio.repository.js';
import { PortfolioService } from './modules/portfolio/portfolio.service.js';
import { VersionCache } from './modules/market/version-cache.js';
import { WatchlistRepository } from './modules/market/watchlist.repository.js';
import { searchProcedures } from './modules/search/search.procedures.js';
import { SearchService } from './modules/search/search.service.js';
import { apiKeyProcedures } from './modules/open-api/api-key.procedures.js';
import { ApiKeyRepository } from './modules/open-api/api-key.repository.js';
import { ApiKeyService } from './modules/open-api/api-key.service.js';
import { coinGeckoRoutes } from './modules/open-api/coingecko-routes.js';
import { coinlensRoutes } from './modules/open-api/coinlens-routes.js';
import type { OpenApiRoute } from './modules/open-api/open-api-route.js';
import type { PushSender } from './modules/push/web-push-sender.js';
import { createServerEvents } from './runtime/server-events.js';
import type { SharedGuards } from './scale-out/shared-guards.js';

export interface Services {
  handlers: ProcedureHandlers;
  /** The open API's CoinGecko-compatible routes (`/api/v3`). */
  coinGeckoRoutes: OpenApiRoute[];
  /** Coinlens' own dialect (`/api/v1`): scores, verified volume, integrity. */
  coinlensRoutes: OpenApiRoute[];
  /** Open API keys: resolved per call, their usage written every few seconds (stop() writes the rest). */
  apiKeys: ApiKeyService;
  market: MarketRuntime;
  authenticator: Authenticator;
  upload: UploadEndpoint;
  uploadsDirectory: string;
  /** Stores, limits and sweeps uploaded images. */
  avatars: AvatarUploadService;
  /** Set when the dev outbox pages are switched on (DEV_OUTBOX=true, no SMTP_URL). */
  outbox: OutboxRepository | null;
  /** Flashes and news. */
  content: ContentRuntime;
  inbox: InboxRuntime;
  push: PushRuntime;
  ads: AdsRuntime;
  /** Price, change, score and flag alerts: evaluated on the ingest leader. */
  alerts: AlertRuntime;
  close(): void;
}

export interface ServiceOptions {
  now?: () => number;
  /** Replaces the provider MARKET_SOURCE would create (tests). */
  marketProvider?: MarketDataProvider;
  /** Replaces the Web Push sender (tests). */
  pushSender?: PushSender;
}

/**
 * The running market: ingest fills the snapshot (here, or on the elected leader whose stream `role` follows);
 * the hub and the procedures read it.
 */
export interface MarketRuntime {
  provider: MarketDataProvider;
  snapshot: MarketSnapshot;
  ingest: MarketIngest;
  role: MarketRole;
  live: LiveHub;
  pubSub: PubSub;
}

/** The composition root of the modules: every service built once, from configuration and the database. */
export async function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  guards: SharedGuards,
  options: ServiceOptions = {},
): Promise<Services> {
  const now = options.now ?? Date.now;
  const { db } = database;
  const events = createServerEvents(log);
  const mail = createMailRuntime({ config, db, log });
  const limiter = guards.attempts;
  const uploadsDirectory = path.join(config.DATA_DIR, 'uploads');
  const avatars = new AvatarUploadService(
    await createImageStorage(config, database, uploadsDirectory),
    new UploadedImageRepository(db),
    limiter,
    guards.uploadSlots,
    now,
  );
  const accounts = await createAccountsRuntime({
    db,
    dialect: database.dialect,
    limiter,
    mailer: mail.mailer,
    avatars,
    events,
    log,
    now,
  });

  const {
    name: sourceName,
    settings: source,
    provider,
  } = await openMarketSource(config, {
    now,
    log,
    ...(options.marketProvider ? { override: options.marketProvider } : {}),
  });
  const appService = new AppService(
    {
      appId: config.APP_ID,
      website: config.APP_WEBSITE ?? ownOrigin(config.HOST, config.PORT),
      contact: { email: config.CONTACT_EMAIL, telegram: config.CONTACT_TELEGRAM, x: config.CONTACT_X },
      marketSource: sourceName === 'simulator' ? 'simulator' : 'live',
    },
    new AppRepository(db),
  );

  const tickMs = config.MARKET_TICK_MS ?? source.tickMs;
  const snapshot = new MarketSnapshot(config.MARKET_HEARTBEAT_MS ?? Math.max(10_000, tickMs * 10));
  const candles = new CandleRepository(db);
  const ingest = new MarketIngest(provider, snapshot, candles, log, {
    tickMs,
    prices: source.prices,
    candleMs: 60_000,
    ratesMs: 60_000,
    signalsMs: 5 * 60_000,
    scoreMs: 5 * 60_000,
    backfillMs: DEFAULT_BACKFILL_MS,
    now,
    scoreReadings: new ScoreReadingRepository(db),
  });
  ingest.onTick((changedCoinIds) => events.emit('market.ticked', { changedCoinIds }));
  const currencies = new CurrencyService(snapshot);
  const coinInterest = guards.hotInterest.coins;
  const watchedCoins = new WatchlistRepository(db, database.dialect, 'coins');
  // Sockets hear a tick before the alerts and the snapshot stream do (the live runtime subscribes first).
  const liveRuntime = createLiveRuntime({ events, snapshot, now });
  const push = await createPushRuntime({
    db,
    events,
    limiter,
    subject: config.PUSH_SUBJECT,
    ...(options.pushSender ? { sender: options.pushSender } : {}),
    log,
    now,
  });
  const inbox = createInboxRuntime({ db, events, followers: watchedCoins, now });
  const content = createContentRuntime({
    config,
    db,
    snapshot,
    provider,
    limiter,
    events,
    log,
    now,
    live: sourceName !== 'simulator',
  });
  const ads = await createAdsRuntime({ db, now });
  const alerts = createAlertRuntime({
    db,
    dialect: database.dialect,
    snapshot,
    candles,
    inbox: inbox.service,
    events,
    log,
    now,
  });
  let stopUploadSweep = () => undefined as void;
  let stopRowPruning = () => undefined as void;
  const rowPruner = new RowPruner(db, database.dialect, now);
  const role = await openMarketRole(
    {
      databaseUrl: config.DATABASE_URL,
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      leaderPollMs: config.LEADER_POLL_MS,
      leaderStartTimeoutMs: config.MARKET_START_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    },
    {
      ingest,
      snapshot,
      // Only the ingest leader writes flashes, polls feeds, sweeps uploads and prunes expired rows.
      leaderJobs: {
        start: async () => {
          await content.jobs.start();
          stopUploadSweep = scheduleUploadSweep(avatars, log);
          stopRowPruning = scheduleRowPruning(rowPruner, log);
          await alerts.evaluator.start();
        },
        stop: () => {
          content.jobs.stop();
          alerts.evaluator.stop();
          stopUploadSweep();
          stopRowPruning();
        },
      },
      events,
      leadershipLost: () => {
        log.fatal('this instance no longer leads ingest: shutting down so its supervisor restarts it');
        process.kill(process.pid, 'SIGTERM');
      },
      log,
      now,
    },
  );
  // Followers never call the source themselves (charts included).
  const market = new MarketService(
    snapshot,
    currencies,
    candles,
    provider,
    coinInterest,
    now,
    () => role.isLeader,
  );
  const search = new SearchService(
    snapshot,
    market,
    coinInterest,
    guards.hotInterest.keywords,
    (keyword, coinIds, paging, language) => content.service.search(keyword, coinIds, paging, language),
  );
  const live = new LiveHub(
    snapshot,
    currencies,
    market,
    liveRuntime.pubSub,
    log,
    guards.liveConnections,
    {
      connections: config.LIVE_CONNECTIONS_PER_ADDRESS,
      coins: config.LIVE_COINS_PER_ADDRESS,
      bytesPerSecond: config.LIVE_BYTES_PER_SECOND_PER_ADDRESS,
    },
    now,
  );

  const apiKeys = new ApiKeyService(
    new ApiKeyRepository(db),
    {
      perKeyPerMinute: config.OPEN_API_KEY_CALLS_PER_MINUTE,
      anonymousPerMinute: config.OPEN_API_CALLS_PER_MINUTE,
    },
    now,
    (error) => log.warn({ err: error }, 'could not write open API key usage; kept for the next try'),
  );

  return {
    apiKeys,
    coinGeckoRoutes: coinGeckoRoutes({ market, currencies, search, snapshot, now }),
    coinlensRoutes: coinlensRoutes({ market, currencies }),
    handlers: {
      ...appProcedures(appService),
      ...accounts.handlers,
      ...marketProcedures({
        market,
        answers: new VersionCache(() => `${snapshot.version}:${snapshot.isStale(now())}`),
        currencies,
        watchedCoins,
        watchedExchanges: new WatchlistRepository(db, database.dialect, 'exchanges'),
        now,
      }),
      ...searchProcedures(search),
      ...content.handlers,
      ...inbox.handlers,
      ...ads.handlers,
      ...push.handlers,
      ...alertProcedures(alerts.service),
      ...apiKeyProcedures(apiKeys),
      ...portfolioProcedures(
        new PortfolioService(
          new PortfolioRepository(db, database.dialect),
          snapshot,
          currencies,
          candles,
          now,
          () => role.isLeader,
        ),
      ),
    },
    market: { provider, snapshot, ingest, role, live, pubSub: liveRuntime.pubSub },
    authenticator: accounts.sessions,
    upload: {
      bodyLimit: config.UPLOAD_LIMIT_BYTES,
      admit: (context) => avatars.admit(callerIdOf(context), context.ip),
      handle: (fields, context) => avatars.upload(fields, callerIdOf(context)),
    },
    uploadsDirectory,
    avatars,
    outbox: mail.outbox,
    content,
    inbox,
    push,
    ads,
    alerts,
    close: () => {
      liveRuntime.stop();
      mail.stop();
    },
  };
}
