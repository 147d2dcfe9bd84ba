import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { GATEWAY_BASE_PATH } from '@coinlens/contract';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import type { DatabaseHandle } from './db/database.js';
import { visitorsOnly } from './gateway/authenticator.js';
import { gatewayPlugin } from './gateway/gateway-plugin.js';
import type { ProcedureHandlers } from './gateway/procedure-registry.js';
import { MemoryReplayGuard } from './gateway/replay-guard.js';
import { registerHealthCheck } from './http/health.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStaticSite } from './http/static-site.js';
import { appProcedures } from './modules/app/app.procedures.js';
import { AppRepository } from './modules/app/app.repository.js';
import { AppService } from './modules/app/app.service.js';

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

export interface BuildOptions {
  /** Clock for signature windows; tests move it. */
  now?: () => number;
}

function buildHandlers(config: AppConfig, database: DatabaseHandle): ProcedureHandlers {
  const appService = new AppService(
    {
      appId: config.APP_ID,
      website: config.APP_WEBSITE,
      contact: { email: config.CONTACT_EMAIL, telegram: config.CONTACT_TELEGRAM, x: config.CONTACT_X },
    },
    new AppRepository(database.db),
  );
  return {
    ...appProcedures(appService),
  };
}

/** Builds the whole server (not yet listening): database, security headers, gateway, static web app. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.accesstoken', 'req.headers.refreshtoken', 'req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    disableRequestLogging: false,
  });
  app.addHook('onClose', () => database.close());

  try {
    await registerSecurityHeaders(app);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, retryAfterSeconds: context.ttl / 1000 }),
    });
    registerHealthCheck(app, database);
    await app.register(gatewayPlugin, {
      prefix: GATEWAY_BASE_PATH,
      appId: config.APP_ID,
      appSecret: config.APP_SECRET,
      replayGuard: new MemoryReplayGuard(options.now),
      authenticator: visitorsOnly,
      handlers: buildHandlers(config, database),
      bodyLimit: config.BODY_LIMIT_BYTES,
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      blockedRegions: config.BLOCKED_REGIONS,
      countryHeader: config.COUNTRY_HEADER,
      ...(options.now ? { now: options.now } : {}),
    });
    await registerStaticSite(app, config.WEB_DIST_DIR);
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not Found' }));
    app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: status === 500 ? 'Internal Server Error' : 'Bad Request' });
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, database };
}
