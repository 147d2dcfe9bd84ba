import type { LocalisedText } from '@coinlens/contract';

import type { ServerEventSource } from '../../runtime/server-events.js';
import { coinOfLink } from '../inbox/coin-link.js';
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
 * Delivery runs in the background: the bus does not wait for it, so a slow push service never holds up the
 * event that caused it, and a failure is logged there.
 */
export function subscribePushTriggers(push: PushService, events: ServerEventSource): void {
  events.on('inbox.delivered', async ({ id, draft }) => {
    const notice = messageNotice(id, draft.title, draft.body, draft.link);
    await (draft.userId === null
      ? push.toEveryone('inbox', notice)
      : push.toUser(draft.userId, draft.pushTopic ?? 'inbox', notice));
  });
  events.on('article.published', async ({ id, draft }) => {
    if (!draft.important || draft.kind !== 'fastnews') return;
    await push.toEveryone('breaking', breakingNotice(id, draft.title, draft.summary));
  });
}
