import { COIN_SORT_KEYS } from '@coinlens/contract';
import type { CoinTick, GlobalTick, LiveEvent } from '@coinlens/contract';

import type { TickContext } from './tick-context.js';
import { changedFields } from './tick-view.js';

function isListTopic(topic: string): boolean {
  return topic.startsWith('list:');
}

/** A list topic whose sort key the coin list knows. */
export function isServableTopic(topic: string): boolean {
  if (!isListTopic(topic)) return true;
  const sort = topic.split(':')[1] ?? '';
  return (COIN_SORT_KEYS as readonly string[]).includes(sort);
}

/**
 * One client's subscriptions and what it was last sent, so each tick sends only what changed for it.
 */
export class LiveSession {
  private readonly topics = new Set<string>();
  private currency = 'usd';
  private readonly sentCoins = new Map<string, CoinTick>();
  private readonly sentLists = new Map<string, string[]>();
  private sentGlobal: GlobalTick | undefined;

  get topicCount(): number {
    return this.topics.size;
  }

  /** Adds topics and answers their snapshots; a currency change resends everything in the new currency. */
  subscribe(topics: readonly string[], currency: string | undefined, tick: TickContext): LiveEvent[] {
    if (currency && currency !== this.currency) {
      this.currency = currency;
      this.sentCoins.clear();
      this.sentGlobal = undefined;
      for (const topic of topics) this.topics.add(topic);
      return [...this.topics].map((topic) => this.snapshotOf(topic, tick));
    }
    // A repeated subscription answers a fresh snapshot too: that is how a client resynchronises.
    for (const topic of topics) this.topics.add(topic);
    return topics.map((topic) => this.snapshotOf(topic, tick));
  }

  unsubscribe(topics: readonly string[]): void {
    for (const topic of topics) {
      this.topics.delete(topic);
      this.sentLists.delete(topic);
      if (topic === 'global') this.sentGlobal = undefined;
    }
    const watched = this.watchedCoinIds();
    for (const id of this.sentCoins.keys()) if (!watched.has(id)) this.sentCoins.delete(id);
  }

  /** The events of one tick for this client: changed list memberships, changed coin fields, changed globals. */
  update(tick: TickContext): LiveEvent[] {
    const events: LiveEvent[] = [];
    for (const topic of this.topics) {
      if (!isListTopic(topic)) continue;
      const ids = tick.listIds(topic);
      const previous = this.sentLists.get(topic);
      if (!previous || previous.length !== ids.length || previous.some((id, index) => id !== ids[index])) {
        this.sentLists.set(topic, ids);
        events.push({ type: 'list', topic, ids });
      }
    }
    for (const id of this.watchedCoinIds(tick)) {
      const next = tick.coin(this.currency, id);
      if (!next) continue;
      const changes = changedFields(this.sentCoins.get(id), next);
      if (Object.keys(changes).length > 0) {
        this.sentCoins.set(id, next);
        events.push({ type: 'coin', id, changes });
      }
    }
    if (this.topics.has('global')) {
      const next = tick.global(this.currency);
      const changes = changedFields(this.sentGlobal, next);
      if (Object.keys(changes).length > 0) {
        this.sentGlobal = next;
        events.push({ type: 'global', changes });
      }
    }
    return events;
  }

  private snapshotOf(topic: string, tick: TickContext): LiveEvent {
    if (topic === 'global') {
      this.sentGlobal = tick.global(this.currency);
      return { type: 'snapshot', topic, global: this.sentGlobal };
    }
    const ids = isListTopic(topic) ? tick.listIds(topic) : [topic.slice('coin:'.length)];
    if (isListTopic(topic)) this.sentLists.set(topic, ids);
    const coins: Record<string, CoinTick> = {};
    for (const id of ids) {
      const coin = tick.coin(this.currency, id);
      if (!coin) continue;
      coins[id] = coin;
      this.sentCoins.set(id, coin);
    }
    return { type: 'snapshot', topic, coins, ...(isListTopic(topic) ? { ids } : {}) };
  }

  private watchedCoinIds(tick?: TickContext): Set<string> {
    const ids = new Set<string>();
    for (const topic of this.topics) {
      if (topic.startsWith('coin:')) ids.add(topic.slice('coin:'.length));
      else if (isListTopic(topic)) for (const id of tick ? tick.listIds(topic) : (this.sentLists.get(topic) ?? [])) ids.add(id);
    }
    return ids;
  }
}
