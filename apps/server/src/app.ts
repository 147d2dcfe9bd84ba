import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { GATEWAY_BASE_PATH } from '@coinlens/contract';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from './config/config.js';
import type { MarketDataProvider } from '@coinlens/market-model';
import { openDatabase } from './db/database.js';
import type { DatabaseHandle } from './db/database.js';
import { CallerCostBudget } from './gateway/caller-cost-budget.js';
import { gatewayPlugin } from './gateway/gateway-plugin.js';
import { OPEN_API_V1_PATH, OPEN_API_V3_PATH, openApiPlugin } from './modules/open-api/open-api-plugin.js';
import { registerOpenApiReference } from './modules/open-api/open-api-reference.js';
import { openApiGate } from './modules/open-api/open-api-gate.js';
import { AuditRunner } from './modules/open-api/audit-runner.js';
import { registerDevOutboxPage } from './http/dev-outbox-page.js';
import { registerHealthCheck, registerLivenessCheck, registerReadinessCheck } from './http/health.js';
import { registerLegalDocuments } from './http/legal-documents.js';
import { registerLogos } from './http/logos.js';
import { registerOriginPolicy } from './http/origin-policy.js';
import { answerClientError, answerFrameworkError } from './http/protocol-errors.js';
import { registerProxyHeaderWarning } from './http/proxy-header-warning.js';
import { openReadinessRedis } from './http/readiness-redis.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serverTimeoutOptions } from './http/server-timeouts.js';
import { registerStaticSite } from './http/static-site.js';
import { registerUploadedImages } from './http/uploaded-images.js';
import type { PushSender } from './modules/push/web-push-sender.js';
import { createSharedGuards } from './scale-out/shared-guards.js';
import { createServices } from './services.js';
import type { Services } from './services.js';

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  services: Services;
}

export interface BuildOptions {
  /** Clock for signature windows, sessions and the market; tests move it. */
  now?: () => number;
  /** Replaces the provider MARKET_SOURCE would create (tests). */
  marketProvider?: MarketDataProvider;
  /** Replaces the Web Push sender (tests: no push service on the internet). */
  pushSender?: PushSender;
}

/** Builds the whole server (not yet listening): database, security headers, gateway, static web app. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeouts: {
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
  });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: [
        'req.headers.accesstoken',
        'req.headers.refreshtoken',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...serverTimeoutOptions(config.REQUEST_TIMEOUT_MS),
  });
  let services: Services | undefined;
  const guards = createSharedGuards(config, app.log, options.now);
  // One ordered shutdown: stop producing (live, ingest) before the database they write to goes away.
  app.addHook('onClose', async () => {
    if (services) {
      await services.market.live.stop();
      await services.market.role.stop();
      await services.market.pubSub.close();
      await services.apiKeys.stop();
      services.close();
    }
    await guards.close();
    await database.close();
  });

  try {
    registerSecurityHeaders(app, config.FRAME_ORIGINS);
    registerOriginPolicy(app, config.ALLOWED_ORIGINS);
    registerProxyHeaderWarning(app, config.TRUST_PROXY !== false);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(rateLimit, {
      ...guards.rateLimit,
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        retryAfterSeconds: context.ttl / 1000,
      }),
    });
    services = await createServices(config, database, app.log, guards, options);
    registerHealthCheck(app, database, services.market.role);
    registerLivenessCheck(app);
    registerReadinessCheck(app, {
      database,
      snapshot: services.market.snapshot,
      redis: openReadinessRedis(app, config),
    });
    registerLegalDocuments(app, config.DATA_DIR);
    registerLogos(app, services.market.provider);
    await app.register(websocket, { options: { maxPayload: 65_536 } });
    registerUploadedImages(app, services.avatars.storage, config.RATE_LIMIT_PER_MINUTE);
    if (services.outbox) registerDevOutboxPage(app, services.outbox);
    await app.register(gatewayPlugin, {
      prefix: GATEWAY_BASE_PATH,
      appId: config.APP_ID,
      appSecret: config.APP_SECRET,
      replayGuard: guards.replayGuard,
      authenticator: services.authenticator,
      handlers: services.handlers,
      upload: services.upload,
      bodyLimit: config.BODY_LIMIT_BYTES,
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      costBudget: new CallerCostBudget(
        {
          refillMsPerSecond: config.COST_BUDGET_MS_PER_SECOND,
          burstMs: config.COST_BUDGET_BURST_MS,
          concurrentCalls: config.COST_BUDGET_CONCURRENT_CALLS,
        },
        options.now,
      ),
      blockedRegions: config.BLOCKED_REGIONS,
      countryHeader: config.COUNTRY_HEADER,
      ...(options.now ? { now: options.now } : {}),
    });
    const { snapshot } = services.market;
    const now = options.now ?? Date.now;
    const generation = () => `${snapshot.version}:${snapshot.isStale(now())}`;
    const gate = openApiGate(app, services.apiKeys);
    await app.register(openApiPlugin, {
      prefix: OPEN_API_V3_PATH,
      generation,
      routes: services.coinGeckoRoutes,
      keys: services.apiKeys,
      gate,
    });
    await app.register(openApiPlugin, {
      prefix: OPEN_API_V1_PATH,
      generation,
      routes: services.coinlensRoutes,
      keys: services.apiKeys,
      gate,
      audit: new AuditRunner({ totalBytes: 256 * 2 ** 20, files: 2_000, timeoutMs: 120_000 }),
    });
    registerOpenApiReference(app, [
      { prefix: '/v3', routes: services.coinGeckoRoutes },
      { prefix: '/v1', routes: services.coinlensRoutes, audit: true },
    ]);
    await services.market.live.start(app, GATEWAY_BASE_PATH);
    await registerStaticSite(app, config.WEB_DIST_DIR, {
      app_id: config.APP_ID,
      app_secret: config.APP_SECRET,
      frame_origins: config.FRAME_ORIGINS,
    });
    await services.market.role.start(AbortSignal.timeout(config.MARKET_START_TIMEOUT_MS));
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not Found' }));
    app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status =
        error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      if (status === 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: status === 500 ? 'Internal Server Error' : 'Bad Request' });
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, database, services };
}
