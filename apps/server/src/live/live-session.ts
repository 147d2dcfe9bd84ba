import type { CoinTick, GlobalTick, LiveEvent } from '@coinlens/contract';

import { isListTopic, topicCoinCount } from './live-topic.js';
import type { TickContext } from './tick-context.js';
import { changedFields } from './tick-view.js';

/** What a client subscribed to and what it was last sent. */
interface SessionState {
  topics: Set<string>;
  currency: string;
  sentCoins: Map<string, CoinTick>;
  sentLists: Map<string, string[]>;
  sentGlobal: GlobalTick | undefined;
  /** Time of the tick the state was last brought up to date with; null right after a change of topics. */
  syncedAt: number | null;
}

function copyState(state: SessionState): SessionState {
  return {
    topics: new Set(state.topics),
    currency: state.currency,
    sentCoins: new Map(state.sentCoins),
    sentLists: new Map(state.sentLists),
    sentGlobal: state.sentGlobal,
    syncedAt: state.syncedAt,
  };
}

/**
 * One client's subscriptions and what it was last sent, so each tick sends only what changed for it.
 * After a tick, two sessions with the same topics and currency that were in sync hold identical state, so the
 * hub computes their frame once and the others adopt it (the state is shared, copied before any change).
 */
export class LiveSession {
  private state: SessionState = {
    topics: new Set(),
    currency: 'usd',
    sentCoins: new Map(),
    sentLists: new Map(),
    sentGlobal: undefined,
    syncedAt: null,
  };
  private shared = false;
  /** Currency and sorted topics, rebuilt only when they change (read for every client on every tick). */
  private subscriptionKey: string | null = null;

  get topicCount(): number {
    return this.state.topics.size;
  }

  /** How many topics the session would hold after subscribing to `topics`. */
  topicCountWith(topics: readonly string[]): number {
    const held = this.state.topics;
    return held.size + new Set(topics.filter((topic) => !held.has(topic))).size;
  }

  /** Coins the session watches, a list page counting its page size: its share of its address's coin budget. */
  get coinCount(): number {
    let coins = 0;
    for (const topic of this.state.topics) coins += topicCoinCount(topic);
    return coins;
  }

  /** The coin count after subscribing to `topics` (topics already held count once). */
  coinCountWith(topics: readonly string[]): number {
    const held = this.state.topics;
    let coins = this.coinCount;
    for (const topic of new Set(topics)) if (!held.has(topic)) coins += topicCoinCount(topic);
    return coins;
  }

  /** Sessions with equal keys hold equal state and get equal frames; null when not in sync with a tick. */
  groupKey(): string | null {
    if (this.state.syncedAt === null) return null;
    this.subscriptionKey ??= `${this.state.currency}|${[...this.state.topics].sort().join(',')}`;
    return `${this.state.syncedAt}|${this.subscriptionKey}`;
  }

  /** Adds topics and answers their snapshots; a currency change resends everything in the new currency. */
  subscribe(topics: readonly string[], currency: string | undefined, tick: TickContext): LiveEvent[] {
    const state = this.ownState();
    state.syncedAt = null;
    this.subscriptionKey = null;
    let resend = topics;
    if (currency && currency !== state.currency) {
      state.currency = currency;
      state.sentCoins.clear();
      state.sentGlobal = undefined;
      resend = [...new Set([...state.topics, ...topics])];
    }
    // A repeated subscription answers a fresh snapshot too: that is how a client resynchronises.
    for (const topic of topics) state.topics.add(topic);
    return resend.map((topic) => this.snapshotOf(topic, tick));
  }

  unsubscribe(topics: readonly string[]): void {
    const state = this.ownState();
    state.syncedAt = null;
    this.subscriptionKey = null;
    for (const topic of topics) {
      state.topics.delete(topic);
      state.sentLists.delete(topic);
      if (topic === 'global') state.sentGlobal = undefined;
    }
    const watched = this.watchedCoinIds(null);
    for (const id of state.sentCoins.keys()) if (!watched.has(id)) state.sentCoins.delete(id);
  }

  /** The events of one tick for this client: changed list memberships, changed coin fields, changed globals. */
  update(tick: TickContext): LiveEvent[] {
    const state = this.state;
    const events: LiveEvent[] = [];
    for (const topic of state.topics) {
      if (!isListTopic(topic)) continue;
      const ids = tick.listIds(topic);
      const previous = state.sentLists.get(topic);
      if (!previous || previous.length !== ids.length || previous.some((id, index) => id !== ids[index])) {
        state.sentLists.set(topic, ids);
        events.push({ type: 'list', topic, ids });
      }
    }
    for (const id of this.watchedCoinIds(tick)) {
      const next = tick.coin(state.currency, id);
      if (!next) continue;
      const changes = changedFields(state.sentCoins.get(id), next);
      if (Object.keys(changes).length > 0) {
        state.sentCoins.set(id, next);
        events.push({ type: 'coin', id, changes });
      }
    }
    if (state.topics.has('global')) {
      const next = tick.global(state.currency);
      const changes = changedFields(state.sentGlobal, next);
      if (Object.keys(changes).length > 0) {
        state.sentGlobal = next;
        events.push({ type: 'global', changes });
      }
    }
    state.syncedAt = tick.time;
    return events;
  }

  /** Takes over the state of a session of the same group that has just been updated for this tick. */
  adopt(leader: LiveSession): void {
    this.state = leader.state;
    this.subscriptionKey = leader.subscriptionKey;
    this.shared = true;
    leader.shared = true;
  }

  /**
   * Stops sharing state with the other sessions of its group, before a tick it sits out: their update must not
   * mark as sent what this client never got.
   */
  detach(): void {
    this.ownState();
  }

  private ownState(): SessionState {
    if (this.shared) {
      this.state = copyState(this.state);
      this.shared = false;
    }
    return this.state;
  }

  private snapshotOf(topic: string, tick: TickContext): LiveEvent {
    const state = this.state;
    if (topic === 'global') {
      state.sentGlobal = tick.global(state.currency);
      return { type: 'snapshot', topic, global: state.sentGlobal };
    }
    const ids = isListTopic(topic) ? tick.listIds(topic) : [topic.slice('coin:'.length)];
    if (isListTopic(topic)) state.sentLists.set(topic, ids);
    const coins: Record<string, CoinTick> = {};
    for (const id of ids) {
      const coin = tick.coin(state.currency, id);
      if (!coin) continue;
      coins[id] = coin;
      state.sentCoins.set(id, coin);
    }
    return { type: 'snapshot', topic, coins, ...(isListTopic(topic) ? { ids } : {}) };
  }

  private watchedCoinIds(tick: TickContext | null): Set<string> {
    const ids = new Set<string>();
    for (const topic of this.state.topics) {
      if (topic.startsWith('coin:')) ids.add(topic.slice('coin:'.length));
      else if (isListTopic(topic))
        for (const id of tick ? tick.listIds(topic) : (this.state.sentLists.get(topic) ?? [])) ids.add(id);
    }
    return ids;
  }
}
