import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { ServerEventSource } from '../../runtime/server-events.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import { loadOrCreateValue } from '../../security/server-secrets.js';
import { pushProcedures } from './push.procedures.js';
import { PushRepository } from './push.repository.js';
import { PushService } from './push.service.js';
import { subscribePushTriggers } from './push-triggers.js';
import { loadOrCreateVapidKeys } from './vapid-keys.js';
import { WebPushSender, type PushSender } from './web-push-sender.js';

export interface PushRuntime {
  service: PushService;
  handlers: ReturnType<typeof pushProcedures>;
}

/** Web Push, built once by the composition root: it sends new inbox messages and breaking flashes on. */
export async function createPushRuntime(deps: {
  db: Kysely<Database>;
  events: ServerEventSource;
  limiter: AttemptLimiter;
  /** The VAPID subject (PUSH_SUBJECT). */
  subject: string;
  /** Replaces the Web Push sender (tests). */
  sender?: PushSender;
  log: FastifyBaseLogger;
  now: () => number;
}): Promise<PushRuntime> {
  const { db } = deps;
  const vapid = await loadOrCreateVapidKeys({
    getOrCreate: (name, create) => loadOrCreateValue(db, name, create),
  });
  const service = new PushService(
    new PushRepository(db),
    deps.sender ?? new WebPushSender(vapid, deps.subject),
    vapid,
    deps.log,
    deps.now,
    deps.limiter,
  );
  subscribePushTriggers(service, deps.events);
  return { service, handlers: pushProcedures(service) };
}
