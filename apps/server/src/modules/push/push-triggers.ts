import type { LocalisedText } from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { PublishedArticle } from '../content/article-publisher.js';
import { coinOfLink } from '../inbox/coin-link.js';
import type { DeliveredMessage } from '../inbox/inbox.service.js';
import type { PushNotice, PushService } from './push.service.js';

type Texts = Partial<LocalisedText>;

/**
 * The push for an inbox message: a tap opens the message (push type message), or the coin of a message
 * that links to one (a coin alert: type coin).
 */
export function messageNotice(id: number, title: Texts, body: Texts, link?: string | null): PushNotice {
  const coinId = coinOfLink(link);
  if (coinId !== null) return { title, body, type: 'coin', extras: { information_id: String(id), coinId } };
  return { title, body, type: 'message', extras: { information_id: String(id), pageType: 'message' } };
}

/** The push for a breaking flash: a tap opens the flash (type news). */
export function breakingNotice(id: number, title: Texts, summary: Texts): PushNotice {
  return {
    title,
    body: summary,
    type: 'news',
    extras: { information_id: String(id), newsId: String(id), newsType: 'fastnews' },
    urgency: 'high',
  };
}

/**
 * What sends a push: a new inbox message (to its user, or everyone for a notice), and a breaking flash (to
 * everyone with breaking news on). Followed-coin alerts arrive as inbox messages, under their own switch.
 * Delivery runs in the background: a slow push service never holds up the event that caused it.
 */
export function connectPushTriggers(push: PushService, log: FastifyBaseLogger) {
  const background = (work: Promise<number>) =>
    void work.catch((error: unknown) => log.warn({ err: error }, 'push delivery failed'));
  return {
    inboxMessage(message: DeliveredMessage): void {
      const notice = messageNotice(message.id, message.draft.title, message.draft.body, message.draft.link);
      background(
        message.draft.userId === null
          ? push.toEveryone('inbox', notice)
          : push.toUser(message.draft.userId, message.draft.pushTopic ?? 'inbox', notice),
      );
    },
    breakingFlash(article: PublishedArticle): void {
      if (!article.draft.important || article.draft.kind !== 'fastnews') return;
      background(
        push.toEveryone('breaking', breakingNotice(article.id, article.draft.title, article.draft.summary)),
      );
    },
  };
}
