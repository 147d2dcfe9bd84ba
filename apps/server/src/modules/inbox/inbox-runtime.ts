import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { ServerEventBus } from '../../runtime/server-events.js';
import { inboxProcedures } from './inbox.procedures.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService, type CoinFollowers } from './inbox.service.js';
import { accountEventMessage } from './system-messages.js';

export interface InboxRuntime {
  service: InboxService;
  handlers: ReturnType<typeof inboxProcedures>;
}

/**
 * The message centre, built once by the composition root: account events become system messages, a score-flag
 * flash a message to each follower of its coin; every message it stores is announced (`inbox.delivered`).
 */
export function createInboxRuntime(deps: {
  db: Kysely<Database>;
  events: ServerEventBus;
  /** Who follows a coin (the coin watchlist). */
  followers: CoinFollowers;
  now: () => number;
}): InboxRuntime {
  const { events } = deps;
  const service = new InboxService(new InboxRepository(deps.db), events, deps.now);
  events.on('account.changed', async (event) => {
    await service.send(accountEventMessage(event));
  });
  events.on('article.published', (article) => service.alertCoinFollowers(article, deps.followers));
  return { service, handlers: inboxProcedures(service) };
}
