import { describe, expect, it } from 'vitest';

import { createServerEvents } from '../../runtime/server-events.js';
import type { ArticleDraft, PublishedArticle } from '../content/article-publisher.js';
import type { InboxRepository, NewInboxMessage } from './inbox.repository.js';
import type { InboxMessageDraft } from './inbox-message-draft.js';
import { InboxService } from './inbox.service.js';

const NOW = Date.UTC(2026, 10, 25, 4, 30);

/** An inbox over a repository that keeps what it is given in memory. */
function inboxWithMemory() {
  const stored: NewInboxMessage[] = [];
  const repository = {
    insert: (message: NewInboxMessage) => Promise.resolve(stored.push(message)),
  } as unknown as InboxRepository;
  const delivered: InboxMessageDraft[] = [];
  const events = createServerEvents({ warn: () => undefined });
  events.on('inbox.delivered', (message) => void delivered.push(message.draft));
  const inbox = new InboxService(repository, events, () => NOW);
  return { inbox, delivered };
}

function article(originKey: string, coinIds: string[]): PublishedArticle {
  const draft: ArticleDraft = {
    kind: 'fastnews',
    origin: 'market',
    originKey,
    title: { en: 'Coinlens score flag: WASH' },
    summary: { en: 'Most of its volume is on low-integrity venues.' },
    body: { en: '' },
    sourceName: 'Coinlens',
    sourceUrl: null,
    imageUrl: null,
    important: false,
    publishedAt: NOW,
    coinIds,
  };
  return { id: 7, draft, coinIds };
}

/** Followers by coin; remembers which coins were asked about. */
function watchlist(followersByCoin: Record<string, number[]>) {
  const asked: string[] = [];
  return {
    asked,
    followers: (coinId: string) => {
      asked.push(coinId);
      return Promise.resolve(followersByCoin[coinId] ?? []);
    },
  };
}

describe('InboxService.alertCoinFollowers', () => {
  it('sends each follower of a flagged coin a coin alert', async () => {
    const { inbox, delivered } = inboxWithMemory();
    const flag = article('flag:washed:suspicious_volume:2026-11-25', ['washed', 'bitcoin']);
    await inbox.alertCoinFollowers(flag, watchlist({ washed: [3, 5], bitcoin: [9] }));
    expect(delivered.map((draft) => draft.userId)).toEqual([3, 5]);
    expect(delivered[0]).toMatchObject({
      category: 'system',
      link: 'web+coinlens:coin?id=washed',
      pushTopic: 'coin_alerts',
      dedupeKey: 'flag:washed:suspicious_volume:2026-11-25:user:3:2026-11-25',
    });
  });

  it('leaves other flashes and flags about no coin to the news', async () => {
    const { inbox, delivered } = inboxWithMemory();
    const followers = watchlist({ washed: [3] });
    await inbox.alertCoinFollowers(article('move:washed:2026-11-25:up', ['washed']), followers);
    await inbox.alertCoinFollowers(article('flag:washed:suspicious_volume:2026-11-25', []), followers);
    expect(delivered).toEqual([]);
    expect(followers.asked).toEqual([]);
  });
});
