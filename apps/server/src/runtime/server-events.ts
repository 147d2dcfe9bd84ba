import type { AccountEvent } from '../modules/accounts/accounts.service.js';
import type { PublishedArticle } from '../modules/content/article-publisher.js';
import type { DeliveredMessage } from '../modules/inbox/inbox.service.js';
import { EventBus, type EventFailureLog, type EventSink } from './event-bus.js';

/**
 * Every flow from one room of the server to another, by name (docs/architecture.md, "Events", says who emits
 * and who listens). A room announces on this map; the rooms that react subscribe in their own runtime factory.
 */
export interface ServerEvents {
  /** This instance's ingest published a tick (or recomputed metrics): these coins changed. */
  'market.ticked': { changedCoinIds: readonly string[] };
  /** A follower applied a message of the leader's snapshot stream (production mode). */
  'market.followed': void;
  /** A new-device sign-in or a password change. */
  'account.changed': AccountEvent;
  /** An article (a flash or a news item) was stored for the first time. */
  'article.published': PublishedArticle;
  /** An inbox message was stored for the first time (its dedupe key had not been used). */
  'inbox.delivered': DeliveredMessage;
}

export type ServerEventBus = EventBus<ServerEvents>;

/** What a producer may announce: only its own events. */
export type ServerEventSink<Name extends keyof ServerEvents> = EventSink<Pick<ServerEvents, Name>>;

/** What a room that reacts may subscribe to. */
export type ServerEventSource = Pick<ServerEventBus, 'on'>;

export function createServerEvents(log: EventFailureLog): ServerEventBus {
  return new EventBus<ServerEvents>(log);
}
